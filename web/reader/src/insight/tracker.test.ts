import { describe, expect, it } from "vitest";
import { createTracker, type TrackerOptions } from "./tracker.js";

/** A tracker outside a frame on the test's clock, sending with `send`. */
function testTracker(
  book: Pick<TrackerOptions, "url" | "pageCount" | "referrer">,
  now: () => number,
  send: (url: string, body: string) => void,
) {
  return createTracker({ ...book, embed: "", now, send });
}

describe("the reading tracker", () => {
  it("sends a view, each page with its time on screen, completion, and flushes when hidden", () => {
    let clock = 0;
    const sent: { url: string; body: { events: unknown[]; ref: string; embed: string } }[] = [];
    const tracker = testTracker(
      { url: "/b/x/insight/events", pageCount: 3, referrer: "https://news.example.com/" },
      () => clock,
      (url, body) => sent.push({ url, body: JSON.parse(body) }),
    );
    tracker.show([1]);
    clock = 4000;
    tracker.show([2, 3]);
    clock = 6500;
    tracker.hide();
    expect(sent).toEqual([
      {
        url: "/b/x/insight/events",
        body: {
          events: [
            { k: "view" },
            { k: "page", p: 1, ms: 4000 },
            { k: "complete", p: 3 },
            { k: "page", p: 2, ms: 2500 },
            { k: "page", p: 3, ms: 2500 },
          ],
          ref: "https://news.example.com/",
          embed: "",
        },
      },
    ]);
    // Hidden time does not count; after resuming, it does again.
    clock = 100_000;
    tracker.resume();
    clock = 101_000;
    tracker.show([1]);
    tracker.flush();
    expect(sent[1]?.body.events).toEqual([
      { k: "page", p: 2, ms: 1000 },
      { k: "page", p: 3, ms: 1000 },
    ]);
    expect(tracker.pending()).toBe(0);
  });

  it("caps one look at ten minutes and sends big queues in batches of 50", () => {
    let clock = 0;
    const batches: number[] = [];
    const tracker = testTracker(
      { url: "u", pageCount: 1000, referrer: "" },
      () => clock,
      (_url, body) => batches.push((JSON.parse(body) as { events: unknown[] }).events.length),
    );
    tracker.show([1]);
    clock = 60 * 60 * 1000;
    tracker.show([2]);
    for (let page = 3; page < 120; page += 1) tracker.show([page]);
    tracker.flush();
    expect(batches.every((size) => size <= 50)).toBe(true);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(1 + 118);
  });
});
