import { randomBytes } from "node:crypto";
import {
  BookRepository,
  BookRevisionRepository,
  buildServices,
  runConversionConsumers,
} from "@turnleaf/book/in-process";
import { BookReadySchema } from "@turnleaf/contracts/book/v1/book_events_pb";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import {
  ConversionJobProgressedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  type Connection,
  connectMongo,
  connectNats,
  createClient,
  createLogger,
  DomainError,
  type NatsConnection,
  publishEvent,
  type RunningConsumer,
  type RunningGrpcServer,
  startGrpcServer,
  subjects,
} from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

// The book status follows the conversions: the book service in this process on the run's MongoDB-wire server, its
// conversion consumers on the run's NATS JetStream, and the events published here on their real subjects exactly as
// the conversion worker publishes them (BookReady, ConversionJobProgressed FAILED).
const stores = workerStores();
const log = createLogger({ service: "book-status-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const owner = "30003";

let mongo: Connection;
let nats: NatsConnection;
let server: RunningGrpcServer;
let consumers: RunningConsumer;
let books: BookRepository;
let client: ReturnType<typeof createClient<typeof BookService>>;
// No power service: nothing here asks it.
const power = createClient(PowerService, "127.0.0.1:1", { peer: "power" });

beforeAll(async () => {
  mongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-book-status-${suffix}`, log });
  books = new BookRepository(mongo);
  const revisions = new BookRevisionRepository(mongo);
  await Promise.all([books.ensureIndexes(), revisions.ensureIndexes()]);
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildServices({ books, revisions, power, log }),
    log,
  });
  server.setServing(true);
  client = createClient(BookService, `127.0.0.1:${server.port}`, { peer: "book" });
  nats = await connectNats({ url: stores.natsUrl, name: "book-status-test", log });
  consumers = await runConversionConsumers(nats, books, log, {
    durablePrefix: `book-status-${suffix}`,
    retryDelayMs: 100,
  });
}, 60_000);

afterAll(async () => {
  await consumers?.stop();
  await nats?.drain();
  client?.close();
  power.close();
  await server?.stop(1_000);
  await mongo?.dropDatabase();
  await mongo?.close();
});

let tasks = 0;
const taskId = () => `task-${suffix}-${++tasks}`;

async function upload(bookId = "") {
  return client.createBookFromUpload({ uploadTaskId: taskId(), userId: owner, title: "Status book", bookId });
}

async function statusOf(bookId: string) {
  const { books: listed } = await client.listBooks({ userId: owner, pageSize: 100 });
  const summary = listed.find((book) => book.bookId === bookId);
  if (!summary) throw new Error(`book ${bookId} is not in the bookcase`);
  return { status: summary.status, bStatus: summary.bStatus, pageCount: summary.pageCount };
}

/** Waits until the consumer has applied what the test published (the event is asynchronous by nature). */
async function eventually(bookId: string, expected: { status: string; bStatus?: number; pageCount?: number }) {
  const deadline = Date.now() + 20_000;
  let last = await statusOf(bookId);
  while (Date.now() < deadline) {
    last = await statusOf(bookId);
    if (Object.entries(expected).every(([key, value]) => last[key as keyof typeof last] === value)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(last).toMatchObject(expected);
  return last;
}

const ready = (bookId: string, revision: number, pageCount: number) =>
  publishEvent(nats, subjects.bookReady(bookId), BookReadySchema, { bookId, revision, pageCount });

const failed = (bookId: string, revision: number) =>
  publishEvent(nats, subjects.conversionJobProgress(`job-${bookId}-${revision}`), ConversionJobProgressedSchema, {
    jobId: `job-${bookId}-${revision}`,
    bookId,
    revision,
    state: ConversionJobState.FAILED,
    message: "PDF conversion failed: broken file",
  });

const converting = (bookId: string, revision: number) =>
  publishEvent(nats, subjects.conversionJobProgress(`job-${bookId}-${revision}`), ConversionJobProgressedSchema, {
    jobId: `job-${bookId}-${revision}`,
    bookId,
    revision,
    state: ConversionJobState.CONVERTING,
    pages: { done: 1n, total: 3n },
  });

async function published(number: string): Promise<boolean> {
  try {
    await client.getPublishedBook({ link: number });
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.kind === "NOT_FOUND") return false;
    throw error;
  }
}

describe("the book status follows its newest revision's conversion", () => {
  it("is uploading while the first revision converts, then enabled with the ready revision's page count", async () => {
    const created = await upload();
    expect(await statusOf(created.bookId)).toEqual({ status: "uploading", bStatus: 2, pageCount: 0 });
    await expect(
      client.setBookStatus({ userId: owner, bookId: created.bookId, status: "disabled" }),
    ).rejects.toMatchObject({
      messageKey: "bookNotReady",
    });
    await converting(created.bookId, 1);
    await ready(created.bookId, 1, 5);
    await eventually(created.bookId, { status: "enabled", bStatus: 1, pageCount: 5 });
    expect(await published(created.number)).toBe(true);
  });

  it("is in error when the only revision fails, and a redelivered failure or ready of nothing newer changes nothing", async () => {
    const created = await upload();
    await failed(created.bookId, 1);
    await eventually(created.bookId, { status: "error", bStatus: 3 });
    expect(await published(created.number)).toBe(false);
    // The bookcase gives the reason: the conversion's final message (issue #35).
    const { books: listed } = await client.listBooks({ userId: owner, pageSize: 100 });
    expect(listed.find((book) => book.bookId === created.bookId)?.errorReason).toBe(
      "PDF conversion failed: broken file",
    );
    await failed(created.bookId, 1);
    // A new upload of the book starts again; only its own outcome ends it.
    const again = await upload(created.bookId);
    expect(again.revision).toBe(2);
    expect(await statusOf(created.bookId)).toMatchObject({ status: "uploading", bStatus: 2 });
    await failed(created.bookId, 1);
    await ready(created.bookId, 2, 9);
    await eventually(created.bookId, { status: "enabled", bStatus: 1, pageCount: 9 });
  });

  it("keeps the previous revision when a reconversion fails, and the owner's disabled choice across one", async () => {
    const created = await upload();
    await ready(created.bookId, 1, 4);
    await eventually(created.bookId, { status: "enabled", pageCount: 4 });
    const second = await upload(created.bookId);
    expect(await statusOf(created.bookId)).toMatchObject({ status: "uploading" });
    // Readers keep the previous revision while the new one converts.
    expect(await published(created.number)).toBe(true);
    await failed(created.bookId, second.revision);
    await eventually(created.bookId, { status: "enabled", bStatus: 1, pageCount: 4 });

    await client.setBookStatus({ userId: owner, bookId: created.bookId, status: "disabled" });
    const third = await upload(created.bookId);
    expect(await published(created.number)).toBe(false);
    await ready(created.bookId, third.revision, 6);
    await eventually(created.bookId, { status: "disabled", bStatus: 0, pageCount: 6 });
  });

  it("is not ended by an older revision's late ready, nor started again by a retried upload call", async () => {
    const created = await upload();
    await ready(created.bookId, 1, 2);
    await eventually(created.bookId, { status: "enabled" });
    const secondTask = taskId();
    const second = await client.createBookFromUpload({
      uploadTaskId: secondTask,
      userId: owner,
      bookId: created.bookId,
    });
    const third = await upload(created.bookId);
    expect([second.revision, third.revision]).toEqual([2, 3]);
    await ready(created.bookId, 2, 7);
    // Revision 2's pages are the newest finished ones, but revision 3 still converts.
    await eventually(created.bookId, { status: "uploading", pageCount: 7 });
    await ready(created.bookId, 3, 8);
    await eventually(created.bookId, { status: "enabled", pageCount: 8 });
    const retried = await client.createBookFromUpload({
      uploadTaskId: secondTask,
      userId: owner,
      bookId: created.bookId,
    });
    expect(retried.revision).toBe(2);
    expect(await statusOf(created.bookId)).toMatchObject({ status: "enabled", pageCount: 8 });
  });

  it("acknowledges events for books that do not exist", async () => {
    await ready(`gone-${suffix}`, 1, 3);
    await failed(`gone-${suffix}`, 1);
    // Both consumers still follow later events.
    const created = await upload();
    await ready(created.bookId, 1, 1);
    await eventually(created.bookId, { status: "enabled", pageCount: 1 });
  });
});

describe("settings texts of books stored before they moved to book_settings", () => {
  it("are moved once at start, readable before and after, and a newer saved entry wins", async () => {
    const legacy = {
      ownerId: owner,
      teamId: "0",
      folderId: "0",
      folderType: 1,
      title: "Legacy",
      html5Tem: "",
      html5Theme: "",
      html5PhoneTem: "",
      bStatus: 1,
    };
    await books.insertIfAbsent({
      ...legacy,
      bookId: `legacy-a-${suffix}`,
      number: `la${suffix}`,
      htmlConfigJson: '{"a":1}',
    });
    await books.insertIfAbsent({ ...legacy, bookId: `legacy-b-${suffix}`, number: `lb${suffix}`, pluginsJson: "[]" });
    const before = await books.findById(`legacy-a-${suffix}`);
    expect(before && (await books.withSettings(before)).htmlConfigJson).toBe('{"a":1}');

    expect(await books.moveSettingsTexts()).toBe(2);
    expect(await books.moveSettingsTexts()).toBe(0);
    const raw = await mongo.collection("books").findOne({ bookId: `legacy-a-${suffix}` });
    expect(raw).not.toHaveProperty("htmlConfigJson");
    const after = await books.findById(`legacy-a-${suffix}`);
    expect(after && (await books.withSettings(after))).toMatchObject({ htmlConfigJson: '{"a":1}', pluginsJson: "[]" });

    // A stale copy left on the book never overwrites what was saved since.
    const settings = { htmlConfigJson: '{"a":2}', pluginsJson: "[]", downloadConfig: null, isDownload: false };
    const revision = await books.saveSettingsAt(`legacy-a-${suffix}`, settings, 0);
    expect(revision).toBe(1);
    await books.copySettings(`legacy-a-${suffix}`, settings, revision ?? 1);
    await mongo
      .collection("books")
      .updateOne({ bookId: `legacy-a-${suffix}` }, { $set: { htmlConfigJson: '{"a":1}' } });
    expect(await books.moveSettingsTexts()).toBe(1);
    const kept = await books.findById(`legacy-a-${suffix}`);
    expect(kept && (await books.withSettings(kept)).htmlConfigJson).toBe('{"a":2}');
  });
});
