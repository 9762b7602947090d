import { randomBytes } from "node:crypto";
import { jetstreamManager } from "@nats-io/jetstream";
import { DeviceClass, ReadingEventKind, ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { blockId } from "@turnleaf/insight/in-process";
import { type Connection, connectMongo, connectNats, type NatsConnection, publishEvent, subjects } from "@turnleaf/kit";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServices } from "../../scripts/src/services.js";
import { startSystem } from "../setup/shared-system.js";
import { workerStores } from "../setup/worker-stores.js";
import { readingDrained } from "../support/insight.js";

// Statistics count every beacon once even when the insight service crashes mid-ingestion: thousands of beacons go
// onto NATS as the gateway publishes them, the insight process is killed (SIGKILL: no shutdown of its own) while it
// folds them, and started again. Its unfinished batch is redone from its journal and the beacons JetStream delivers
// again (their acknowledgements never came) are not counted twice: the totals equal what was sent, in every
// collection the statistics read.
const stores = workerStores();
const log = pino({ level: "warn" });
let services: RunningServices;
let nats: NatsConnection;
let mongo: Connection;
/** The demo seed's published book (scripts/src/demo-book.ts), read through the gateway by the second case. */
const demoBook = { number: "demo0001", bookId: "6650c0ffee0000000000d001" };
const bookId = `once-${randomBytes(6).toString("hex")}`;
const beacons = 12_000;
const pagesPerBeacon = 4;

beforeAll(async () => {
  // A short ack wait: the beacons the killed process never acknowledged come again after 5 s, not a minute.
  // Readers' addresses from X-Forwarded-For (the gateway trusts the loopback proxy): each beacon of the second case
  // is a reader of its own, so its referrer counts once per beacon and no address meets the beacon rate limit.
  services = await startSystem(stores, "statistics-once", 60_000, {
    STATISTICS_ACK_WAIT_SECONDS: "5",
    TRUST_PROXY: "loopback",
  });
  nats = await connectNats({ url: stores.natsUrl, name: "exactly-once-test", log });
  mongo = await connectMongo({ uri: stores.mongodbUri, database: "turnleaf-insight", log });
}, 180_000);

afterAll(async () => {
  await nats?.drain();
  await mongo?.close();
  await services?.stopAll();
});

