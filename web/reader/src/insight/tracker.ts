/** One reading event as the gateway's beacon takes it (services/gateway/rest/statistics.md). */
export type ReadingEvent = { k: "view" } | { k: "page"; p: number; ms: number } | { k: "complete"; p: number };

export interface TrackerOptions {
  /** Where beacons go: /b/<link>/insight/events. */
  url: string;
  pageCount: number;
  /** The page that referred the reader, and the embedding page when the reader is in a frame. */
  referrer: string;
  embed: string;
  now?: () => number;
  send?: (url: string, body: string) => void;
  /** How often queued events go out while the reader stays (they also go when the page is hidden). */
  flushEveryMs?: number;
}

/** The longest time one look at a page counts (a tab left open is not reading). */
const maxLookMs = 10 * 60 * 1000;

function beaconSend(url: string, body: string): void {
  // sendBeacon survives the page closing; a text body needs no CORS preflight.
  if (navigator.sendBeacon?.(url, body)) return;
  void fetch(url, { method: "POST", body, keepalive: true, headers: { "content-type": "text/plain" } }).catch(
    () => undefined,
  );
}

/**
 * The reader's statistics: a view when the book opens, each page seen with the time it was on screen (both pages of
 * a spread), completion when the last page shows. Events are queued and sent in small batches, and at once when
 * the page is hidden or left. No cookie, no storage, no identifier: the gateway knows the reader only for a day.
 */
export function createTracker(options: TrackerOptions) {
  const now = options.now ?? (() => performance.now());
  const send = options.send ?? beaconSend;
  let queue: ReadingEvent[] = [{ k: "view" }];
  let visible: number[] = [];
  let since = now();
  let completed = false;
  let paused = false;

  const flush = () => {
    if (queue.length === 0) return;
    const events = queue.slice(0, 50);
    queue = queue.slice(50);
    send(options.url, JSON.stringify({ events, ref: options.referrer, embed: options.embed }));
    if (queue.length > 0) flush();
  };

  /** Closes the current look: each visible page gets the time since it appeared. */
  const closeLook = () => {
    const ms = Math.min(Math.max(Math.round(now() - since), 0), maxLookMs);
    if (!paused) for (const page of visible) queue.push({ k: "page", p: page, ms });
    since = now();
  };

  return {
    /** The pages on screen changed (a turn, a jump, a resize to single pages). */
    show(pages: number[]) {
      if (pages.join(",") === visible.join(",")) return;
      closeLook();
      visible = pages.filter((page) => page >= 1);
      if (!completed && options.pageCount > 0 && visible.includes(options.pageCount)) {
        completed = true;
        queue.push({ k: "complete", p: options.pageCount });
      }
      if (queue.length >= 20) flush();
    },
    /** The page is hidden or left: what was seen so far goes now. */
    hide() {
      closeLook();
      paused = true;
      flush();
    },
    /** The page is visible again: time counts from now. */
    resume() {
      paused = false;
      since = now();
    },
    flush,
    pending: () => queue.length,
  };
}

export type Tracker = ReturnType<typeof createTracker>;
