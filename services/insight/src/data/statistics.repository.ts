import type { Connection } from "@turnleaf/kit";
import type { mongo } from "mongoose";
import { blockId, blocksCovering, firstDayOf, maxLevel, rollupWrites } from "../domain/blocks.js";
import type { BucketDelta } from "../domain/buckets.js";
import { daysBetween } from "../domain/days.js";
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
 * FerretDB on SQLite (the local stack's store) finds one _id by reading the collection's rows in the order they were
 * first written until it meets it, and a $in by decoding every row: up to this many documents are read one by one,
 * more (a bookcase) with one $in. That cost grows with the bytes of the collection, hence a collection per block level:
 * the coarse levels, which a long range reads most of, stay a few rows per book.
 */
const pointReads = 64;

type DayCounters = Pick<DayBucket, "views" | "uniques" | "completions" | "readingMs" | "pagesSeen">;
type MonthDocument = { _id: string; bookId: string; month: string; days?: Record<string, DayCounters> };
type BlockDocument = Pick<DayBucket, "bookId" | "pages" | "ref" | "dev" | "emb"> & { _id: string };

const upserts = (writes: { id: string; onInsert: Record<string, string | number>; inc: Record<string, number> }[]) =>
  writes.map((write) => ({
    updateOne: {
      filter: { _id: write.id },
      update: { $setOnInsert: write.onInsert, $inc: write.inc },
      upsert: true,
    },
  }));

/** Documents by _id: one find each up to pointReads of them (FerretDB looks each up by its key), else one $in. */
async function byIds<T extends { _id: string }>(collection: mongo.Collection<T>, ids: string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  if (ids.length > pointReads)
    return (await collection.find({ _id: { $in: ids } } as mongo.Filter<T>).toArray()) as T[];
  const found = await Promise.all(ids.map((_id) => collection.findOne({ _id } as mongo.Filter<T>)));
  return found.filter((document) => document !== null) as T[];
}

/**
 * Small daily records per book (_id `<bookId>:<day>`: the day's five counters) and blocks of 2^n days
 * (collection `day_blocks_<n>`, _id `<bookId>:b<n>:<index>`: pages, referrers, devices, hosts; see domain/blocks.ts), all grown only by $inc
 * upserts, so concurrent consumers never lose a count; and the day's reader keys (_id `<bookId>:<day>:<key>`) whose
 * first insert makes a unique reader.
 */
export function statisticsRepository(connection: Connection) {
  const buckets = connection.collection<DayBucket & { _id: string }>("day_buckets");
  const months = connection.collection<MonthDocument>("day_months");
  const blocks = Array.from({ length: maxLevel + 1 }, (_, level) =>
    connection.collection<BlockDocument>(`day_blocks_${level}`),
  );
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
      const writes = rollupWrites(deltas, fresh);
      if (writes.days.length > 0) await buckets.bulkWrite(upserts(writes.days), writeOptions);
      if (writes.months.length > 0) await months.bulkWrite(upserts(writes.months), writeOptions);
      for (const [level, collection] of blocks.entries()) {
        const atLevel = writes.blocks.filter((write) => write.onInsert.level === level);
        if (atLevel.length > 0) await collection.bulkWrite(upserts(atLevel), writeOptions);
      }
    },

    /**
     * The days' counters from their small records, and pages, referrers, devices and hosts from the few blocks that
     * make up the range exactly (each returned as a bucket dated its first day, which lies in the range).
     */
    async range(bookIds: string[], from: string, to: string): Promise<DayBucket[]> {
      const days = daysBetween(from, to);
      const first = days[0];
      const last = days.at(-1);
      if (bookIds.length === 0 || !first || !last) return [];
      const covering = blocksCovering(first, last);
      const monthIds = bookIds.flatMap((bookId) =>
        [...new Set(days.map((day) => day.slice(0, 7)))].map((month) => `${bookId}:${month}`),
      );
      const [monthly, ...detailByLevel] = await Promise.all([
        byIds(months, monthIds),
        ...blocks.map((collection, level) =>
          byIds(
            collection,
            bookIds.flatMap((bookId) =>
              covering.filter((block) => block.level === level).map((block) => blockId(bookId, block)),
            ),
          ),
        ),
      ]);
      const detail = detailByLevel.flat();
      const daily = monthly.flatMap(({ bookId, month, days: counters }) =>
        Object.entries(counters ?? {})
          .map(([key, counts]) => ({ ...counts, bookId, day: `${month}-${key.slice(1)}` }))
          .filter(({ day }) => day >= first && day <= last),
      );
      const firstDays = new Map(
        bookIds.flatMap((bookId) => covering.map((block) => [blockId(bookId, block), firstDayOf(block)] as const)),
      );
      return [
        ...daily,
        ...detail.map(({ _id, bookId, pages, ref, dev, emb }) => ({
          bookId,
          day: firstDays.get(_id) ?? "",
          pages,
          ref,
          dev,
          emb,
        })),
      ];
    },

    /** Reader keys are only needed for their own day: older ones are dropped (their salt is gone anyway). */
    async forgetReadersBefore(day: string): Promise<number> {
      return (await readers.deleteMany({ day: { $lt: day } })).deletedCount;
    },
  };
}

export type StatisticsRepository = ReturnType<typeof statisticsRepository>;
