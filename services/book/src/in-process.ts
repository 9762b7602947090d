/**
 * The book service for a process that hosts it beside others (the in-process tests): its configuration reader,
 * repositories, file store, event consumers, revision sweep and gRPC services, wired on stores the host gives, and
 * the domain rules the tests check directly (privacy, info.xml, page audio). Exported as
 * `@turnleaf/book/in-process`; importing it starts nothing.
 */

export { readConfig } from "./config.js";
export { BookRepository } from "./data/book.repository.js";
export type { BookDocument } from "./data/book.schema.js";
export { BookCommentRepository } from "./data/book-comment.repository.js";
export { BookContentRepository } from "./data/book-content.repository.js";
export { BookRevisionRepository } from "./data/book-revision.repository.js";
export { FileStore } from "./data/file-store.js";
export { PageAudioRepository } from "./data/page-audio.repository.js";
export { applyPrivacyChange, publicPrivacy } from "./domain/book-privacy.js";
export { parseInfo, serializeInfo } from "./domain/info-xml.js";
export { SpeechRate } from "./domain/page-audio.js";
export { runConversionConsumers } from "./events/conversion.consumer.js";
export { runHostingConsumer } from "./events/hosting.consumer.js";
export { sweepRevisions } from "./events/revision-sweep.js";
export { type BookServiceDependencies, buildServices } from "./server.js";
