import { jetstreamManager } from "@nats-io/jetstream";
import { connectNats, subjects } from "@turnleaf/kit";
import { pino } from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { numberedPdf, postAs, registerUser } from "../support/insight.js";
import { uploadPdf } from "../support/system.js";

// Reading statistics end to end on the built processes and real stores: beacons through the gateway, NATS and the
// insight service into daily buckets, read back by the owner only; the per-book switch; the CSV export.
const services = await workerSystem();
let book: { number: string; bookId: string };
let stranger: string;

beforeAll(async () => {
  stranger = await registerUser(services.gatewayUrl);
}, 180_000);

const today = new Date().toISOString().slice(0, 10);

async function beacon(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${services.gatewayUrl}/b/${book.number}/insight/events`, {
    method: "POST",
    headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "Mozilla/5.0 (iPhone) Mobile", ...headers },
    body: JSON.stringify(body),
  });
}

const statistics = (cookie?: string, fields: Record<string, string> = {}) =>
  postAs(services.gatewayUrl, cookie, "/api/insight/get-statistics", { bookId: book.bookId, ...fields });
const pagesSeen = async () => ((await statistics()).data as { days: { pagesSeen: number }[] }).days.at(-1)?.pagesSeen;

describe("reading statistics", () => {
  it("converts a four-page book to read", async () => {
    book = await uploadPdf(services.gatewayUrl, await numberedPdf(4), { title: "Statistics book" });
  }, 120_000);

  it("tells the reader to send events, and counts a reader's view once a day, and pages, time, completion, referrers and devices", async () => {
    const config = await (await fetch(`${services.gatewayUrl}/b/${book.number}/insight.json`)).json();
    expect(config).toEqual({ statistics: true, leadForm: null });

    const opened = await beacon({
      events: [{ k: "view" }, { k: "page", p: 1, ms: 3000 }],
      ref: "https://news.example.com/article",
      embed: "https://shop.example.org/catalogue",
    });
    expect(opened.status).toBe(204);
    // The same reader again (same address and agent): their pages count, not another view or unique reader.
    expect(
      (await beacon({ events: [{ k: "view" }, { k: "page", p: 2, ms: 1500 }, { k: "complete", p: 4 }] })).status,
    ).toBe(204);
    // Another agent from the same address: still the same reader (issue #33: a User-Agent is the client's to choose).
    expect(
      (
        await beacon(
          { events: [{ k: "view" }, { k: "page", p: 2, ms: 500 }] },
          { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
        )
      ).status,
    ).toBe(204);

    await expect
      .poll(
        async () =>
          ((await statistics()).data as { days: { day: string; pagesSeen: number }[] }).days.at(-1)?.pagesSeen,
        { timeout: 20_000, interval: 300 },
      )
      .toBe(3);
    const data = (await statistics()).data as {
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
      books: { bookId: string; number: string; views: number }[];
    };
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toEqual({
      day: today,
      views: 1,
      uniqueReaders: 1,
      completions: 1,
      readingMs: 5000,
      pagesSeen: 3,
    });
    expect(data.pages).toEqual([
      { page: 1, views: 1, readingMs: 3000 },
      { page: 2, views: 2, readingMs: 2000 },
    ]);
    expect(data.referrers).toEqual([{ name: "news.example.com", count: 1 }]);
    expect(data.embedHosts).toEqual([{ name: "shop.example.org", count: 1 }]);
    expect(data.devices).toEqual([{ name: "phone", count: 1 }]);
    expect(data.books).toEqual([expect.objectContaining({ bookId: book.bookId, number: book.number, views: 1 })]);

    // The bookcase: every book of the owner, this one included.
    const bookcase = (await postAs(services.gatewayUrl, undefined, "/api/insight/get-statistics", {})).data as {
      books: { bookId: string; views: number }[];
    };
    expect(bookcase.books).toContainEqual(expect.objectContaining({ bookId: book.bookId, views: 1 }));
  });

  it("exports the statistics as CSV, its headings in the user's language", async () => {
    const url = `${services.gatewayUrl}/api/insight/export-statistics?bookId=${book.bookId}&from=${today}&to=${today}`;
    const firstLine = async (response: Response) => (await response.text()).replace(/^\uFEFF/, "").split("\r\n")[0];
    // Chinese by default, the editor's interface language by ?lang=, else the browser's Accept-Language.
    expect(await firstLine(await fetch(url))).toBe("日期,浏览次数,独立读者,翻阅页数,阅读秒数,读完次数");
    expect(await firstLine(await fetch(`${url}&lang=de`))).toBe(
      "Tag,Aufrufe,eindeutige Leser,gesehene Seiten,Lesesekunden,Abschlüsse",
    );
    const response = await fetch(url, { headers: { "accept-language": "en" } });
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment/);
    const text = await response.text();
    expect(
      text
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .slice(0, 2),
    ).toEqual(["day,views,unique readers,pages seen,reading seconds,completions", `${today},1,1,3,5,1`]);
    expect(text).toContain("news.example.com,1");
  });

  it("shows another user none of it, and refuses them the settings", async () => {
    expect(await statistics(stranger)).toMatchObject({ code: "ERROR" });
    expect(
      await postAs(services.gatewayUrl, stranger, "/api/insight/get-settings", { bookId: book.bookId }),
    ).toMatchObject({
      code: "ERROR",
    });
    expect(
      await postAs(services.gatewayUrl, stranger, "/api/insight/update-settings", {
        bookId: book.bookId,
        statisticsEnabled: "0",
      }),
    ).toMatchObject({ code: "ERROR" });
    const csv = await fetch(`${services.gatewayUrl}/api/insight/export-statistics?bookId=${book.bookId}`, {
      headers: { cookie: stranger },
    });
    expect(await csv.text()).not.toContain("news.example.com");
    // The stranger's own bookcase holds none of the owner's books.
    const theirs = await postAs(services.gatewayUrl, stranger, "/api/insight/get-statistics", {});
    expect(theirs).toMatchObject({ code: "OK" });
    expect((theirs.data as { books: { bookId: string }[] }).books.map((entry) => entry.bookId)).not.toContain(
      book.bookId,
    );
    // The owner's settings were not changed by the refused update.
    expect(
      (await postAs(services.gatewayUrl, undefined, "/api/insight/get-settings", { bookId: book.bookId })).data,
    ).toMatchObject({
      statisticsEnabled: true,
    });
  });

  it("records nothing while the owner has switched statistics off", async () => {
    const off = await postAs(services.gatewayUrl, undefined, "/api/insight/update-settings", {
      bookId: book.bookId,
      statisticsEnabled: "0",
    });
    expect(off).toMatchObject({ code: "OK", data: { statisticsEnabled: false } });
    expect(await (await fetch(`${services.gatewayUrl}/b/${book.number}/insight.json`)).json()).toMatchObject({
      statistics: false,
    });
    expect((await beacon({ events: [{ k: "page", p: 4, ms: 100 }] })).status).toBe(204);
    await postAs(services.gatewayUrl, undefined, "/api/insight/update-settings", {
      bookId: book.bookId,
      statisticsEnabled: "1",
    });
    // A later page is counted; the one sent while off never is.
    expect((await beacon({ events: [{ k: "page", p: 4, ms: 100 }] })).status).toBe(204);
    await expect.poll(pagesSeen, { timeout: 20_000, interval: 300 }).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pagesSeen()).toBe(4);
  });

  it("gathers a burst of beacons into fewer NATS messages, each beacon answered once stored and counted once", async () => {
    const nats = await connectNats({
      url: services.stores.natsUrl,
      name: "statistics-test",
      log: pino({ level: "warn" }),
    });
    const manager = await jetstreamManager(nats);
    const subject = subjects.bookRead(book.bookId);
    const messages = async () =>
      (await manager.streams.info("INSIGHT", { subjects_filter: subject })).state.subjects?.[subject] ?? 0;
    const before = await messages();
    const burst = 120;
    const answers = await Promise.all(
      Array.from({ length: burst }, () => beacon({ events: [{ k: "view" }, { k: "page", p: 3, ms: 700 }] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(burst).fill(204));
    // Answered 204 means stored: the stream holds them all now, in messages of several beacons each.
    const added = (await messages()) - before;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(burst);
    // Each beacon's page counted once; its view not at all (the reader's view of the day is counted already).
    await expect.poll(pagesSeen, { timeout: 20_000, interval: 300 }).toBe(4 + burst);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pagesSeen()).toBe(4 + burst);
    expect(((await statistics()).data as { days: { views: number }[] }).days.at(-1)?.views).toBe(1);
    await nats.drain();
  });

  it("refuses beacons from other sites and bodies that are not JSON", async () => {
    expect((await beacon({ events: [{ k: "view" }] }, { origin: "https://evil.example" })).status).toBe(403);
    const broken = await fetch(`${services.gatewayUrl}/b/${book.number}/insight/events`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(
      (await fetch(`${services.gatewayUrl}/b/nosuchbook/insight/events`, { method: "POST", body: "{}" })).status,
    ).toBe(404);
  });
});
