import { randomUUID } from "node:crypto";
import { connectMongo, createLogger, pingMongo, unlessDuplicate } from "@turnleaf/kit";
import { Schema } from "mongoose";
import { afterAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

const log = createLogger({ service: "test", level: "silent" });
const connection = await connectMongo({ uri: workerStores().mongodbUri, database: `test-${randomUUID()}`, log });

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

  it("rejects documents that break the schema before they reach the store", async () => {
    await expect(pages.create({ bookId: "b3", index: 0 })).rejects.toThrow(/index/);
    expect(await pages.countDocuments({ bookId: "b3" })).toBe(0);
  });
});
