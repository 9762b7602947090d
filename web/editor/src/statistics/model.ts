/** What /api/insight/get-statistics answers (services/gateway/rest/statistics.md). */
export interface Statistics {
  from: string;
  to: string;
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
  books: { bookId: string; number: string; title: string; views: number; uniqueReaders: number; completions: number }[];
}

const dayMs = 24 * 60 * 60 * 1000;

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last `days` days up to today (UTC), as the range inputs hold them. */
export function lastDays(days: number, nowMs = Date.now()): { from: string; to: string } {
  return { from: dayOf(nowMs - (days - 1) * dayMs), to: dayOf(nowMs) };
}

export interface Totals {
  views: number;
  uniqueReaders: number;
  completions: number;
  readingMs: number;
  pagesSeen: number;
}

export function totalsOf(statistics: Statistics): Totals {
  const totals = { views: 0, uniqueReaders: 0, completions: 0, readingMs: 0, pagesSeen: 0 };
  for (const day of statistics.days) {
    totals.views += day.views;
    totals.uniqueReaders += day.uniqueReaders;
    totals.completions += day.completions;
    totals.readingMs += day.readingMs;
    totals.pagesSeen += day.pagesSeen;
  }
  return totals;
}

/** 1 h 02 min, 3 min 05 s, 12 s. */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/**
 * The heat map's cells: every page of the book (views 0 included), each with its share of the busiest page's views
 * (0–1) for the colour and its average time on screen.
 */
export function heatCells(pages: Statistics["pages"], pageCount: number) {
  const count = Math.max(pageCount, pages.at(-1)?.page ?? 0);
  const byPage = new Map(pages.map((entry) => [entry.page, entry]));
  const busiest = Math.max(1, ...pages.map((entry) => entry.views));
  return Array.from({ length: count }, (_, index) => {
    const entry = byPage.get(index + 1);
    const views = entry?.views ?? 0;
    return {
      page: index + 1,
      views,
      heat: views / busiest,
      averageMs: views > 0 ? (entry?.readingMs ?? 0) / views : 0,
    };
  });
}

/** A heat colour from pale to deep (HSL, so 0 stays readable on white). */
export function heatColour(heat: number): string {
  const clamped = Math.min(Math.max(heat, 0), 1);
  return `hsl(${Math.round(210 - clamped * 200)} 80% ${Math.round(95 - clamped * 45)}%)`;
}
