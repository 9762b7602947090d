/**
 * The book service for a process that hosts it beside others (the in-process tests): its repositories, file store,
 * hosting consumer, revision sweep and gRPC services, wired on stores the host gives. Exported as
 * `@turnleaf/book/in-process`; importing it starts nothing.
 */

export { BookRepository } from "./data/book.repository.js";
export type { BookDocument } from "./data/book.schema.js";
export { BookContentRepository } from "./data/book-content.repository.js";
export { BookRevisionRepository } from "./data/book-revision.repository.js";
export { FileStore } from "./data/file-store.js";
export { runHostingConsumer } from "./events/hosting.consumer.js";
export { sweepRevisions } from "./events/revision-sweep.js";
export { type BookServiceDependencies, buildServices } from "./server.js";
