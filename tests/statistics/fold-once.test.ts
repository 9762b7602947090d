import { randomBytes } from "node:crypto";
import { create } from "@bufbuild/protobuf";
import { DeviceClass, ReadingEventKind, ReadingEventsSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import { dayOf, foldBeacons, statisticsRepository } from "@turnleaf/insight/in-process";
import { type Connection, connectMongo } from "@turnleaf/kit";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

// The statistics fold applied again on the run's real store (FerretDB): a batch the consumer wrote in part, or in
// full without marking it done, is redone from its journal without counting anything twice, new readers included;
// another batch still counts.
const stores = workerStores();
let mongo: Connection;

beforeAll(async () => {
  mongo = await connectMongo({
    uri: stores.mongodbUri,
    database: `turnleaf-fold-once-${randomBytes(4).toString("hex")}`,
    log: pino({ level: "warn" }),
  });
});

afterAll(async () => {
  await mongo?.dropDatabase?.().catch(() => undefined);
  await mongo?.close();
});

const beacons = (bookId: string, count: number) =>
  Array.from({ length: count }, (_, index) =>
    create(ReadingEventsSchema, {
      bookId,
      readerKey: `reader-${index % 10}`,
      receivedAtMs: Date.now(),
      referrerHost: "news.example.com",
      device: DeviceClass.DESKTOP,
      events: [
        { kind: ReadingEventKind.VIEW },
        { kind: ReadingEventKind.PAGE, page: 1 + (index % 3), durationMs: 1000 },
      ],
    }),
  );

async function counted(bookId: string) {
  const [day] = await mongo
    .collection("day_buckets")
    .find({ _id: `${bookId}:${dayOf(Date.now())}` } as never)
    .toArray();
  const blocks = await mongo.collection("day_blocks_3").find({ bookId }).toArray();
  const pageViews = blocks.reduce(
    (total, block) =>
      total +
      Object.values((block.pages ?? {}) as Record<string, { v: number }>).reduce((sum, page) => sum + page.v, 0),
    0,
  );
  return { views: day?.views, pagesSeen: day?.pagesSeen, uniques: day?.uniques, pageViews };
}

describe("a journaled statistics batch applied again", () => {
  it("counts once when redone after a partial or an unacknowledged full write, and a new batch still counts", async () => {
    const statistics = statisticsRepository(mongo);
    await statistics.ensureIndexes();
    const [first, second] = [`a-${randomBytes(3).toString("hex")}`, `b-${randomBytes(3).toString("hex")}`];
    const all = foldBeacons([...beacons(first, 40), ...beacons(second, 30)]);
    const mark = { id: "batch-1", slot: 5 };
    // The process died after writing the first book's documents, before the second's.
    await statistics.apply(
      all.filter((delta) => delta.bookId === first),
      mark,
    );
    // Redone from the journal: everything, twice over for good measure.
    await statistics.apply(all, mark, true);
    await statistics.apply(all, mark, true);
    // A view per reader and day (10 readers), every page.
    const once = { views: 10, pagesSeen: 40, uniques: 10, pageViews: 40 };
    expect(await counted(first)).toEqual(once);
    expect(await counted(second)).toEqual({ views: 10, pagesSeen: 30, uniques: 10, pageViews: 30 });

    // Another batch with the same readers counts its pages, but no new view or unique reader.
    await statistics.apply(foldBeacons(beacons(first, 40)), { id: "batch-2", slot: 6 });
    expect(await counted(first)).toEqual({ views: 10, pagesSeen: 80, uniques: 10, pageViews: 80 });
    // A later batch reusing a slot still counts (the marker holds the latest batch of that slot).
    await statistics.apply(foldBeacons(beacons(first, 5)), { id: "batch-3", slot: 5 });
    expect((await counted(first)).pagesSeen).toBe(85);
  });
});
