import { connectNats, type NatsConnection } from "@turnleaf/kit";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { numberedPdf, postAs, readingDrained } from "../support/insight.js";
import { form, postTo, uploadPdf } from "../support/system.js";

// Issue #33: anyone could inflate a public book's statistics. A flood of beacons from one address (many events
// each, a new User-Agent each, a forged referrer and embedding site) must add one reader, not one view per event;
// identical beacons sent at once count once; pages past the book's end are not counted. On the worker's shared
// system, whose gateway trusts the loopback proxy: the readers' addresses come from X-Forwarded-For, documentation
// addresses (198.51.100.0/24) no other file uses, so the flood spends no one else's beacon allowance.
const services = await workerSystem();
let nats: NatsConnection;
let book: { number: string; bookId: string };

beforeAll(async () => {
  nats = await connectNats({
    url: services.stores.natsUrl,
    name: "statistics-flood-test",
    log: pino({ level: "warn" }),
  });
}, 180_000);

afterAll(async () => {
  await nats?.drain();
});

const beacon = (address: string, body: unknown, userAgent = "Mozilla/5.0 (X11; Linux x86_64)") =>
  fetch(`${services.gatewayUrl}/b/${book.number}/insight/events`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": userAgent, "x-forwarded-for": address },
    body: JSON.stringify(body),
  });

interface View {
  days: { views: number; uniqueReaders: number; completions: number; pagesSeen: number }[];
  pages: { page: number; views: number }[];
  referrers: { name: string; count: number }[];
  embedHosts: { name: string; count: number }[];
}

const statistics = async () =>
  (await postAs(services.gatewayUrl, undefined, "/api/insight/get-statistics", { bookId: book.bookId }))
    .data as unknown as View;

/** Waits until the insight service has folded every beacon on the stream. */
const drained = () => readingDrained(nats);

