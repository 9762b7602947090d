import type { BucketDelta } from "./buckets.js";
import { dayOf } from "./days.js";

const dayMs = 24 * 60 * 60 * 1000;
/** Blocks run from one day (level 0) to 512 days (level 9): a query's at most 400 days need no larger one. */
export const maxLevel = 9;
/** What a day's small record keeps; every other counter (pages, referrers, devices, hosts) goes to the blocks. */
const dayCounters = new Set(["views", "uniques", "completions", "readingMs", "pagesSeen"]);

/**
 * A block of 2^level days aligned on the Unix epoch's day count (index × 2^level is its first day). Every day falls
 * in one block per level, and any range of n days is the union of at most 2·log2(n) disjoint blocks, so a 365-day
 * query reads about 15 of them instead of 365 daily records.
 */
export interface Block {
  level: number;
  index: number;
}

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / dayMs);

export const blockId = (bookId: string, block: Block) => `${bookId}:b${block.level}:${block.index}`;

export const firstDayOf = (block: Block) => dayOf(block.index * 2 ** block.level * dayMs);

/** The blocks (one per level) whose counters a day's events add to. */
export function blocksOf(day: string): Block[] {
  const number = dayNumber(day);
  return Array.from({ length: maxLevel + 1 }, (_, level) => ({ level, index: Math.floor(number / 2 ** level) }));
}

/** The fewest aligned blocks that together are exactly the days from `from` to `to` inclusive (none when from > to). */
export function blocksCovering(from: string, to: string): Block[] {
  const last = dayNumber(to);
  const blocks: Block[] = [];
  for (let first = dayNumber(from); first <= last; ) {
    let level = 0;
    while (level < maxLevel && first % 2 ** (level + 1) === 0 && first + 2 ** (level + 1) - 1 <= last) level += 1;
    blocks.push({ level, index: first / 2 ** level });
    first += 2 ** level;
  }
  return blocks;
}

/** One $inc upsert: the document and what it gains. */
export interface CounterWrite {
  id: string;
  onInsert: Record<string, string | number>;
  inc: Record<string, number>;
}

/**
 * Splits a batch's deltas into the small daily records (the day's five counters, with the new unique readers
 * `uniquesByDay` found under `<bookId>:<day>`), the same counters gathered per month (`days.d<DD>.<counter>`: what a
 * query reads, a dozen documents for a year) and the block records (pages, referrers, devices, hosts); a month or a
 * block is written once per batch however many of the batch's days fall in it.
 */
export function rollupWrites(
  deltas: BucketDelta[],
  uniquesByDay: Map<string, number>,
): { days: CounterWrite[]; months: CounterWrite[]; blocks: CounterWrite[] } {
  const days: CounterWrite[] = [];
  const months = new Map<string, CounterWrite>();
  const blocks = new Map<string, CounterWrite>();
  for (const delta of deltas) {
    const id = `${delta.bookId}:${delta.day}`;
    const dayInc: Record<string, number> = {};
    const detail: [string, number][] = [];
    for (const [path, by] of delta.inc) {
      if (dayCounters.has(path)) dayInc[path] = by;
      else detail.push([path, by]);
    }
    const uniques = uniquesByDay.get(id);
    if (uniques) dayInc.uniques = uniques;
    if (Object.keys(dayInc).length > 0) {
      days.push({ id, onInsert: { bookId: delta.bookId, day: delta.day }, inc: dayInc });
      const month = delta.day.slice(0, 7);
      const monthId = `${delta.bookId}:${month}`;
      let write = months.get(monthId);
      if (!write) {
        write = { id: monthId, onInsert: { bookId: delta.bookId, month }, inc: {} };
        months.set(monthId, write);
      }
      for (const [name, by] of Object.entries(dayInc)) write.inc[`days.d${delta.day.slice(8)}.${name}`] = by;
    }
    if (detail.length === 0) continue;
    for (const block of blocksOf(delta.day)) {
      const key = blockId(delta.bookId, block);
      let write = blocks.get(key);
      if (!write) {
        write = { id: key, onInsert: { bookId: delta.bookId, level: block.level, first: firstDayOf(block) }, inc: {} };
        blocks.set(key, write);
      }
      for (const [path, by] of detail) write.inc[path] = (write.inc[path] ?? 0) + by;
    }
  }
  return { days, months: [...months.values()], blocks: [...blocks.values()] };
}
