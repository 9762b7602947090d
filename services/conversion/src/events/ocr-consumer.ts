/**
 * OCR of ready books (durable consumer `conversion-ocr`, shared by every replica): the replica that completed a
 * book whose manifest lists `ocrPending` pages publishes one item for it (message id `<jobId>-ocr-r<revision>`);
 * whichever replica takes it prepares the book (sources downloaded), reads those pages (read-scanned-pages.ts)
 * and writes their texts, the search index again and the manifest. A replica reads `concurrency` books at a time;
 * tesseract itself runs at the lowest CPU priority, a few processes per replica (OcrSettings.concurrency). A
 * replica that dies while reading leaves the item to another one after the ack wait, which reads the pages
 * again; a book whose attempts run out keeps its first search index (the text layers only).
 */
import { bookKeys } from "@turnleaf/book-format";
import type { Logger } from "@turnleaf/kit/logger";
import type { NatsConnection, RunningConsumer } from "@turnleaf/kit/nats";
import type { BookStorage } from "../data/book-store.js";
import type { OcrSettings } from "../ocr/tesseract.js";
import type { ConvertSettings } from "../pipeline/prepare-book.js";
import { readScannedPages } from "../pipeline/read-scanned-pages.js";
import type { RenderPool } from "../render/pool.js";
import { type PagesQueueOptions, pagesQueue } from "./pages-queue.js";
import type { PreparedBooks } from "./prepared-books.js";
import { runWorkQueue } from "./work-queue.js";

/** `concurrency`: books read at once by this replica. */
export interface OcrConsumerOptions extends PagesQueueOptions {
  nats: NatsConnection;
  store: BookStorage;
  pool: RenderPool;
  log: Logger;
  settings: ConvertSettings & { ocr: OcrSettings };
  books: PreparedBooks;
}

export function startOcrConsumer(options: OcrConsumerOptions): Promise<RunningConsumer> {
  const { store, pool, log, subjects, books, settings } = options;
  return runWorkQueue(
    options.nats,
    {
      ...pagesQueue(options, subjects.ocrFilter),
      async exhausted(item) {
        log.error({ jobId: item.job?.jobId }, "OCR of a ready book out of attempts: its search keeps the text layers");
      },
      async handle(item, { message }) {
        const job = item.job;
        if (!job) return;
        const bookLog = log.child({ jobId: job.jobId, bookId: job.bookId, revision: job.revision, stage: "ocr" });
        const manifest = await store.getManifest(bookKeys.manifest(job.bookId, job.revision));
        // Gone (the book was deleted or replaced) or read already (a repeated item).
        if (!manifest?.ocrPending?.length) return;
        const keepAlive = () => message.working();
        await books.with(job, item.convertedKeys, { store, log: bookLog, settings, keepAlive }, (book) =>
          readScannedPages(book, { store, pool, log: bookLog, ocr: settings.ocr, keepAlive }),
        );
      },
    },
    log,
  );
}
