/**
 * Reading statistics under load (issue 15): against the whole system as `npm start` runs it (every service a process
 * of its own, embedded stores in a temporary folder, the demo book), it measures
 *   1. the reader's asset latency (its page and its entry script through the gateway, p50/p99) without load;
 *   2. right after, the same while readers' beacons arrive at BENCH_EVENTS_PER_SECOND (1,000) through the gateway
 *      for BENCH_SECONDS (15), 10 events per beacon and then 1, from a sender process of its own under `nice`
 *      (statistics-sender.ts: a fixed number of requests, evenly spaced, every answer awaited); the events sent,
 *      accepted (2xx), published on NATS (read back from the stream) and landed in the statistics, and each
 *      process's share of the CPU in both windows and in the first 2 s of beacons alone (statistics-cpu.ts); each
 *      shape BENCH_ROUNDS (2) times, the quiet and loaded windows of a pair right after each other;
 *   3. a book with a year of events (BENCH_BOOK_EVENTS, 100,000) published on NATS in beacons of 50 and folded by
 *      the insight service (its ingestion rate from the queue), then its statistics query for 30 and 365 days.
 * The query on a 1-million-event book is `npm run bench:statistics-query` (the same folding code, without the queue).
 * BENCH_BOOK_EVENTS=0 stops after step 2. Run with `npm run bench:statistics`. Not a test: the numbers depend on the machine and what else runs on it.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { jetstreamManager } from "@nats-io/jetstream";
import { DeviceClass, ReadingEventKind, ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { StatisticsService } from "@turnleaf/contracts/insight/v1/insight_service_pb";
import { connectMongo, connectNats, createClient, publishEvent, subjects } from "@turnleaf/kit";
import { load, startBenchStack } from "./bench-stack.js";
import { publishedEvents, sendBeacons, senderNice } from "./statistics-beacons.js";
import { cpuShares, cpuSnapshot, formatShares } from "./statistics-cpu.js";

const out = (line: string) => process.stdout.write(`${line}\n`);
const eventsPerSecond = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 1000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const bigBookEvents = Number(process.env.BENCH_BOOK_EVENTS ?? 100_000);
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));

const readerLoad = (url: string, durationSeconds: number) =>
  load({ url, connections: 4, duration: durationSeconds, headers: { "accept-encoding": "br, gzip" } });

async function statistics(gatewayUrl: string, bookId: string, from = "", to = "") {
  const response = await fetch(`${gatewayUrl}/api/insight/get-statistics`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ bookId, ...(from ? { from, to } : {}) }),
  });
  const reply = (await response.json()) as {
    code: string;
    msg: string;
    data: { days: { views: number; pagesSeen: number; completions: number }[] };
  };
  if (reply.code !== "OK") throw new Error(`get-statistics: ${reply.msg}`);
  return reply.data;
}

const sum = (days: { pagesSeen: number }[]) => days.reduce((total, day) => total + day.pagesSeen, 0);
const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

async function main() {
  const { log, stores, services, stop } = await startBenchStack("statistics");
  try {
    const gatewayUrl = services.gatewayUrl;
    const ready = await fetch(`${gatewayUrl}/api/book/get-ready-config`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "number=demo0001",
    });
    const bookId = String(((await ready.json()) as { data: { bookId: string } }).data.bookId);
    const script = (await readdir(join(readerDist, "assets"))).find((file) => /^index-[\w-]+\.js$/.test(file));
    const targets = { page: `${gatewayUrl}/b/demo0001`, script: `${gatewayUrl}/reader/assets/${script}` };
    out(`gateway ${gatewayUrl}; every service a process of its own on loopback; FerretDB (SQLite), NATS, MinIO`);

    // Warm-up (not measured): the gateway's JIT and caches as a reader finds them after a while.
    await readerLoad(targets.page, 3);
    await readerLoad(targets.script, 2);

    const nats = await connectNats({ url: stores.natsUrl, name: "bench-statistics", log });
    const manager = await jetstreamManager(nats);
    const streamSubject = subjects.bookRead(bookId);
    const lastSeq = async () => (await manager.streams.info("INSIGHT")).state.last_seq;
    const consumerIdle = async () => {
      const info = await manager.consumers.info("INSIGHT", "insight-reading");
      return info.num_pending === 0 && info.num_ack_pending === 0;
    };

    // 2. For each shape of beacon (as the reader sends them, 10 events; the costliest, 1 event), the reader's latency
    //    without load and, right after, the same while beacons arrive at the target rate from a sender of its own;
    //    2 s of sending alone (after the sender's first second) tell what ingestion costs each process. BENCH_ROUNDS pairs per shape.
    const rows: string[] = [];
    const round = async (perBeacon: number) => {
      const events = Array.from({ length: perBeacon }, (_, index) => ({ k: "page", p: 1 + (index % 4), ms: 1200 }));
      const count = Math.round((eventsPerSecond * seconds) / perBeacon);
      const pageSeconds = Math.max(seconds - 7, 4);

      const calmCpu = await cpuSnapshot();
      const calmStarted = Date.now();
      const calm = { page: await readerLoad(targets.page, pageSeconds), script: await readerLoad(targets.script, 3) };
      const calmShares = cpuShares(calmCpu, await cpuSnapshot(), Date.now() - calmStarted);

      const before = sum((await statistics(gatewayUrl, bookId)).days);
      const firstSeq = (await lastSeq()) + 1;
      const sending = sendBeacons({
        url: `${gatewayUrl}/b/demo0001/insight/events`,
        body: JSON.stringify({ events, ref: "https://news.example.com/a" }),
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": "Mozilla/5.0 (bench)" },
        rate: count / seconds,
        count,
        // Readers' beacons come on connections of their own; an answer waits for its batch's store.
        connections: 200,
      });
      // The sender's own start (node, the TypeScript loader) is left out of the window.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const aloneCpu = await cpuSnapshot();
      const aloneStarted = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const aloneShares = cpuShares(aloneCpu, await cpuSnapshot(), Date.now() - aloneStarted);
      const busyCpu = await cpuSnapshot();
      const busyStarted = Date.now();
      const busy = { page: await readerLoad(targets.page, pageSeconds), script: await readerLoad(targets.script, 3) };
      const busyShares = cpuShares(busyCpu, await cpuSnapshot(), Date.now() - busyStarted);
      const sender = await sending;
      const accepted = sender.ok * perBeacon;

      // Landed: the statistics' pages seen, read until they reach what the gateway accepted and the consumer is idle,
      // then once more 3 s later (anything counted twice or arriving late shows there).
      const landedStarted = Date.now();
      await waitFor(async () => sum((await statistics(gatewayUrl, bookId)).days) - before >= accepted, 120_000);
      await waitFor(consumerIdle, 60_000);
      const landedAfterMs = Date.now() - landedStarted;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const landed = sum((await statistics(gatewayUrl, bookId)).days) - before;
      const published = await publishedEvents(nats, streamSubject, firstSeq, await lastSeq());

      out(
        `${perBeacon} event(s) per beacon, ${count} beacons at ${Math.round(count / seconds)}/s: sent ${sender.sent * perBeacon} events ` +
          `(${Math.round((sender.sent * perBeacon) / (sender.wallMs / 1000))}/s), accepted (2xx) ${accepted}, ` +
          `${sender.non2xx} non-2xx, ${sender.errors} failed; published on NATS ${published.events} events of ` +
          `${published.beacons} beacons in ${published.messages} messages; landed ${landed} (counted ` +
          `${(landedAfterMs / 1000).toFixed(1)} s after the last answer); beacon answer p50 ${sender.p50} ms, p99 ` +
          `${sender.p99} ms; the sender used ${Math.round(sender.cpuMs / (sender.wallMs / 100))} % of a core (nice ${senderNice})`,
      );
      for (const [name, quiet, loaded] of [
        ["  reader page /b/<link>", calm.page, busy.page],
        ["  reader entry script", calm.script, busy.script],
      ] as const) {
        out(
          `${name}: without load p50 ${quiet.p50} ms, p99 ${quiet.p99} ms (${quiet.requests} requests); ` +
            `under it p50 ${loaded.p50} ms, p99 ${loaded.p99} ms (${loaded.requests} requests, ${loaded.failed + quiet.failed} failed)`,
        );
      }
      out(`  CPU, reader load alone: ${formatShares(calmShares)}`);
      out(`  CPU, beacons alone (2 s): ${formatShares(aloneShares)}`);
      out(`  CPU, reader load with beacons: ${formatShares(busyShares)}`);
      const ingestion = aloneShares
        .filter(([name]) => ["gateway", "nats-server", "insight", "ferretdb"].includes(name))
        .reduce((total, [, share]) => total + share, 0);
      rows.push(
        `| ${perBeacon} event${perBeacon > 1 ? "s" : ""} per beacon | ${sender.sent * perBeacon} | ${accepted} | ` +
          `${published.events} (${published.messages} messages) | ${landed} | ${calm.page.p99} → ${busy.page.p99} ms | ` +
          `${calm.script.p99} → ${busy.script.p99} ms | ${Math.round(ingestion)} % |`,
      );
    };
    for (let index = 0; index < rounds; index += 1) for (const perBeacon of [10, 1]) await round(perBeacon);
    out(
      `| ${seconds} s at ${eventsPerSecond} events/s | sent | accepted (2xx) | published on NATS | landed | reader page p99 ` +
        "quiet → loaded | entry script p99 quiet → loaded | ingestion CPU (gateway, NATS, insight, FerretDB; % of a core) |",
    );
    out("|---|---|---|---|---|---|---|---|");
    for (const row of rows) out(row);
    if (bigBookEvents === 0) {
      await nats.drain();
      return;
    }

    // 3. A book with a year of events, straight onto NATS as the gateway publishes them.
    const perBeacon = 50;
    const beacons = Math.ceil(bigBookEvents / perBeacon);
    const year = 365 * 24 * 60 * 60 * 1000;
    const now = Date.now();
    const bigBook = "bench-million";
    const published = Date.now();
    const inFlight: Promise<unknown>[] = [];
    for (let index = 0; index < beacons; index += 1) {
      const events = Array.from({ length: perBeacon }, (_, at) =>
        at === 0
          ? { kind: ReadingEventKind.VIEW, page: 0, durationMs: 0 }
          : { kind: ReadingEventKind.PAGE, page: 1 + ((index + at) % 200), durationMs: 500 + ((index * at) % 9000) },
      );
      inFlight.push(
        publishEvent(nats, subjects.bookRead(bigBook), ReadingEventsSchema, {
          bookId: bigBook,
          readerKey: `reader-${index % 5000}`,
          receivedAtMs: now - (index / beacons) * year,
          referrerHost: `site${index % 40}.example.com`,
          device: [DeviceClass.DESKTOP, DeviceClass.PHONE, DeviceClass.TABLET][index % 3],
          embedHost: index % 4 === 0 ? "shop.example.org" : "",
          events,
        }),
      );
      if (inFlight.length >= 200) await Promise.all(inFlight.splice(0));
    }
    await Promise.all(inFlight);
    const publishedMs = Date.now() - published;
    // Done when the insight service's consumer has acknowledged every beacon (asked of NATS, not of the store:
    // FerretDB's SQLite backend was seen to stall when polled while it took these writes).
    await waitFor(async () => {
      const info = await manager.consumers.info("INSIGHT", "insight-reading");
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 900_000);
    // The bench book belongs to nobody (the gateway's paths check ownership): its buckets are counted in MongoDB.
    const mongo = await connectMongo({ uri: stores.mongodbUri, database: "turnleaf-insight", log });
    const buckets = mongo.collection("day_buckets");
    const counted = async () => {
      const rows = await buckets.find({ bookId: bigBook }, { projection: { views: 1, pagesSeen: 1 } }).toArray();
      return rows.reduce((count, row) => count + (Number(row.views) || 0) + (Number(row.pagesSeen) || 0), 0);
    };
    const foldedMs = Date.now() - published;
    out(
      `queue ingestion: ${beacons * perBeacon} events in ${beacons} beacons published in ${(publishedMs / 1000).toFixed(1)} s; ` +
        `${await counted()} folded into daily buckets ${(foldedMs / 1000).toFixed(1)} s after the first ` +
        `(${Math.round((beacons * perBeacon) / (foldedMs / 1000))} events/s through the insight service)`,
    );

    // The statistics screen's query for that book, as the gateway asks it (the insight service's GetStatistics).
    const client = createClient(StatisticsService, `127.0.0.1:${services.ports.insight}`, { peer: "insight" });
    for (const days of [30, 365]) {
      const timings: number[] = [];
      for (let run = 0; run < 20; run += 1) {
        const started = performance.now();
        await client.getStatistics({
          bookIds: [bigBook],
          fromDay: day(now - (days - 1) * 86_400_000),
          toDay: day(now),
        });
        timings.push(performance.now() - started);
      }
      out(
        `statistics query, ${beacons * perBeacon}-event book, ${days} days: p50 ${percentile(timings, 0.5).toFixed(1)} ms, ` +
          `p99 ${percentile(timings, 0.99).toFixed(1)} ms (20 runs; budget 500 ms)`,
      );
    }
    // And through the gateway for the demo book (ownership check, envelope, compression included).
    const timings: number[] = [];
    for (let run = 0; run < 20; run += 1) {
      const started = performance.now();
      await statistics(gatewayUrl, bookId);
      timings.push(performance.now() - started);
    }
    out(
      `statistics screen request through the gateway (demo book, 30 days): p50 ${percentile(timings, 0.5).toFixed(1)} ms, ` +
        `p99 ${percentile(timings, 0.99).toFixed(1)} ms`,
    );
    client.close();
    await mongo.close();
    await nats.drain();
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:statistics failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
