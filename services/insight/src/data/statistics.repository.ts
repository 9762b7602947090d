import type { Connection } from "@turnleaf/kit";
import type { BucketDelta } from "../domain/buckets.js";
import type { DayBucket } from "../domain/statistics.js";

/**
 * Ordered: FerretDB's SQLite backend (the local stack's store) was seen to stall for good under concurrent unordered
 * upserts; one after another it keeps up. A time limit turns a stalled store into a retried batch, not a stuck consumer.
 */
const writeOptions = { ordered: true, timeoutMS: 60_000 } as const;

interface ReaderDocument {
  _id: string;
  day: string;
}

/**
 * Daily buckets per book (_id `<bookId>:<day>`), grown only by $inc upserts, so concurrent consumers never lose
 * a count; and the day's reader keys (_id `<bookId>:<day>:<key>`) whose first insert makes a unique reader.
 */
export function statisticsRepository(connection: Connection) {
  const buckets = connection.collection<DayBucket & { _id: string }>("day_buckets");
  const readers = connection.collection<ReaderDocument>("day_readers");
  return {
    async ensureIndexes(): Promise<void> {
      await buckets.createIndex({ bookId: 1, day: 1 });
      await readers.createIndex({ day: 1 });
    },

    /** Applies a batch's deltas: the new readers first (their count joins the same $inc), then one upsert per bucket. */
    async apply(deltas: BucketDelta[]): Promise<void> {
      const readerWrites = deltas.flatMap((delta) =>
        [...delta.readers].map((key) => ({
          updateOne: {
            filter: { _id: `${delta.bookId}:${delta.day}:${key}` },
            update: { $setOnInsert: { day: delta.day } },
            upsert: true,
          },
        })),
      );
      const fresh = new Map<string, number>();
      if (readerWrites.length > 0) {
        const result = await readers.bulkWrite(readerWrites, writeOptions);
        for (const id of Object.values(result.upsertedIds ?? {})) {
          const bucketId = String(id).split(":").slice(0, 2).join(":");
          fresh.set(bucketId, (fresh.get(bucketId) ?? 0) + 1);
        }
      }
      const writes = deltas.map((delta) => {
        const id = `${delta.bookId}:${delta.day}`;
        const inc: Record<string, number> = Object.fromEntries(delta.inc);
        const uniques = fresh.get(id);
        if (uniques) inc.uniques = uniques;
        return {
          updateOne: {
            filter: { _id: id },
            update: { $setOnInsert: { bookId: delta.bookId, day: delta.day }, $inc: inc },
            upsert: true,
          },
        };
      });
      if (writes.length > 0) await buckets.bulkWrite(writes, writeOptions);
    },

    async range(bookIds: string[], from: string, to: string): Promise<DayBucket[]> {
      if (bookIds.length === 0) return [];
      return buckets
        .find({ bookId: { $in: bookIds }, day: { $gte: from, $lte: to } }, { projection: { _id: 0 } })
        .toArray();
    },

    /** Reader keys are only needed for their own day: older ones are dropped (their salt is gone anyway). */
    async forgetReadersBefore(day: string): Promise<number> {
      return (await readers.deleteMany({ day: { $lt: day } })).deletedCount;
    },
  };
}

export type StatisticsRepository = ReturnType<typeof statisticsRepository>;
