import { decodeKey } from "./buckets.js";
import { daysBetween } from "./days.js";

/**
 * Counters of one book (those foldBeacons increments): a day's record (views, uniques, completions, reading time,
 * pages seen; records written before the blocks also carry their pages and referrers), or a block of days lying in
 * the range, dated its first day (pages, referrers, devices, hosts).
 */
export interface DayBucket {
  bookId: string;
  day: string;
  views?: number;
  uniques?: number;
  completions?: number;
  readingMs?: number;
  pagesSeen?: number;
  pages?: Record<string, { v?: number; ms?: number }>;
  ref?: Record<string, number>;
  dev?: Record<string, number>;
  emb?: Record<string, number>;
}

export interface StatisticsView {
  days: {
    day: string;
    views: number;
    uniqueReaders: number;
    completions: number;
    readingMs: number;
    pagesSeen: number;
  }[];
  pages: { page: number; views: number; readingMs: number }[];
  referrers: { name: string; count: number }[];
  devices: { name: string; count: number }[];
  embedHosts: { name: string; count: number }[];
  books: { bookId: string; views: number; uniqueReaders: number; completions: number }[];
}

const topCount = 20;

function addAll(into: Map<string, number>, counts: Record<string, number> | undefined) {
  for (const [key, count] of Object.entries(counts ?? {})) {
    const name = decodeKey(key);
    into.set(name, (into.get(name) ?? 0) + (Number(count) || 0));
  }
}

const top = (counts: Map<string, number>) =>
  [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, topCount);

/** Sums a range of daily buckets (one or several books) into what the statistics screen draws. */
export function summarise(
  buckets: DayBucket[],
  range: { from: string; to: string },
  bookIds: string[],
): StatisticsView {
  const days = new Map(
    daysBetween(range.from, range.to).map((day) => [
      day,
      { day, views: 0, uniqueReaders: 0, completions: 0, readingMs: 0, pagesSeen: 0 },
    ]),
  );
  const pages = new Map<number, { page: number; views: number; readingMs: number }>();
  const referrers = new Map<string, number>();
  const devices = new Map<string, number>();
  const embeds = new Map<string, number>();
  const books = new Map(bookIds.map((bookId) => [bookId, { bookId, views: 0, uniqueReaders: 0, completions: 0 }]));
  for (const bucket of buckets) {
    const day = days.get(bucket.day);
    if (!day) continue;
    day.views += bucket.views ?? 0;
    day.uniqueReaders += bucket.uniques ?? 0;
    day.completions += bucket.completions ?? 0;
    day.readingMs += bucket.readingMs ?? 0;
    day.pagesSeen += bucket.pagesSeen ?? 0;
    for (const [key, counts] of Object.entries(bucket.pages ?? {})) {
      const page = Number(key.slice(1));
      if (!Number.isInteger(page)) continue;
      const entry = pages.get(page) ?? { page, views: 0, readingMs: 0 };
      entry.views += counts.v ?? 0;
      entry.readingMs += counts.ms ?? 0;
      pages.set(page, entry);
    }
    addAll(referrers, bucket.ref);
    addAll(devices, bucket.dev);
    addAll(embeds, bucket.emb);
    const book = books.get(bucket.bookId);
    if (book) {
      book.views += bucket.views ?? 0;
      book.uniqueReaders += bucket.uniques ?? 0;
      book.completions += bucket.completions ?? 0;
    }
  }
  return {
    days: [...days.values()],
    pages: [...pages.values()].sort((a, b) => a.page - b.page),
    referrers: top(referrers),
    devices: top(devices),
    embedHosts: top(embeds),
    books: [...books.values()],
  };
}
