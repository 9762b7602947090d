/**
 * The statistics screen's query on a 1-million-event book (issue 15: ≤ 500 ms). A year of readers' beacons
 * (BENCH_BOOK_EVENTS, 1,000,000 events: views and page looks over 200 pages, 40 referrers, three device classes, an
 * embedding site) is folded by the insight service's own code (foldBeacons, then the repository's $inc upserts: what
 * its NATS consumer does, without the queue) into the daily records and day blocks of an embedded store, then GetStatistics is asked
 * over gRPC for 30 and 365 days, 20 times each. Run with `npm run bench:statistics-query`. Not a test.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { DeviceClass, ReadingEventKind, ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { StatisticsService } from "@turnleaf/contracts/insight/v1/insight_service_pb";
import { connectMongo, createClient, startGrpcServer } from "@turnleaf/kit";
import { pino } from "pino";
import { assembleInsight } from "../../services/insight/src/assemble.js";
import { foldBeacons } from "../../services/insight/src/domain/buckets.js";
import { buildServices } from "../../services/insight/src/server.js";
import { startStores } from "../src/index.js";

const out = (line: string) => process.stdout.write(`${line}\n`);
const totalEvents = Number(process.env.BENCH_BOOK_EVENTS ?? 1_000_000);
const perBeacon = 50;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;

async function main() {
  const log = pino({ name: "bench-statistics-query", level: process.env.LOG_LEVEL ?? "warn" });
  const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-bench-statistics-query-"));
  const stores = await startStores({
    dataDir,
    log,
  });
  const mongo = await connectMongo({ uri: stores.mongodbUri, database: "turnleaf-insight-bench", log });
  try {
    const parts = await assembleInsight(mongo);
    const now = Date.now();
    const year = 365 * 24 * 60 * 60 * 1000;
    const beacons = Math.ceil(totalEvents / perBeacon);
    const bookId = "bench-million";
    const started = performance.now();
    // Folded in slices of 2,000 beacons, as the consumer folds its batches.
    for (let first = 0; first < beacons; first += 2000) {
      const slice = Array.from({ length: Math.min(2000, beacons - first) }, (_, offset) => {
        const index = first + offset;
        return create(ReadingEventsSchema, {
          bookId,
          // One reader per day here: unique readers are a separate insert per new reader, not part of the query.
          readerKey: "bench",
          // Oldest first, as the consumer receives them: the store's rows lie in the order they were first written.
          receivedAtMs: now - year + (index / beacons) * year,
          referrerHost: `site${index % 40}.example.com`,
          device: [DeviceClass.DESKTOP, DeviceClass.PHONE, DeviceClass.TABLET][index % 3],
          embedHost: index % 4 === 0 ? "shop.example.org" : "",
          events: Array.from({ length: perBeacon }, (_, at) =>
            at === 0
              ? { kind: ReadingEventKind.VIEW }
              : {
                  kind: ReadingEventKind.PAGE,
                  page: 1 + ((index + at) % 200),
                  durationMs: 500 + ((index * at) % 9000),
                },
          ),
        });
      });
      await parts.statistics.apply(foldBeacons(slice));
    }
    const foldMs = performance.now() - started;
    const buckets = await mongo.collection("day_buckets").countDocuments({ bookId });
    const months = await mongo.collection("day_months").countDocuments({ bookId });
    let blocks = 0;
    for (let level = 0; level <= 9; level += 1) {
      blocks += await mongo.collection(`day_blocks_${level}`).countDocuments({ bookId });
    }
    out(
      `${beacons * perBeacon} events (${beacons} beacons over 365 days) folded into ${buckets} daily records, ${months} months and ${blocks} blocks in ` +
        `${(foldMs / 1000).toFixed(1)} s (${Math.round((beacons * perBeacon) / (foldMs / 1000))} events/s; FerretDB on SQLite)`,
    );

    const server = await startGrpcServer({
      host: "127.0.0.1",
      port: 0,
      services: buildServices({ ...parts, leadRateLimit: 5, leadRateWindowMs: 600_000, now: () => new Date() }),
      log,
    });
    server.setServing(true);
    const client = createClient(StatisticsService, `127.0.0.1:${server.port}`, { peer: "insight" });
    for (const days of [30, 365]) {
      const timings: number[] = [];
      let views = 0;
      for (let run = 0; run < 20; run += 1) {
        const begun = performance.now();
        const answer = await client.getStatistics({
          bookIds: [bookId],
          fromDay: day(now - (days - 1) * 86_400_000),
          toDay: day(now),
        });
        timings.push(performance.now() - begun);
        views = answer.days.reduce((sum, entry) => sum + entry.views + entry.pagesSeen, 0);
      }
      out(
        `GetStatistics, ${days} days (${views} events in range): p50 ${percentile(timings, 0.5).toFixed(1)} ms, ` +
          `p99 ${percentile(timings, 0.99).toFixed(1)} ms over 20 runs (budget 500 ms)`,
      );
    }
    client.close();
    await server.stop(1_000);
  } finally {
    await mongo.dropDatabase().catch(() => undefined);
    await mongo.close();
    await stores.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:statistics-query failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
