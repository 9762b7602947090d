import { randomBytes } from "node:crypto";
import { BookRepository, BookRevisionRepository, FileStore, sweepRevisions } from "@turnleaf/book/in-process";
import { createLogger } from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { startInProcessStack } from "../support/in-process-stack.js";
import { writeRevision } from "./actors.js";

// Issue 16, finding 4, the second half: an overwritten revision's files (and a deleted book's) leave the books
// bucket once a grace period has passed, on the real MongoDB-wire server and MinIO.
const stores = workerStores();
const log = createLogger({ service: "revision-sweep-test", level: "silent" });
const suffix = randomBytes(3).toString("hex");
const startStack = () => startInProcessStack({ stores, label: `sweep-${suffix}`, log, buckets: ["books"] });
const hour = 3_600_000;
let stack: Awaited<ReturnType<typeof startStack>>;
let books: BookRepository;
let revisions: BookRevisionRepository;
let files: FileStore;

beforeAll(async () => {
  stack = await startStack();
  const mongo = await stack.database("book");
  books = new BookRepository(mongo);
  revisions = new BookRevisionRepository(mongo);
  await Promise.all([books.ensureIndexes(), revisions.ensureIndexes()]);
  files = new FileStore(stack.s3, "unused-assets", stack.buckets.books, "unused-sources");
});

afterAll(() => stack?.stop());

async function storedRevisions(bookId: string): Promise<number[]> {
  const found = new Set<number>();
  for await (const item of stack.s3.listObjectsV2(stack.buckets.books, `books/${bookId}/`, true)) {
    const revision = Number(/\/r(\d+)\//.exec(item.name ?? "")?.[1]);
    if (Number.isInteger(revision)) found.add(revision);
  }
  return [...found].sort();
}

const book = (bookId: string, number: string) => ({
  bookId,
  number,
  ownerId: "1",
  teamId: "0",
  folderId: "0",
  folderType: 1,
  title: "Swept",
  html5Tem: "",
  html5Theme: "",
  html5PhoneTem: "",
  bStatus: 1,
});

describe("the revision sweep", () => {
  it("removes a superseded revision after the grace period, keeps the shown and the converting one, and all of a deleted book", async () => {
    const written = { s3: stack.s3, booksBucket: stack.buckets.books, revisions };
    const live = { bookId: `live${suffix}`, number: `nlive${suffix}` };
    await books.insertIfAbsent(book(live.bookId, live.number));
    await writeRevision(written, live, 1);
    await writeRevision(written, live, 2);
    await writeRevision(written, live, 3, "converting");
    const gone = { bookId: `gone${suffix}`, number: `ngone${suffix}` };
    await writeRevision(written, gone, 1);
    const deps = { books, revisions, files, log, graceMs: hour };

    // Within the grace period nothing of a live book goes; the deleted book's files do.
    expect((await sweepRevisions({ ...deps, now: () => new Date() })).removed).toBe(1);
    expect(await storedRevisions(live.bookId)).toEqual([1, 2, 3]);
    expect(await storedRevisions(gone.bookId)).toEqual([]);

    const later = () => new Date(Date.now() + 2 * hour);
    expect((await sweepRevisions({ ...deps, now: later })).removed).toBe(1);
    expect(await storedRevisions(live.bookId)).toEqual([2, 3]);
    expect((await sweepRevisions({ ...deps, now: later })).removed).toBe(0);
    expect(await revisions.storedRevisionsOf(live.bookId)).toEqual([2, 3]);
  });
});
