import { fromBinary } from "@bufbuild/protobuf";
import { AckPolicy, DeliverPolicy, type JsMsg, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { type ReadingEvents, ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { ensureStreams, eventTypeHeader, type Logger, type NatsConnection, streams, subjects } from "@turnleaf/kit";
import type { StatisticsRepository } from "../data/statistics.repository.js";
import { foldBeacons } from "../domain/buckets.js";

export const readingConsumerName = "insight-reading";

export interface RunningReadingConsumer {
  stop(): Promise<void>;
}

/**
 * Folds the readers' beacons (insight.v1.book.<id>.read) into the daily buckets in batches: up to `batchSize`
 * messages are fetched, folded into one delta per book and day, written as a handful of $inc upserts and then
 * acknowledged together. A failed write leaves the batch unacknowledged: JetStream delivers it again (at least
 * once: a crash between the write and the acks counts that batch twice). Undecodable messages are dropped.
 */
export async function runReadingConsumer(
  nats: NatsConnection,
  statistics: StatisticsRepository,
  log: Logger,
  options: { batchSize?: number; durable?: string } = {},
): Promise<RunningReadingConsumer> {
  await ensureStreams(nats, [streams.insight]);
  const durable = options.durable ?? readingConsumerName;
  const batchSize = options.batchSize ?? 1000;
  const manager = await jetstreamManager(nats);
  const config = {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subjects: [subjects.bookRead("*")],
    ack_wait: 60_000 * 1_000_000,
    max_ack_pending: batchSize * 4,
  };
  try {
    await manager.consumers.info(streams.insight.name, durable);
    await manager.consumers.update(streams.insight.name, durable, config);
  } catch (error) {
    if ((error as { name?: string }).name !== "ConsumerNotFoundError") throw error;
    await manager.consumers.add(streams.insight.name, config);
  }
  const consumer = await jetstream(nats).consumers.get(streams.insight.name, durable);
  let running = true;

  const decode = (message: JsMsg): ReadingEvents | null => {
    if (message.headers?.get(eventTypeHeader) !== ReadingEventsSchema.typeName) return null;
    try {
      return fromBinary(ReadingEventsSchema, message.data);
    } catch {
      return null;
    }
  };

  const loop = (async () => {
    while (running) {
      const batch: JsMsg[] = [];
      try {
        const messages = await consumer.fetch({ max_messages: batchSize, expires: 1_000 });
        for await (const message of messages) batch.push(message);
        if (batch.length === 0) continue;
        const beacons: ReadingEvents[] = [];
        for (const message of batch) {
          const beacon = decode(message);
          if (beacon) beacons.push(beacon);
          else log.warn({ subject: message.subject }, "undecodable reading beacon dropped");
        }
        await statistics.apply(foldBeacons(beacons));
        for (const message of batch) message.ack();
      } catch (error) {
        log.warn({ err: error, messages: batch.length }, "reading batch failed; it is delivered again");
        for (const message of batch) message.nak(2_000);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  })();

  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