describe("statistics under a flood of beacons (issue #33)", () => {
  it("converts a four-page book to read", async () => {
    book = await uploadPdf(services.gatewayUrl, await numberedPdf(4), { title: "Flooded book" });
  }, 120_000);

  it("counts readers, not requests: a flood from one address adds one view, one reader, at most one completion and no top referrer", async () => {
    // Three honest readers, each from an address of its own, arriving from a news site inside a shop's page.
    for (const address of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const answer = await beacon(address, {
        events: [{ k: "view" }, { k: "page", p: 1, ms: 1000 }],
        ref: "https://news.example.com/article",
        embed: "https://shop.example.org/catalogue",
      });
      expect(answer.status).toBe(204);
    }

    // The flood: 200 beacons of 50 events (49 views and a completion) from one address, each with another
    // User-Agent, all claiming evil.example as referrer and attacker.example as the embedding site.
    const flood = 200;
    const statuses: number[] = [];
    const refusals = new Set<string>();
    for (let sent = 0; sent < flood; sent += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          beacon(
            "203.0.113.66",
            {
              events: [...Array.from({ length: 49 }, () => ({ k: "view" })), { k: "complete", p: 4 }],
              ref: "https://evil.example/landing",
              embed: "https://attacker.example/frame",
            },
            `Mozilla/5.0 (flood ${sent + index})`,
          ),
        ),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        const body = await answer.text();
        if (answer.status === 429) refusals.add((JSON.parse(body) as { data: { messageKey: string } }).data.messageKey);
      }
    }
    await drained();
    const view = await statistics();
    const today = view.days.at(-1);
    expect({
      views: today?.views,
      uniqueReaders: today?.uniqueReaders,
      completions: Math.min(today?.completions ?? 0, 1),
      topReferrer: view.referrers[0],
      topEmbedHost: view.embedHosts[0],
    }).toEqual({
      views: 4,
      uniqueReaders: 4,
      completions: 1,
      topReferrer: { name: "news.example.com", count: 3 },
      topEmbedHost: { name: "shop.example.org", count: 3 },
    });
    expect(view.referrers[0]).toEqual({ name: "news.example.com", count: 3 });
    expect(view.referrers).toContainEqual({ name: "evil.example", count: 1 });
    expect(view.embedHosts[0]).toEqual({ name: "shop.example.org", count: 3 });
    expect(view.embedHosts).toContainEqual({ name: "attacker.example", count: 1 });
    // Accepted until the address's events of the minute are spent, refused (429, RATE_LIMITED) after.
    expect(statuses.filter((status) => status !== 204 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    // Worded as a beacon refusal of its own, not the lead form's.
    expect([...refusals]).toEqual(["beaconTooMany"]);
  }, 240_000);

  it("counts identical beacons sent at once as one reader's one view and completion", async () => {
    const before = (await statistics()).days.at(-1);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => beacon("198.51.100.9", { events: [{ k: "view" }, { k: "complete", p: 4 }] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(204));
    await drained();
    const after = (await statistics()).days.at(-1);
    expect({
      views: (after?.views ?? 0) - (before?.views ?? 0),
      uniqueReaders: (after?.uniqueReaders ?? 0) - (before?.uniqueReaders ?? 0),
      completions: (after?.completions ?? 0) - (before?.completions ?? 0),
    }).toEqual({ views: 1, uniqueReaders: 1, completions: 1 });
  }, 120_000);

  it("does not count pages past the book's last page", async () => {
    const before = await statistics();
    const answer = await beacon("198.51.100.10", {
      events: [
        { k: "view" },
        { k: "page", p: 4, ms: 1000 },
        { k: "page", p: 9, ms: 1000 },
        { k: "page", p: 1000, ms: 1000 },
      ],
    });
    expect(answer.status).toBe(204);
    await drained();
    const after = await statistics();
    expect((after.days.at(-1)?.pagesSeen ?? 0) - (before.days.at(-1)?.pagesSeen ?? 0)).toBe(1);
    expect(after.pages.map((page) => page.page)).not.toContain(9);
    expect(after.pages.map((page) => page.page)).not.toContain(1000);
    expect(after.pages.find((page) => page.page === 4)?.views).toBe(1);
  }, 120_000);

  it("does not count pages the book's password holds for a reader without a pass", async () => {
    const locked = await postTo(
      services.gatewayUrl,
      "/api/book/set-book-privacy",
      form({ bookId: book.bookId, access: "password", mode: "single", password: "floodpw1", hint: "", fromPage: "3" }),
    );
    expect(locked, locked.msg).toMatchObject({ code: "OK" });
    // The beacon path reuses a book's published answer for up to 5 s.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const before = await statistics();
    const answer = await beacon("198.51.100.11", {
      events: [
        { k: "view" },
        { k: "page", p: 2, ms: 1000 },
        { k: "page", p: 3, ms: 1000 },
        { k: "page", p: 4, ms: 1000 },
        { k: "complete", p: 4 },
      ],
    });
    expect(answer.status).toBe(204);
    await drained();
    const after = await statistics();
    const none = { views: 0, uniqueReaders: 0, completions: 0, pagesSeen: 0 };
    const gained = (pick: (day: View["days"][number]) => number) =>
      pick(after.days.at(-1) ?? none) - pick(before.days.at(-1) ?? none);
    expect({
      views: gained((day) => day.views),
      pagesSeen: gained((day) => day.pagesSeen),
      completions: gained((day) => day.completions),
      page3: after.pages.find((page) => page.page === 3)?.views ?? 0,
    }).toEqual({ views: 1, pagesSeen: 1, completions: 0, page3: 0 });
  }, 120_000);

  it("does not count pages a required lead form holds until the reader's lead is stored", async () => {
    const open = await postTo(
      services.gatewayUrl,
      "/api/book/set-book-privacy",
      form({ bookId: book.bookId, access: "public" }),
    );
    expect(open, open.msg).toMatchObject({ code: "OK" });
    const leadForm = {
      enabled: true,
      beforePage: 3,
      skippable: false,
      title: "Who reads?",
      consentText: "",
      fields: [{ key: "email", label: "Email", kind: "email", required: true }],
    };
    const set = await postAs(services.gatewayUrl, undefined, "/api/insight/update-settings", {
      bookId: book.bookId,
      leadForm: JSON.stringify(leadForm),
    });
    expect(set, set.msg).toMatchObject({ code: "OK" });
    // The beacon path reuses a book's published answer for up to 5 s and its reader settings for up to 10 s.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const pages = {
      events: [
        { k: "page", p: 2, ms: 1000 },
        { k: "page", p: 3, ms: 1000 },
      ],
    };
    const page3 = async () => (await statistics()).pages.find((page) => page.page === 3)?.views ?? 0;
    const before = await page3();
    expect((await beacon("198.51.100.12", pages)).status).toBe(204);
    await drained();
    expect(await page3()).toBe(before);
    // The reader sends the form: the grant it earns lets page 3 count.
    const sent = await fetch(`${services.gatewayUrl}/b/${book.number}/lead`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.12" },
      body: JSON.stringify({ values: { email: "reader@example.com" }, page: 3 }),
    });
    const cookie = (sent.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie).toMatch(/^tl_lead_/);
    const counted = await fetch(`${services.gatewayUrl}/b/${book.number}/insight/events`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": "198.51.100.12", cookie },
      body: JSON.stringify(pages),
    });
    expect(counted.status).toBe(204);
    await drained();
    expect(await page3()).toBe(before + 1);
  }, 120_000);
});
