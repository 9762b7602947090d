import { BookReadySchema } from "@turnleaf/contracts/book/v1/book_events_pb";
import {
  ConversionJobProgressedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { Logger, NatsConnection, RunningConsumer } from "@turnleaf/kit";
import { ensureStreams, streams, subjects } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import { conversionFailed, conversionReady } from "../domain/conversion-status.js";
import { runBookConsumer } from "./book-consumer.js";

export const readyConsumerName = "book-ready";
export const conversionConsumerName = "book-conversion";

export interface ConversionConsumerOptions {
  /** Durable names (tests use their own): `<prefix>-ready` and `<prefix>-conversion`. */
  durablePrefix?: string;
  retryDelayMs?: number;
  /** Runs before a ready revision is switched to (a page edit moves the TOC, bookmarks and media items). */
  beforeReady?: (bookId: string, revision: number) => Promise<void>;
}

/**
 * Follows the conversions (durable pull consumers, explicit acks, idempotent handlers):
 * - `book-ready` (stream BOOK, `book.v1.book.*.ready`, BookReady): the revision finished; the book takes its page
 *   count and, when it is the newest revision, leaves "processing";
 * - `book-conversion` (stream CONVERSION, `conversion.v1.job.*.progress`): only the FAILED state counts, the
 *   worker's final word on a job (a JobFailure, or the last delivery of a failing job, published before the job is
 *   dead-lettered); the newest revision failing puts a book without finished pages in "error".
 * Events for books that no longer exist are acknowledged and dropped; after 10 failed deliveries an event goes to
 * the stream's dead-letter subject.
 */
export async function runConversionConsumers(
  nats: NatsConnection,
  books: BookRepository,
  log: Logger,
  options: ConversionConsumerOptions = {},
): Promise<RunningConsumer> {
  await ensureStreams(nats, [streams.book, streams.conversion]);
  const readyDurable = options.durablePrefix ? `${options.durablePrefix}-ready` : readyConsumerName;
  const conversionDurable = options.durablePrefix ? `${options.durablePrefix}-conversion` : conversionConsumerName;
  const ready = await runBookConsumer(nats, log, {
    stream: streams.book,
    durable: readyDurable,
    subject: subjects.bookReady("*"),
    schema: BookReadySchema,
    retryDelayMs: options.retryDelayMs,
    async handle(event) {
      await options.beforeReady?.(event.bookId, event.revision);
      const outcome = await books.updateConversion(event.bookId, (book) =>
        conversionReady(book, event.revision, event.pageCount),
      );
      log.info({ bookId: event.bookId, revision: event.revision, outcome }, "book revision ready");
    },
  });
  // Dead letters go to conversion.v1.dead.<durable> (the kit's subjects.conversionDeadLetter).
  const failed = await runBookConsumer(nats, log, {
    stream: streams.conversion,
    durable: conversionDurable,
    subject: subjects.conversionJobProgress("*"),
    schema: ConversionJobProgressedSchema,
    retryDelayMs: options.retryDelayMs,
    async handle(event) {
      if (event.state !== ConversionJobState.FAILED || event.bookId === "") return;
      const outcome = await books.updateConversion(event.bookId, (book) =>
        conversionFailed(book, event.revision, event.message),
      );
      log.info({ bookId: event.bookId, revision: event.revision, jobId: event.jobId, outcome }, "book revision failed");
    },
  });
  return {
    stop: async () => {
      await Promise.all([ready.stop(), failed.stop()]);
    },
  };
}
