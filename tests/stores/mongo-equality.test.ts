import { randomUUID } from "node:crypto";
import { connectMongo, createLogger } from "@turnleaf/kit";
import { mongo } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

// The project's FerretDB lets SQLite skip rows by a top-level equality, through the field's index where it has one
// (scripts/ferretdb/README.md). These are the shapes where a narrowed scan or an index search could lose a document
// MongoDB would match: arrays, ObjectIDs, numbers against strings, text JSON escapes. Each is asked of a collection
// without indexes and of one with an index on every field asked. The expectations are MongoDB's semantics, so the
// file passes on a real mongod too.

const { ObjectId } = mongo;
type ObjectId = mongo.ObjectId;

const log = createLogger({ service: "test", level: "silent" });
const connection = await connectMongo({ uri: workerStores().mongodbUri, database: `test-${randomUUID()}`, log });

interface Row {
  _id: ObjectId;
  label: string;
  bookId?: string | string[];
  owner?: ObjectId | ObjectId[];
  count?: number | string;
  title?: string;
  nested?: { bookId: string };
  touched?: boolean;
}

const owner = new ObjectId();
const oddText = 'q"u\\o<t>e&é中\u2028 end';
const rows: Row[] = [
  { _id: new ObjectId(), label: "plain", bookId: "b1", owner, count: 3, title: "Alpha" },
  { _id: new ObjectId(), label: "array", bookId: ["b0", "b1", "b2"], owner: [new ObjectId(), owner], count: "3" },
  { _id: new ObjectId(), label: "other", bookId: "b2", owner: new ObjectId(), count: 4, title: oddText },
  { _id: new ObjectId(), label: "missing", nested: { bookId: "b1" } },
  { _id: new ObjectId(), label: "odd", bookId: oddText, title: "b1" },
];

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

function database(): mongo.Db {
  const db = connection.db;
  if (!db) throw new Error("mongoose connection has no database handle");
  return db;
}

describe.each([
  { name: "rows", indexes: [] },
  { name: "indexed", indexes: ["bookId", "owner", "count", "title"] },
])("equality filters on the MongoDB-wire server ($name: indexes on $indexes)", ({ name, indexes }) => {
  let rowsCollection: mongo.Collection<Row>;

  beforeAll(async () => {
    rowsCollection = database().collection<Row>(name);
    for (const field of indexes) await rowsCollection.createIndex({ [field]: 1 });
    await rowsCollection.insertMany(rows.map((row) => ({ ...row })));
  });

  async function labelsOf(filter: Record<string, unknown>): Promise<string[]> {
    const found = await rowsCollection.find(filter).toArray();
    return found.map((row) => row.label).sort();
  }

  it("match a field's string and an array holding it, not a nested field of the same name", async () => {
    expect(await labelsOf({ bookId: "b1" })).toEqual(["array", "plain"]);
    expect(await labelsOf({ bookId: "b0" })).toEqual(["array"]);
    expect(await labelsOf({ "nested.bookId": "b1" })).toEqual(["missing"]);
    expect(await labelsOf({ bookId: ["b0", "b1", "b2"] })).toEqual(["array"]);
  });

  it("match an ObjectID in a field and in an array", async () => {
    expect(await labelsOf({ owner })).toEqual(["array", "plain"]);
  });

  it("tell a number from its text", async () => {
    expect(await labelsOf({ count: 3 })).toEqual(["plain"]);
    expect(await labelsOf({ count: "3" })).toEqual(["array"]);
  });

  it("match text with quotes, backslashes, markup characters, non-ASCII and a line separator exactly", async () => {
    expect(await labelsOf({ bookId: oddText })).toEqual(["odd"]);
    expect(await labelsOf({ title: oddText })).toEqual(["other"]);
    expect(await labelsOf({ title: "b1" })).toEqual(["odd"]);
    expect(await labelsOf({ title: "alpha" })).toEqual([]);
  });

  it("combine equalities with each other and with operators", async () => {
    expect(await labelsOf({ bookId: "b1", count: 3 })).toEqual(["plain"]);
    expect(await labelsOf({ bookId: "b1", title: { $exists: false } })).toEqual(["array"]);
    expect(await labelsOf({ bookId: { $in: ["b2", "nope"] } })).toEqual(["array", "other"]);
    expect(await labelsOf({ bookId: "nope" })).toEqual([]);
  });

  it("count, aggregate, update, find-and-modify and delete the same documents a find matches", async () => {
    expect(await rowsCollection.countDocuments({ bookId: "b2" })).toBe(2);
    const grouped = await rowsCollection.aggregate([{ $match: { owner } }, { $count: "n" }]).toArray();
    expect(grouped).toEqual([{ n: 2 }]);
    const updated = await rowsCollection.updateMany({ bookId: "b1" }, { $set: { touched: true } });
    expect(updated.modifiedCount).toBe(2);
    expect(await labelsOf({ touched: true })).toEqual(["array", "plain"]);
    const modified = await rowsCollection.findOneAndUpdate(
      { bookId: "b0" },
      { $set: { title: "changed" } },
      { returnDocument: "after" },
    );
    expect(modified?.label).toBe("array");
    const deleted = await rowsCollection.deleteMany({ bookId: "b2" });
    expect(deleted.deletedCount).toBe(2);
    expect(await labelsOf({})).toEqual(["missing", "odd", "plain"]);
  });

  it("reach FerretDB's SQLite as a narrowed scan or an index search, not a read of every row (the project's build)", async (context) => {
    const db = database();
    const build = await db.admin().command({ buildInfo: 1 });
    // A real mongod (MONGODB_URI) has no such addition to check.
    if (!("ferretdbVersion" in build)) context.skip();
    const planOf = async (filter: Record<string, unknown>) => {
      const explained = await db.command({ explain: { find: name, filter } });
      return { pushdown: explained.filterPushdown, steps: (explained.queryPlanner?.Plan ?? []).join("\n") };
    };
    const plain = await planOf({ bookId: "b1" });
    expect(plain.pushdown).toBe(true);
    // SQLite's plan: with the index, a search of it for the text and for arrays; without, a read of every row.
    if (indexes.length > 0) {
      expect(plain.steps).toContain(`USING INDEX ${name}_`);
      expect(plain.steps).not.toMatch(/\bSCAN\b/);
      expect((await planOf({ owner })).steps).toContain("USING INDEX");
    } else {
      expect(plain.steps).toMatch(/\bSCAN\b/);
    }
    // Text that JSON escapes is still narrowed, by each row's JSON (no index is searched for it).
    const odd = await planOf({ bookId: oddText });
    expect(odd.pushdown).toBe(true);
    expect(odd.steps).toMatch(/\bSCAN\b/);
    expect((await planOf({ count: 3 })).pushdown).toBe(false);
  });
});
