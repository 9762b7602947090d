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
  /** The journaled batch that first inserted the key (it made a unique reader). */
  batch?: string;
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

type CounterWrite = { id: string; onInsert: Record<string, string | number>; inc: Record<string, number> };

/** A batch's identity in the documents it wrote: its id in one of `markerSlots` marker fields (see applyOnce). */
export interface BatchMark {
  id: string;
  slot: number;
}

/**
 * Marker fields per document: a batch writes its id into `_b.s<slot>` together with its counts, and a document whose
 * slot already holds the id is not counted again. A slot is reused by the 16th batch after, so a batch redone after
 * that many later batches touched the same document would count twice there (the consumer redoes unfinished batches
 * first when it starts, long before that).
 */
export const markerSlots = 16;

/**
 * The marker condition is only in a redo's filters: a batch's first application cannot meet its own marker, and on
 * FerretDB a filter beyond `_id` turns each upsert into a scan of the collection (a batch spanning a year of days took
 * minutes instead of seconds).
 */
const upserts = (writes: CounterWrite[], mark?: BatchMark, redo = false) =>
  writes.map((write) => {
    const marker = mark ? `_b.s${mark.slot}` : "";
    return {
      updateOne: {
        filter: mark && redo ? { _id: write.id, [marker]: { $ne: mark.id } } : { _id: write.id },
        update: {
          $setOnInsert: write.onInsert,
          $inc: write.inc,
          ...(mark ? { $set: { [marker]: mark.id } } : {}),
        },
        upsert: true,
      },
    };
  });

const duplicateKey = (error: unknown): number | undefined => {
  const failure = (error as { code?: number; writeErrors?: { index: number; code: number }[] } | null) ?? {};
  const first = Array.isArray(failure.writeErrors) ? failure.writeErrors[0] : undefined;
  if (first?.code === 11000) return first.index;
  return failure.code === 11000 && !first ? 0 : undefined;
};

/**
 * Applies counter upserts once per batch. A marked write that finds its document already carrying the batch's id
 * misses the filter, tries to insert the same _id and fails with a duplicate key: that document has this batch's
 * counts already. The failed write is tried once more alone (a duplicate key can also be another writer inserting the
 * document first: then this write applies); the rest of the ordered list goes on after it.
 */
async function applyOnce(
  collection: mongo.Collection<Document>,
  writes: CounterWrite[],
  mark: BatchMark | undefined,
  redo: boolean,
) {
  let operations = upserts(writes, mark, redo) as mongo.AnyBulkWriteOperation<Document>[];
  while (operations.length > 0) {
    try {
      await collection.bulkWrite(operations, writeOptions);
      return;
    } catch (error) {
      const index = duplicateKey(error);
      if (!mark || !redo || index === undefined) throw error;
      const failed = operations[index];
      if (failed) {
        try {
          await collection.bulkWrite([failed], writeOptions);
        } catch (again) {
          if (duplicateKey(again) === undefined) throw again;
        }
      }
      operations = operations.slice(index + 1);
    }
  }
}

type Document = { _id: string } & Record<string, unknown>;

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
 * upserts, so concurrent consumers never lose a count; and the day's gates (_id `<bookId>:<day>:<key>` and
 * `<bookId>:<day>:<key>:<c|r|e>`) whose first insert makes a unique reader and its one view, completion, referrer
 * and embedding host of the day.
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

    /**
     * Applies a batch's deltas: the once-a-day gates first (a reader's view, completion, referrer, embedding host:
     * only a gate's first insert counts, and its counts join the same $inc), then one upsert per bucket. With a mark
     * (a journaled batch, see ../events/reading.consumer.ts) every document takes the batch once however often it is
     * applied: a gate first inserted by this batch carries its id (so a redo finds the same new gates), and every
     * counter document its marker. `redo`: the batch may have been applied in part before.
     */
    async apply(deltas: BucketDelta[], mark?: BatchMark, redo = false): Promise<void> {
      const gates = deltas.flatMap((delta) =>
        [...delta.once].map(([gate, paths]) => ({
          id: `${delta.bookId}:${delta.day}:${gate}`,
          day: delta.day,
          delta,
          paths,
        })),
      );
      const fresh = new Set<string>();
      if (gates.length > 0) {
        // Inserted, not upserted: on the embedded store (FerretDB, SQLite) an ordered list of upserts that meet
        // existing keys was seen to hang for minutes; an unordered insert answers at once, each key already there a
        // duplicate-key error of its own. The unique _id decides: of any number of concurrent inserts of one gate
        // (the same reader's beacons in parallel batches or consumers) exactly one succeeds and counts.
        const documents = gates.map(({ id, day }) => ({ _id: id, day, ...(mark ? { batch: mark.id } : {}) }));
        const existing = new Set<number>();
        try {
          await readers.insertMany(documents, { ordered: false, timeoutMS: writeOptions.timeoutMS });
        } catch (error) {
          const failures = (error as { writeErrors?: { index: number; code: number }[] }).writeErrors;
          if (!Array.isArray(failures) || failures.some((failure) => failure.code !== 11000)) throw error;
          for (const failure of failures) existing.add(failure.index);
        }
        // A redo cannot tell its own earlier inserts from the answer (they are already there): the gates say it.
        if (mark && redo) {
          for (const reader of await byIds(
            readers,
            gates.map(({ id }) => id),
          ))
            if (reader.batch === mark.id) fresh.add(reader._id);
        } else for (const [index, { id }] of gates.entries()) if (!existing.has(index)) fresh.add(id);
      }
      // The first-seen gates add their counts to the batch's increments; the rest add nothing.
      const counted = deltas.map((delta) => ({ ...delta, inc: new Map(delta.inc) }));
      const byDelta = new Map(deltas.map((delta, index) => [delta, counted[index]]));
      for (const { id, delta, paths } of gates) {
        const target = byDelta.get(delta);
        if (!target || !fresh.has(id)) continue;
        for (const path of paths) target.inc.set(path, (target.inc.get(path) ?? 0) + 1);
      }
      const writes = rollupWrites(counted, new Map());
      const counters = connection as unknown as { collection(name: string): mongo.Collection<Document> };
      if (writes.days.length > 0) await applyOnce(counters.collection("day_buckets"), writes.days, mark, redo);
      if (writes.months.length > 0) await applyOnce(counters.collection("day_months"), writes.months, mark, redo);
      for (let level = 0; level <= maxLevel; level += 1) {
        const atLevel = writes.blocks.filter((write) => write.onInsert.level === level);
        if (atLevel.length > 0) await applyOnce(counters.collection(`day_blocks_${level}`), atLevel, mark, redo);
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
