import { create } from "@bufbuild/protobuf";
import { DeviceClass, ReadingEventKind, ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { describe, expect, it } from "vitest";
import { decodeKey, encodeKey, foldBeacons, maxPageMs } from "./buckets.js";
import { daysBetween, rangeOf } from "./days.js";
import { normaliseForm, normaliseSubmission, normaliseValue } from "./lead-form.js";
import { summarise } from "./statistics.js";
import { retryDelayMs, signPayload, verifySignature } from "./webhook.js";

const at = Date.parse("2026-11-20T10:00:00Z");

describe("statistics buckets", () => {
  it("fold beacons into one delta per book and day, with referrers, devices and capped page times", () => {
    const beacon = (
      bookId: string,
      readerKey: string,
      events: { kind: ReadingEventKind; page?: number; durationMs?: number }[],
    ) =>
      create(ReadingEventsSchema, {
        bookId,
        readerKey,
        receivedAtMs: at,
        referrerHost: "news.example.com",
        device: DeviceClass.PHONE,
        embedHost: "shop.example.org",
        events,
      });
    const deltas = foldBeacons([
      beacon("b1", "r1", [{ kind: ReadingEventKind.VIEW }, { kind: ReadingEventKind.PAGE, page: 1, durationMs: 4000 }]),
      beacon("b1", "r2", [
        { kind: ReadingEventKind.VIEW },
        { kind: ReadingEventKind.PAGE, page: 1, durationMs: 99 * 60 * 1000 },
        { kind: ReadingEventKind.PAGE, page: 5000, durationMs: 10 },
        { kind: ReadingEventKind.COMPLETE },
      ]),
      beacon("b2", "r1", [{ kind: ReadingEventKind.VIEW }]),
    ]);
    expect(deltas).toHaveLength(2);
    const first = deltas.find((delta) => delta.bookId === "b1");
    expect(first?.day).toBe("2026-11-20");
    expect(Object.fromEntries(first?.inc ?? [])).toEqual({
      pagesSeen: 2,
      readingMs: 4000 + maxPageMs,
      "pages.p1.v": 2,
      "pages.p1.ms": 4000 + maxPageMs,
    });
    const viewed = ["views", "uniques", "dev.phone"];
    expect(Object.fromEntries(first?.once ?? [])).toEqual({
      r1: viewed,
      "r1:r": ["ref.news%2Eexample%2Ecom"],
      "r1:e": ["emb.shop%2Eexample%2Eorg"],
      r2: viewed,
      "r2:r": ["ref.news%2Eexample%2Ecom"],
      "r2:e": ["emb.shop%2Eexample%2Eorg"],
      "r2:c": ["completions"],
    });
  });

  it("counts a reader's views, completions, referrer and host once a day however many events and beacons", () => {
    const flood = Array.from({ length: 200 }, (_, index) =>
      create(ReadingEventsSchema, {
        bookId: "b1",
        readerKey: "same",
        receivedAtMs: at,
        referrerHost: `evil-${index}.example`,
        device: index % 2 ? DeviceClass.PHONE : DeviceClass.DESKTOP,
        embedHost: `attacker-${index}.example`,
        events: Array.from({ length: 50 }, (_, n) => ({
          kind: n % 2 ? ReadingEventKind.VIEW : ReadingEventKind.COMPLETE,
        })),
      }),
    );
    const [delta] = foldBeacons(flood);
    expect(delta?.inc.size).toBe(0);
    expect(Object.fromEntries(delta?.once ?? [])).toEqual({
      same: ["views", "uniques", "dev.desktop"],
      "same:c": ["completions"],
      "same:r": ["ref.evil-0%2Eexample"],
      "same:e": ["emb.attacker-0%2Eexample"],
    });
    // No reader key: nothing a reader counts.
    expect(
      foldBeacons([create(ReadingEventsSchema, { bookId: "b1", events: [{ kind: ReadingEventKind.VIEW }] })]),
    ).toEqual([]);
  });

  it("keys survive the store's field rules and come back", () => {
    for (const name of ["a.b.c", "$where", "例子.中国", ""]) {
      const key = encodeKey(name);
      expect(key).not.toMatch(/[.]|^\$/);
      if (name) expect(decodeKey(key)).toBe(name);
    }
  });

  it("summarise a range: every day, pages in order, top referrers, totals per book", () => {
    const view = summarise(
      [
        {
          bookId: "b1",
          day: "2026-11-19",
          views: 3,
          uniques: 2,
          pages: { p2: { v: 1, ms: 10 }, p1: { v: 3, ms: 30 } },
          ref: { "a%2Ecom": 2 },
        },
        {
          bookId: "b2",
          day: "2026-11-20",
          views: 1,
          uniques: 1,
          dev: { phone: 1 },
          ref: { "a%2Ecom": 1, "b%2Ecom": 5 },
        },
        { bookId: "b1", day: "2026-10-01", views: 100 },
      ],
      { from: "2026-11-18", to: "2026-11-20" },
      ["b1", "b2"],
    );
    expect(view.days.map((day) => [day.day, day.views])).toEqual([
      ["2026-11-18", 0],
      ["2026-11-19", 3],
      ["2026-11-20", 1],
    ]);
    expect(view.pages).toEqual([
      { page: 1, views: 3, readingMs: 30 },
      { page: 2, views: 1, readingMs: 10 },
    ]);
    expect(view.referrers).toEqual([
      { name: "b.com", count: 5 },
      { name: "a.com", count: 3 },
    ]);
    expect(view.books).toEqual([
      { bookId: "b1", views: 3, uniqueReaders: 2, completions: 0 },
      { bookId: "b2", views: 1, uniqueReaders: 1, completions: 0 },
    ]);
  });

  it("ranges default to the last 30 days and are bounded", () => {
    expect(rangeOf("", "", at)).toEqual({ from: "2026-10-22", to: "2026-11-20" });
    expect(rangeOf("2026-11-20", "2026-11-01", at)).toEqual({ from: "2026-11-01", to: "2026-11-20" });
    expect(daysBetween("2020-01-01", "2026-11-20", 400)).toHaveLength(400);
  });
});

describe("lead forms", () => {
  const form = normaliseForm({
    enabled: true,
    beforePage: 2,
    skippable: false,
    title: " Get the price list ",
    consentText: "I agree to be contacted",
    fields: [
      { key: "name", label: "Name", kind: "name", required: true },
      { key: "email", label: "Email", kind: "email", required: true },
      { key: "phone", label: "Phone", kind: "phone", required: false },
      { key: "company", label: "", kind: "text", required: false },
    ],
  });

  it("normalise submissions: whitespace, email domain case, phone digits; unknown keys dropped", () => {
    expect(form.title).toBe("Get the price list");
    expect(form.fields[3]?.label).toBe("company");
    expect(
      normaliseSubmission(
        form,
        { name: "  Ada   Lovelace ", email: "Ada@Example.COM", phone: "+44 (20) 7946-0018", evil: "x" },
        true,
      ),
    ).toEqual({ name: "Ada Lovelace", email: "Ada@example.com", phone: "+442079460018" });
  });

  it("refuse a missing required value, a bad email or phone, and a missing consent", () => {
    expect(() => normaliseSubmission(form, { name: "Ada" }, true)).toThrow(
      expect.objectContaining({ messageKey: "leadFieldsInvalid", messageParams: { fields: "email" } }),
    );
    expect(() => normaliseSubmission(form, { name: "Ada", email: "not-an-email" }, true)).toThrow(/email/);
    expect(() => normaliseSubmission(form, { name: "Ada", email: "a@b.co", phone: "call me" }, true)).toThrow(/phone/);
    expect(() => normaliseSubmission(form, { name: "Ada", email: "a@b.co" }, false)).toThrow(/consent/);
    expect(normaliseValue("phone", "12")).toEqual({ error: "not a phone number" });
  });

  it("refuse forms with repeated or malformed keys, or no fields", () => {
    const base = { enabled: true, beforePage: 1, skippable: true, title: "", consentText: "" };
    expect(() => normaliseForm({ ...base, fields: [] })).toThrow(
      expect.objectContaining({ messageKey: "leadFormNoFields" }),
    );
    expect(() =>
      normaliseForm({
        ...base,
        fields: [
          { key: "a", label: "", kind: "text", required: false },
          { key: "a", label: "", kind: "text", required: false },
        ],
      }),
    ).toThrow(expect.objectContaining({ messageKey: "leadFormFieldRepeated" }));
    expect(() =>
      normaliseForm({ ...base, fields: [{ key: "a b", label: "", kind: "text", required: false }] }),
    ).toThrow(expect.objectContaining({ messageKey: "leadFormFieldKey" }));
  });
});

describe("webhook signatures", () => {
  it("verify with the secret and time, and fail for another body, secret or an old timestamp", () => {
    const header = signPayload("s3cret", '{"a":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature("s3cret", '{"a":1}', header, 300, 1_700_000_100)).toBe(true);
    expect(verifySignature("s3cret", '{"a":2}', header, 300, 1_700_000_100)).toBe(false);
    expect(verifySignature("other", '{"a":1}', header, 300, 1_700_000_100)).toBe(false);
    expect(verifySignature("s3cret", '{"a":1}', header, 300, 1_700_001_000)).toBe(false);
  });

  it("back off exponentially, capped", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([2000, 4000, 8000, 16000]);
    expect(retryDelayMs(30)).toBe(600_000);
  });
});
