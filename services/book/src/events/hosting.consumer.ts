import { BookHostingChangedSchema } from "@turnleaf/contracts/power/v1/power_events_pb";
import type { Logger, NatsConnection, RunningConsumer } from "@turnleaf/kit";
import { ensureStreams, streams, subjects } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import { runBookConsumer } from "./book-consumer.js";

export const hostingConsumerName = "book-hosting";

/**
 * Follows the power service's BookHostingChanged events (stream POWER): suspended books close to readers and show
 * "overdue" in the bookcase; a resumed one opens again. Each book remembers when the event it applied last was
 * stored, so a redelivery repeats nothing and an older event redelivered late never overwrites a newer one;
 * an event for a book that no longer exists (deleted) is acknowledged and dropped.
 */
export async function runHostingConsumer(
  nats: NatsConnection,
  books: BookRepository,
  log: Logger,
  options: { durable?: string; retryDelayMs?: number } = {},
): Promise<RunningConsumer> {
  await ensureStreams(nats, [streams.power]);
  return runBookConsumer(nats, log, {
    stream: streams.power,
    durable: options.durable ?? hostingConsumerName,
    subject: subjects.bookHostingChanged("*"),
    schema: BookHostingChangedSchema,
    retryDelayMs: options.retryDelayMs,
    async handle(event, message) {
      const applied = await books.applyHosting(event.bookId, {
        suspended: event.suspended,
        reason: event.suspended ? event.reason.slice(0, 200) : "",
        publishedAt: message.time,
      });
      log.info({ bookId: event.bookId, suspended: event.suspended, applied }, "book hosting changed");
    },
  });
}
