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

/**
 * What one book's day gains from a batch of beacons: counters every event adds to, and counts a reader adds at most
 * once a day (a "gate" each, inserted under a unique _id by the store: only its first insert counts).
 */
export interface BucketDelta {
  bookId: string;
  day: string;
  /** Dotted counter paths (e.g. "pages.p12.v", "readingMs") and their increments: pages and reading time. */
  inc: Map<string, number>;
  /**
   * Once per reader and day, whatever the number of events or beacons: gate (the reader key, or the key and what it
   * counts: `<key>:c` a completion, `<key>:r` a referrer, `<key>:e` an embedding host) → the counter paths it adds 1
   * to when the store first sees it. `<key>` (the view) adds views, uniques and the device.
   */
  once: Map<string, string[]>;
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

/**
 * Folds beacons into one delta per book and day, so a batch of thousands of events is a handful of writes. Views,
 * devices, completions, referrers and embedding hosts count readers, not requests: one each per reader key and day
 * (the first referrer and host a reader reports that day; both come from the browser and cannot be trusted, so a
 * flood from one reader adds one). A beacon without a reader key counts no view. Pages and reading time add up.
 */
export function foldBeacons(beacons: ReadingEvents[]): BucketDelta[] {
  const deltas = new Map<string, BucketDelta>();
  for (const beacon of beacons) {
    const day = dayOf(Number(beacon.receivedAtMs));
    const id = `${beacon.bookId}:${day}`;
    let delta = deltas.get(id);
    if (!delta) {
      delta = { bookId: beacon.bookId, day, inc: new Map(), once: new Map() };
      deltas.set(id, delta);
    }
    const add = (path: string, by: number) => {
      if (by) delta.inc.set(path, (delta.inc.get(path) ?? 0) + by);
    };
    const key = beacon.readerKey.replaceAll(":", "");
    const once = (gate: string, paths: string[]) => {
      if (key && !delta.once.has(gate)) delta.once.set(gate, paths);
    };
    for (const event of beacon.events) {
      if (event.kind === ReadingEventKind.VIEW) {
        once(key, ["views", "uniques", `dev.${deviceNames[beacon.device] ?? "other"}`]);
        if (beacon.referrerHost) once(`${key}:r`, [`ref.${encodeKey(beacon.referrerHost)}`]);
        if (beacon.embedHost) once(`${key}:e`, [`emb.${encodeKey(beacon.embedHost)}`]);
      } else if (event.kind === ReadingEventKind.PAGE) {
        if (event.page < 1 || event.page > maxPage) continue;
        const ms = Math.min(Math.max(Number(event.durationMs), 0), maxPageMs);
        add("pagesSeen", 1);
        add("readingMs", ms);
        add(`pages.p${event.page}.v`, 1);
        add(`pages.p${event.page}.ms`, ms);
      } else if (event.kind === ReadingEventKind.COMPLETE) {
        once(`${key}:c`, ["completions"]);
      }
    }
  }
  return [...deltas.values()].filter((delta) => delta.inc.size > 0 || delta.once.size > 0);
}
