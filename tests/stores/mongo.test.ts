import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { connectMongo, createLogger, pingMongo, unlessDuplicate } from "@turnleaf/kit";
import { Schema } from "mongoose";
import { afterAll, describe, expect, it } from "vitest";
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

const pages = connection.model<Page>(
  "Page",
  new Schema<Page>({
    bookId: { type: String, required: true },
    index: { type: Number, required: true, min: 1 },
    width: Number,
    words: [String],
  }).index({ bookId: 1, index: 1 }, { unique: true }),
);

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

  // With its default busy_timeout (10 s) FerretDB failed a write waiting for SQLite's one write lock per database
  // after 20 s ("database is locked"); the stores' set-up lets it wait 60 s, as MongoDB would queue it.
  it.skipIf(!stores.sqliteDir)(
    "queues a write behind another writer holding the database 25 s instead of failing it",
    async () => {
      await pages.create({ bookId: "b5", index: 1 });
      const file = join(stores.sqliteDir ?? "", `${connection.name}.sqlite`);
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
      await pages.create({ bookId: "b5", index: 2 });
      expect(await exited).toEqual([0, null]);
      expect(await pages.countDocuments({ bookId: "b5" })).toBe(2);
    },
    90_000,
  );

  it("rejects documents that break the schema before they reach the store", async () => {
    await expect(pages.create({ bookId: "b3", index: 0 })).rejects.toThrow(/index/);
    expect(await pages.countDocuments({ bookId: "b3" })).toBe(0);
  });
});
