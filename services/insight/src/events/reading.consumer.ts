import { randomBytes } from "node:crypto";
import { fromBinary } from "@bufbuild/protobuf";
import { AckPolicy, DeliverPolicy, type JsMsg, jetstream, jetstreamManager } from "@nats-io/jetstream";
import {
  type ReadingEvents,
  ReadingEventsBatchSchema,
  ReadingEventsSchema,
} from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { ensureStreams, eventTypeHeader, type Logger, type NatsConnection, streams, subjects } from "@turnleaf/kit";
import {
  type FoldJournalRepository,
  fromJournal,
  type JournalEntry,
  toJournal,
} from "../data/fold-journal.repository.js";
import { markerSlots, type StatisticsRepository } from "../data/statistics.repository.js";
import { foldBeacons } from "../domain/buckets.js";

export const readingConsumerName = "insight-reading";

export interface RunningReadingConsumer {
  stop(): Promise<void>;
}

const minuteMs = 60_000;

/**
 * Folds the readers' beacons (insight.v1.book.<id>.read: one per message, or a book's beacons the gateway gathered
 * into one `ReadingEventsBatch`) into the statistics, each beacon once. Up to `batchSize` messages at a time (as many
 * as have arrived; the next ones arrive while a batch is written) have their beacons folded into one delta per book
 * and day, written as a handful of $inc upserts, then acknowledged together.
 *
 * Exactly once, as far as the store allows without transactions: a message's id is its sequence in the INSIGHT stream.
 * Before counting, the batch is journaled (its sequences, marker slot and folded deltas); every document it writes
 * carries the batch's id in that slot and is not counted twice for it; then the journal entry is marked done. A
 * process that dies half-way leaves the entry unfinished: the next start redoes it from the journal (the same
 * deltas, the documents already written skipped), and its beacons, delivered again, are only acknowledged. A
 * redelivered beacon of a done batch (its acknowledgement was lost) is only acknowledged too. Undecodable messages
 * are dropped.
 */
export async function runReadingConsumer(
  nats: NatsConnection,
  statistics: StatisticsRepository,
  journal: FoldJournalRepository,
  log: Logger,
  options: { batchSize?: number; durable?: string; ackWaitSeconds?: number } = {},
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
    ack_wait: (options.ackWaitSeconds ?? 60) * 1_000_000_000,
    max_ack_pending: batchSize * 4,
  };
  try {
    await manager.consumers.info(streams.insight.name, durable);
    await manager.consumers.update(streams.insight.name, durable, config);
  } catch (error) {
    if ((error as { name?: string }).name !== "ConsumerNotFoundError") throw error;
    await manager.consumers.add(streams.insight.name, config);
  }
  let slot = randomBytes(1)[0] ?? 0;

  const redo = async (entry: JournalEntry) => {
    await statistics.apply(fromJournal(entry.deltas), { id: entry._id, slot: entry.slot }, true);
    await journal.finish(entry._id);
    log.info({ batch: entry._id, beacons: entry.seqs.length }, "unfinished reading batch redone");
  };
  // Batches a previous process left half-written are finished before anything new is counted.
  for (const entry of await journal.unfinished()) await redo(entry);

  /** A message's beacons: one (as published before the gateway gathered them) or a gathered batch of one book. */
  const decode = (message: JsMsg): ReadingEvents[] | null => {
    const type = message.headers?.get(eventTypeHeader);
    try {
      if (type === ReadingEventsBatchSchema.typeName) return fromBinary(ReadingEventsBatchSchema, message.data).beacons;
      if (type === ReadingEventsSchema.typeName) return [fromBinary(ReadingEventsSchema, message.data)];
    } catch {
      // undecodable: dropped below
    }
    return null;
  };

  const fold = async (batch: JsMsg[]) => {
    const again = batch.filter((message) => message.redelivered).map((message) => message.seq);
    const journaled = new Set<number>();
    for (const entry of await journal.holding(again)) {
      if (!entry.done) await redo(entry);
      for (const seq of entry.seqs) journaled.add(seq);
    }
    // A beacon can arrive twice in one batch: the server sends it again once its ack wait passes while it waits in
    // the consumer's buffer. Each stream sequence is counted once; every copy is acknowledged.
    const fresh = batch.filter((message) => {
      if (journaled.has(message.seq)) return false;
      journaled.add(message.seq);
      return true;
    });
    const beacons: ReadingEvents[] = [];
    for (const message of fresh) {
      const decoded = decode(message);
      if (decoded) beacons.push(...decoded);
      else log.warn({ subject: message.subject }, "undecodable reading beacon dropped");
    }
    const deltas = foldBeacons(beacons);
    if (deltas.length > 0) {
      slot = (slot + 1) % markerSlots;
      const mark = { id: `${Date.now().toString(36)}${randomBytes(6).toString("hex")}`, slot };
      await journal.begin({
        _id: mark.id,
        slot,
        seqs: fresh.map((message) => message.seq),
        deltas: toJournal(deltas),
      });
      await statistics.apply(deltas, mark);
      await journal.finish(mark.id);
    }
    for (const message of batch) message.ack();
    log.debug({ beacons: batch.length, again: again.length }, "reading batch folded");
  };

  const consumer = await jetstream(nats).consumers.get(streams.insight.name, durable);
  // One pull kept open (renewed every 30 s while no beacon comes): beacons arrive as they are published. Fetches of
  // one second, as before, asked the server again every second of an idle day and held each beacon up to a second.
  const messages = await consumer.consume({ max_messages: batchSize });

  const sweep = setInterval(() => {
    const now = Date.now();
    journal
      .forget(new Date(now - 10 * minuteMs), new Date(now - 24 * 60 * minuteMs))
      .catch((error: unknown) => log.warn({ err: error }, "fold journal sweep failed"));
  }, minuteMs);
  sweep.unref();

  // A batch is folded once it is full or holds every beacon received so far; while it is written the next ones gather
  // in the consumer's buffer, so under load each batch takes what arrived during the last write. (Waiting instead for
  // the stream to report none pending stalled: beacons past the consumer's ack limit are pending but not sent.)
  const loop = (async () => {
    let batch: JsMsg[] = [];
    for await (const message of messages) {
      batch.push(message);
      if (batch.length < batchSize && messages.getPending() > 0) continue;
      const folding = batch;
      batch = [];
      try {
        await fold(folding);
      } catch (error) {
        log.warn({ err: error, messages: folding.length }, "reading batch failed; it is delivered again");
        for (const message of folding) message.nak(2_000);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    // Beacons received but not folded when the consumer closed go back to the stream at once.
    for (const message of batch) message.nak();
  })();

  return {
    stop: async () => {
      clearInterval(sweep);
      await messages.close();
      await loop;
    },
  };
}
