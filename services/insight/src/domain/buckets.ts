import { DeviceClass, ReadingEventKind, type ReadingEvents } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { dayOf } from "./days.js";

/** The longest time one page view may add: a tab left open overnight is not reading. */
export const maxPageMs = 10 * 60 * 1000;
/** The highest page number a bucket keeps (books are at most 1,000 pages). */
export const maxPage = 1000;

export const deviceNames: Record<DeviceClass, string> = {
  [DeviceClass.UNSPECIFIED]: "other",
  [DeviceClass.DESKTOP]: "desktop",
  [DeviceClass.TABLET]: "tablet",
  [DeviceClass.PHONE]: "phone",
  [DeviceClass.BOT]: "bot",
};

/** What one book's day gains from a batch of beacons: counters and the readers whose first view it may be. */
export interface BucketDelta {
  bookId: string;
  day: string;
  /** Dotted counter paths (e.g. "views", "pages.p12.v", "ref.example%2Ecom") and their increments. */
  inc: Map<string, number>;
  /** Reader keys that opened the book this day (counted once each as unique readers by the store). */
  readers: Set<string>;
}

/**
 * A map key safe as one MongoDB field name: no dots, no leading '$', bounded. Host names keep their look
 * ("example%2Ecom") and come back with decodeKey.
 */
export function encodeKey(name: string): string {
  return encodeURIComponent(name.slice(0, 120)).replace(/\./g, "%2E").replace(/^\$/, "%24") || "%20";
}

export function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/** Folds beacons into one delta per book and day, so a batch of thousands of events is a handful of writes. */
export function foldBeacons(beacons: ReadingEvents[]): BucketDelta[] {
  const deltas = new Map<string, BucketDelta>();
  for (const beacon of beacons) {
    const day = dayOf(Number(beacon.receivedAtMs));
    const id = `${beacon.bookId}:${day}`;
    let delta = deltas.get(id);
    if (!delta) {
      delta = { bookId: beacon.bookId, day, inc: new Map(), readers: new Set() };
      deltas.set(id, delta);
    }
    const add = (path: string, by: number) => {
      if (by) delta.inc.set(path, (delta.inc.get(path) ?? 0) + by);
    };
    for (const event of beacon.events) {
      if (event.kind === ReadingEventKind.VIEW) {
        add("views", 1);
        add(`dev.${deviceNames[beacon.device] ?? "other"}`, 1);
        if (beacon.referrerHost) add(`ref.${encodeKey(beacon.referrerHost)}`, 1);
        if (beacon.embedHost) add(`emb.${encodeKey(beacon.embedHost)}`, 1);
        if (beacon.readerKey) delta.readers.add(beacon.readerKey);
      } else if (event.kind === ReadingEventKind.PAGE) {
        if (event.page < 1 || event.page > maxPage) continue;
        const ms = Math.min(Math.max(Number(event.durationMs), 0), maxPageMs);
        add("pagesSeen", 1);
        add("readingMs", ms);
        add(`pages.p${event.page}.v`, 1);
        add(`pages.p${event.page}.ms`, ms);
      } else if (event.kind === ReadingEventKind.COMPLETE) {
        add("completions", 1);
      }
    }
  }
  return [...deltas.values()].filter((delta) => delta.inc.size > 0 || delta.readers.size > 0);
}
