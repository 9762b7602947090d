import { BookHostingChangedSchema } from "@turnleaf/contracts/power/v1/power_events_pb";
import type { Logger, NatsConnection, RunningConsumer } from "@turnleaf/kit";
import { ensureStreams, runConsumer, streams, subjects } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";

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
  const durable = options.durable ?? hostingConsumerName;
  return runConsumer(
    nats,
    {
      stream: streams.power.name,
      durable,
      filterSubjects: [subjects.bookHostingChanged("*")],
      schema: BookHostingChangedSchema,
      maxDeliver: 10,
      ackWaitMs: 30_000,
      retryDelayMs: options.retryDelayMs ?? 2_000,
      deadLetterSubject: `power.v1.dead.${durable}`,
      async handle(event, message) {
        const applied = await books.applyHosting(event.bookId, {
          suspended: event.suspended,
          reason: event.suspended ? event.reason.slice(0, 200) : "",
          publishedAt: message.time,
        });
        log.info({ bookId: event.bookId, suspended: event.suspended, applied }, "book hosting changed");
      },
    },
    log,
  );
}
