import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { connectMongo, createLogger, pingMongo, unlessDuplicate } from "@turnleaf/kit";
import { Schema } from "mongoose";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { startStores } from "../../scripts/src/stores.js";
import { workerStores } from "../setup/worker-stores.js";

const log = createLogger({ service: "test", level: "silent" });
const stores = workerStores();
const connection = await connectMongo({ uri: stores.mongodbUri, database: `test-${randomUUID()}`, log });

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

interface Page {
  bookId: string;
  index: number;
  width: number;
  words: string[];
}

const pageSchema = new Schema<Page>({
  bookId: { type: String, required: true },
  index: { type: Number, required: true, min: 1 },
  width: Number,
  words: [String],
}).index({ bookId: 1, index: 1 }, { unique: true });
const pages = connection.model<Page>("Page", pageSchema);

describe("mongoose against the real MongoDB-wire server", () => {
  it("answers ping", async () => {
    await expect(pingMongo(connection)).resolves.toBeUndefined();
  });

  it("round-trips documents with queries, updates and sorting", async () => {
    await pages.syncIndexes();
    await pages.create([
      { bookId: "b1", index: 2, width: 1600, words: ["turn"] },
      { bookId: "b1", index: 1, width: 1280, words: ["leaf"] },
      { bookId: "b2", index: 1, width: 800, words: [] },
    ]);
    await pages.updateOne({ bookId: "b1", index: 2 }, { $push: { words: "page" } });
    const found = await pages.find({ bookId: "b1" }).sort({ index: 1 }).lean();
    expect(found.map((page) => [page.index, page.width, page.words])).toEqual([
      [1, 1280, ["leaf"]],
      [2, 1600, ["turn", "page"]],
    ]);
  });

  it("enforces a unique index (no duplicate page)", async () => {
    await expect(pages.create({ bookId: "b1", index: 1, width: 1 })).rejects.toMatchObject({ code: 11000 });
  });

  it("tells a write refused by a unique index (false) from a new one (true) and from other failures (thrown)", async () => {
    expect(await unlessDuplicate(() => pages.create({ bookId: "b4", index: 1 }))).toBe(true);
    expect(await unlessDuplicate(() => pages.create({ bookId: "b4", index: 1 }))).toBe(false);
    await expect(unlessDuplicate(() => pages.create({ bookId: "b4", index: -1 }))).rejects.toThrow(/index/);
    expect(await pages.countDocuments({ bookId: "b4" })).toBe(1);
  });

  it("rejects documents that break the schema before they reach the store", async () => {
    await expect(pages.create({ bookId: "b3", index: 0 })).rejects.toThrow(/index/);
    expect(await pages.countDocuments({ bookId: "b3" })).toBe(0);
  });
});

// With its default busy_timeout (10 s) FerretDB failed a write waiting for SQLite's one write lock per database
// after 20 s ("database is locked"); the stores' set-up lets it wait 60 s, as MongoDB would queue it. The run's
// stores keep FerretDB's data in PostgreSQL, so this starts FerretDB on SQLite as `npm start` and the chart's
// embedded store run it (the run's NATS and MinIO stand in as external stores, so only FerretDB starts).
describe("FerretDB on SQLite, as the local system runs it", () => {
  const sqlite = {
    started: undefined as Awaited<ReturnType<typeof startStores>> | undefined,
    dataDir: "",
  };
  afterAll(async () => {
    await sqlite.started?.stop();
    if (sqlite.dataDir) await rm(sqlite.dataDir, { recursive: true, force: true });
  });

  it("queues a write behind another writer holding the database 25 s instead of failing it", async () => {
    sqlite.dataDir = await mkdtemp(join(tmpdir(), "turnleaf-sqlite-lock-"));
    sqlite.started = await startStores({
      dataDir: sqlite.dataDir,
      log: pino({ level: "warn" }),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NATS_URL: stores.natsUrl,
        S3_ENDPOINT: stores.s3.endpoint,
        S3_ACCESS_KEY_ID: stores.s3.accessKey,
        S3_SECRET_ACCESS_KEY: stores.s3.secretKey,
      },
    });
    const sqliteDir = sqlite.started.sqliteDir;
    expect(sqliteDir).toBeDefined();
    const own = await connectMongo({ uri: sqlite.started.mongodbUri, database: "lock-test", log });
    try {
      const lockedPages = own.model<Page>("Page", pageSchema);
      await lockedPages.create({ bookId: "b5", index: 1 });
      const file = join(sqliteDir ?? "", "lock-test.sqlite");
      const holdLock = [
        "import sqlite3, sys, time",
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)",
        'db.execute("BEGIN IMMEDIATE")',
        'print("locked", flush=True)',
        "time.sleep(25)",
        'db.execute("COMMIT")',
      ].join("\n");
      const holder = spawn("python3", ["-c", holdLock, file], { stdio: ["ignore", "pipe", "inherit"] });
      const exited = once(holder, "exit");
      const [firstLine] = await once(createInterface({ input: holder.stdout }), "line");
      expect(firstLine).toBe("locked");
      await lockedPages.create({ bookId: "b5", index: 2 });
      expect(await exited).toEqual([0, null]);
      expect(await lockedPages.countDocuments({ bookId: "b5" })).toBe(2);
    } finally {
      await own.close();
    }
  }, 120_000);
});
