import type { Connection } from "@turnleaf/kit";
import type { BucketDelta } from "../domain/buckets.js";

/**
 * The statistics consumer's journal: one document per batch of beacons, written before any count, holding the
 * batch's stream sequences (each beacon's id in the INSIGHT stream), its marker slot and its folded deltas, and
 * marked done once every count is written. A batch whose process died half-way is redone from here, exactly as it
 * was folded (see ../events/reading.consumer.ts); a redelivered beacon found in a done batch is only acknowledged.
 */
export interface JournalEntry {
  _id: string;
  slot: number;
  seqs: number[];
  /** Counter paths and their increments side by side (the embedded store takes no arrays of arrays). */
  deltas: {
    bookId: string;
    day: string;
    paths: string[];
    counts: number[];
    /** Once-a-day gates and their counter paths (see BucketDelta.once). */
    once?: { gate: string; paths: string[] }[];
    /** Entries journaled before the gates: the day's new reader keys (each a unique reader). */
    readers?: string[];
  }[];
  done: boolean;
  createdAt: Date;
}

export const toJournal = (deltas: BucketDelta[]): JournalEntry["deltas"] =>
  deltas.map((delta) => ({
    bookId: delta.bookId,
    day: delta.day,
    paths: [...delta.inc.keys()],
    counts: [...delta.inc.values()],
    once: [...delta.once].map(([gate, paths]) => ({ gate, paths })),
  }));

export const fromJournal = (deltas: JournalEntry["deltas"]): BucketDelta[] =>
  deltas.map((delta) => ({
    bookId: delta.bookId,
    day: delta.day,
    inc: new Map(delta.paths.map((path, index) => [path, delta.counts[index] ?? 0])),
    once: new Map<string, string[]>([
      ...(delta.readers ?? []).map((reader): [string, string[]] => [reader, ["uniques"]]),
      ...(delta.once ?? []).map(({ gate, paths }): [string, string[]] => [gate, paths]),
    ]),
  }));

export function foldJournalRepository(connection: Connection) {
  const journal = connection.collection<JournalEntry>("fold_journal");
  return {
    async ensureIndexes(): Promise<void> {
      await journal.createIndex({ done: 1, createdAt: 1 });
    },
    async begin(entry: Omit<JournalEntry, "done" | "createdAt">): Promise<void> {
      await journal.insertOne({ ...entry, done: false, createdAt: new Date() });
    },
    async finish(id: string): Promise<void> {
      await journal.updateOne({ _id: id }, { $set: { done: true } });
    },
    /** The batches that hold any of these stream sequences (asked only for redelivered beacons). */
    async holding(seqs: number[]): Promise<JournalEntry[]> {
      if (seqs.length === 0) return [];
      return journal.find({ seqs: { $in: seqs } }).toArray();
    },
    async unfinished(): Promise<JournalEntry[]> {
      return journal.find({ done: false }).toArray();
    },
    /**
     * Done batches are kept while their beacons could still come again (an acknowledgement lost with a crash comes
     * back after the consumer's ack wait); unfinished ones as long as the stream keeps a beacon (a day).
     */
    async forget(doneBefore: Date, unfinishedBefore: Date): Promise<number> {
      const done = await journal.deleteMany({ done: true, createdAt: { $lt: doneBefore } });
      const stale = await journal.deleteMany({ createdAt: { $lt: unfinishedBefore } });
      return done.deletedCount + stale.deletedCount;
    },
  };
}

export type FoldJournalRepository = ReturnType<typeof foldJournalRepository>;
