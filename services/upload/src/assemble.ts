import type { BookPagesService } from "@turnleaf/contracts/book/v1/book_pages_pb";
import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { Connection, Logger, NatsConnection, S3Client, TypedClient } from "@turnleaf/kit";
import { UploadOutcomeRepository, UploadTaskRepository, UploadWriteRepository } from "./data/upload.repositories.js";
import type { UploadAllowance } from "./domain/upload-allowance.js";
import { UploadEvents } from "./events/upload-events.js";
import { UploadDesk, type UploadDeskSettings } from "./handlers/upload-desk.js";
import { SourceStore } from "./sources/source-store.js";

/** Wires the upload desk to its stores and peers; the unique indexes must exist before any call. */
export async function assembleUploadDesk(input: {
  mongo: Connection;
  nats: NatsConnection;
  s3: S3Client;
  bucket: string;
  book: TypedClient<typeof BookService>;
  /** The book service's page edits (inserting pages); without it inserts answer UNAVAILABLE at completion. */
  bookPages?: TypedClient<typeof BookPagesService>;
  settings: UploadDeskSettings;
  log: Logger;
  /** The power limits (free users, BOOK_FILE_NUM / PUB_BOOK_NUM, the unpaid warning): powerUploadAllowance. */
  allowance: UploadAllowance;
  now?: () => Date;
}): Promise<UploadDesk> {
  const repositories = {
    tasks: new UploadTaskRepository(input.mongo),
    writes: new UploadWriteRepository(input.mongo),
    outcomes: new UploadOutcomeRepository(input.mongo),
  };
  await Promise.all(Object.values(repositories).map((repository) => repository.ensureIndexes()));
  return new UploadDesk({
    ...repositories,
    store: new SourceStore(input.s3, input.bucket),
    events: new UploadEvents(input.nats),
    book: input.book,
    bookPages: input.bookPages,
    allowance: input.allowance,
    settings: input.settings,
    log: input.log,
    now: input.now ?? (() => new Date()),
  });
}

/** Runs the expiry sweep every interval; answers a stop function for shutdown. */
export function startExpirySweep(desk: UploadDesk, intervalMs: number, log: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = desk.expireUnfinished().catch((error: unknown) => log.warn({ err: error }, "upload expiry sweep failed"));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