/** The book's counters as the statistics store them: daily records, months, and the finest day blocks' pages. */
async function totals() {
  const sum = (rows: Record<string, unknown>[], pick: (row: Record<string, unknown>) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const days = await mongo.collection("day_buckets").find({ bookId }).toArray();
  const months = await mongo.collection("day_months").find({ bookId }).toArray();
  const blocks = await mongo.collection("day_blocks_0").find({ bookId }).toArray();
  const monthly = (name: string) =>
    sum(months, (row) =>
      Object.values((row.days ?? {}) as Record<string, Record<string, number>>).reduce(
        (total, day) => total + (day[name] ?? 0),
        0,
      ),
    );
  return {
    views: sum(days, (row) => Number(row.views) || 0),
    pagesSeen: sum(days, (row) => Number(row.pagesSeen) || 0),
    uniques: sum(days, (row) => Number(row.uniques) || 0),
    monthViews: monthly("views"),
    monthPages: monthly("pagesSeen"),
    blockPageViews: sum(blocks, (row) =>
      Object.values((row.pages ?? {}) as Record<string, { v?: number }>).reduce(
        (total, page) => total + (page.v ?? 0),
        0,
      ),
    ),
  };
}

describe("statistics ingestion with the insight service killed mid-way", () => {
  it("counts every beacon exactly once after a crash and a restart", async () => {
    // The beacons wait on the stream while the insight service is stopped, so that when it starts it has all of them
    // to fold (published while it ran, a loaded machine let it fold them all before the kill).
    await services.stop("insight");
    const now = Date.now();
    const inFlight: Promise<unknown>[] = [];
    for (let index = 0; index < beacons; index += 1) {
      inFlight.push(
        publishEvent(nats, subjects.bookRead(bookId), ReadingEventsSchema, {
          bookId,
          readerKey: `reader-${index % 700}`,
          receivedAtMs: now,
          referrerHost: "news.example.com",
          device: DeviceClass.PHONE,
          embedHost: "",
          events: [
            { kind: ReadingEventKind.VIEW, page: 0, durationMs: 0 },
            ...Array.from({ length: pagesPerBeacon }, (_, at) => ({
              kind: ReadingEventKind.PAGE,
              page: 1 + ((index + at) % 20),
              durationMs: 1000,
            })),
          ],
        }),
      );
      if (inFlight.length >= 200) await Promise.all(inFlight.splice(0));
    }
    await Promise.all(inFlight);

    // Killed once some beacons are acknowledged (asked of NATS: FerretDB's SQLite backend was seen to stall when
    // polled while it takes these writes) and most are not.
    const manager = await jetstreamManager(nats);
    const acknowledged = async () => (await manager.consumers.info("INSIGHT", "insight-reading")).ack_floor.stream_seq;
    const before = await acknowledged();
    await services.start("insight");
    await expect.poll(acknowledged, { timeout: 120_000, interval: 100 }).toBeGreaterThan(before);
    await services.kill("insight");
    const atCrash = await totals();
    expect(atCrash.pagesSeen).toBeLessThan(beacons * pagesPerBeacon);

    await services.start("insight");
    // Done when the consumer has acknowledged everything, the beacons delivered again after its ack wait included.
    await readingDrained(nats, 150_000, 1_000);
    // A view per reader key and day (issue #33: readers, not requests), every page.
    expect(await totals()).toEqual({
      views: 700,
      pagesSeen: beacons * pagesPerBeacon,
      uniques: 700,
      monthViews: 700,
      monthPages: beacons * pagesPerBeacon,
      blockPageViews: beacons * pagesPerBeacon,
    });
  }, 300_000);

  it("loses no beacon the gateway answered 204 when the gateway is killed with beacons gathered but not yet stored", async () => {
    // The gateway gathers a book's beacons for a few milliseconds before one publish and answers each once JetStream
    // has it. Beacons stream in through the gateway (one view each, a referrer host of this test's own, counted in
    // the day's block), the gateway is SIGKILLed mid-flow, and started again.
    const host = `kill-${randomBytes(4).toString("hex")}.example.com`;
    const body = JSON.stringify({ events: [{ k: "view" }], ref: `https://${host}/page` });
    const tally = { sent: 0, accepted: 0, refused: 0 };
    // Addresses of this run's own (a reader key already counted today would not count the referrer again).
    const run = randomBytes(1)[0] ?? 0;
    let killed = false;
    let killing: Promise<void> | undefined;
    const sendOne = async () => {
      tally.sent += 1;
      const reader = tally.sent;
      try {
        const answer = await fetch(`${services.gatewayUrl}/b/${demoBook.number}/insight/events`, {
          method: "POST",
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            "user-agent": "Mozilla/5.0 (kill test)",
            "x-forwarded-for": `10.${run}.${(reader >> 8) & 255}.${reader & 255}`,
          },
          body,
        });
        await answer.arrayBuffer();
        if (answer.status === 204) tally.accepted += 1;
        else tally.refused += 1;
        // Killed the moment the 400th answer arrives: a batch the gateway answered early would still be gathering.
        if (tally.accepted === 400 && !killing) killing = services.kill("gateway");
      } catch {
        tally.refused += 1;
      }
    };
    const senders = Array.from({ length: 40 }, async () => {
      while (!killed && tally.sent < 20_000) await sendOne();
    });
    await expect.poll(() => killing !== undefined, { timeout: 60_000, interval: 50 }).toBe(true);
    await killing;
    killed = true;
    await Promise.all(senders);
    expect(tally.refused).toBeGreaterThan(0);
    await services.start("gateway");
    await services.waitHealthy(60_000);

    // The day's finest block (level 0: one day) holds the day's referrers.
    const block = blockId(demoBook.bookId, { level: 0, index: Math.floor(Date.now() / 86_400_000) });
    const landed = async () => {
      const [row] = await mongo
        .collection("day_blocks_0")
        .find({ _id: block } as never)
        .toArray();
      return Number((row?.ref as Record<string, number> | undefined)?.[host.replaceAll(".", "%2E")] ?? 0);
    };
    await expect.poll(landed, { timeout: 120_000, interval: 500 }).toBeGreaterThanOrEqual(tally.accepted);
    await readingDrained(nats, 120_000, 1_000);
    // Every answered beacon counted; the unanswered ones at most once (their batch may have been stored).
    const counted = await landed();
    expect(counted).toBeGreaterThanOrEqual(tally.accepted);
    expect(counted).toBeLessThanOrEqual(tally.sent);
  }, 300_000);
});
