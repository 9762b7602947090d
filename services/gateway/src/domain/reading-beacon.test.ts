import { DeviceClass, ReadingEventKind } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv.js";
import { beaconEvents, clientKey, countableEvents, deviceClassOf, hostOf, readerKey } from "./reading-beacon.js";

describe("reading beacons", () => {
  it("keep the events that make sense", () => {
    expect(
      beaconEvents({
        events: [
          { k: "view" },
          { k: "page", p: 3, ms: 1234.4 },
          { k: "page", p: -1, ms: 5 },
          { k: "page", p: 2, ms: "x" },
          { k: "complete", p: 10 },
          { k: "hack" },
        ],
      }),
    ).toEqual([
      { kind: ReadingEventKind.VIEW, page: 0, durationMs: 0 },
      { kind: ReadingEventKind.PAGE, page: 3, durationMs: 1234 },
      { kind: ReadingEventKind.COMPLETE, page: 10, durationMs: 0 },
    ]);
    expect(beaconEvents({ events: "nope" as never })).toEqual([]);
  });

  it("take referrer hosts from http(s) URLs other than the gateway's own", () => {
    expect(hostOf("https://News.Example.com/a?b", "books.example.net")).toBe("news.example.com");
    expect(hostOf("https://books.example.net/b/x", "books.example.net:443")).toBe("");
    expect(hostOf("javascript:alert(1)", "h")).toBe("");
    expect(hostOf(42, "h")).toBe("");
  });

  it("class devices by user agent", () => {
    expect(deviceClassOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe(
      DeviceClass.PHONE,
    );
    expect(deviceClassOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36")).toBe(DeviceClass.PHONE);
    expect(deviceClassOf("Mozilla/5.0 (Linux; Android 13; SM-X700) Safari/537.36")).toBe(DeviceClass.TABLET);
    expect(deviceClassOf("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe(DeviceClass.TABLET);
    expect(deviceClassOf("Googlebot/2.1 (+http://www.google.com/bot.html)")).toBe(DeviceClass.BOT);
    expect(deviceClassOf("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/130.0")).toBe(DeviceClass.DESKTOP);
  });

  it("give a reader the same key all day and another the next day, per book", () => {
    const day = Date.parse("2026-11-20T01:00:00Z");
    const key = readerKey("secret", day, "203.0.113.5", "book1");
    expect(readerKey("secret", day + 20 * 3600_000, "203.0.113.5", "book1")).toBe(key);
    expect(readerKey("secret", day + 24 * 3600_000, "203.0.113.5", "book1")).not.toBe(key);
    expect(readerKey("secret", day, "203.0.113.5", "book2")).not.toBe(key);
    expect(readerKey("other", day, "203.0.113.5", "book1")).not.toBe(key);
    expect(key).not.toContain("203.0.113.5");
    expect(clientKey("secret", day, "203.0.113.5")).not.toBe(clientKey("secret", day, "203.0.113.6"));
    expect(readerKey("secret", day, "203.0.113.6", "book1")).not.toBe(key);
  });

  it("drop pages past the book's end and pages a password holds", () => {
    const events = [0, 1, 3, 4, 5, 999].map((page) => ({ page }));
    expect(countableEvents(events, { pageCount: 4 }).map((event) => event.page)).toEqual([0, 1, 3, 4]);
    expect(countableEvents(events, { pageCount: 4, lockedFrom: 3 }).map((event) => event.page)).toEqual([0, 1]);
    expect(countableEvents(events, { pageCount: 0 })).toHaveLength(6);
  });
});

describe("CSV", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("+44 20")).toBe("'+44 20");
    expect(
      toCsv([
        ["名字", "x"],
        [1, null],
      ]),
    ).toBe("\uFEFF名字,x\r\n1,\r\n");
  });
});
