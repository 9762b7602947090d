import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { Code, ConnectError, createClient as createConnectClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { BookRepository, BookRevisionRepository, buildServices as buildBookServices } from "@turnleaf/book/in-process";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import {
  ConversionJobProgressedSchema,
  ConversionJobRequestedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { UploadTaskState } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import { UploadProgressService, WatchPhase } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { buildApp, connectPeers, connectStoreProbes, type Peers, type StoreProbes } from "@turnleaf/gateway/in-process";
import {
  type Connection,
  connectMongo,
  connectNats,
  createClient,
  createLogger,
  createS3Client,
  ensureBuckets,
  ensureStreams,
  type NatsConnection,
  publishEvent,
  type RunningGrpcServer,
  type S3Client,
  startGrpcServer,
  streams,
  subjects,
} from "@turnleaf/kit";
import { assemblePower, buildServices as buildPowerServices } from "@turnleaf/power/in-process";
import {
  assembleUploadDesk,
  buildServices as buildUploadServices,
  powerUploadAllowance,
  startExpirySweep,
  type UploadDesk,
} from "@turnleaf/upload/in-process";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { startLanguageServer } from "../support/language-peer.js";
import { messageIn, zhMessage } from "../support/messages.js";
import { fakeImage, makePdf, sha256 } from "./fixtures.js";

// The upload and book services in this process (so the upload clock can move) on the run's real MongoDB-wire
// server, NATS JetStream and MinIO, with the real gateway in front; the converter is played by the test.
const stores = workerStores();
const log = createLogger({ service: "upload-test", level: "silent" });
const mebibyte = 1024 * 1024;
const partSize = 5 * mebibyte;
const ttlMs = 60 * 60 * 1000;
const userId = "10001";
const suffix = randomBytes(4).toString("hex");
const bucket = `turnleaf-sources-test-${suffix}`;

let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
let uploadMongo: Connection;
let bookMongo: Connection;
let powerMongo: Connection;
let powerServer: RunningGrpcServer;
let nats: NatsConnection;
let s3: S3Client;
let bookServer: RunningGrpcServer;
let uploadServer: RunningGrpcServer;
let languageServer: Awaited<ReturnType<typeof startLanguageServer>> | undefined;
let desk: UploadDesk;
let books: BookRepository;
let peers: Peers;
let storeProbes: StoreProbes;
let gateway: FastifyInstance;
let gatewayUrl: string;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  uploadMongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-upload-test-${suffix}`, log });
  bookMongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-book-test-${suffix}`, log });
  nats = await connectNats({ url: stores.natsUrl, name: "upload-test", log });
  await ensureStreams(nats, [streams.upload, streams.conversion]);
  s3 = createS3Client(stores.s3);
  await ensureBuckets(s3, [bucket], stores.s3.region, log);

  books = new BookRepository(bookMongo);
  const revisions = new BookRevisionRepository(bookMongo);
  await Promise.all([books.ensureIndexes(), revisions.ensureIndexes()]);
  const power = createClient(PowerService, "127.0.0.1:1", { peer: "power" });
  closers.push(() => power.close());
  bookServer = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildBookServices({ books, revisions, power }),
    log,
  });
  bookServer.setServing(true);
  const bookClient = createClient(BookService, `127.0.0.1:${bookServer.port}`, { peer: "book" });
  closers.push(() => bookClient.close());

  // The power service with its demo seed: the acting user (the demo user) has a VIP plan with room.
  powerMongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-power-test-${suffix}`, log });
  powerServer = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildPowerServices(await assemblePower({ mongo: powerMongo, log, demoSeed: true })),
    log,
  });
  powerServer.setServing(true);
  const powerClient = createClient(PowerService, `127.0.0.1:${powerServer.port}`, { peer: "power" });
  closers.push(() => powerClient.close());

  desk = await assembleUploadDesk({
    mongo: uploadMongo,
    nats,
    s3,
    bucket,
    book: bookClient,
    allowance: powerUploadAllowance(powerClient),
    settings: { ttlMs, partSizeBytes: partSize },
    log,
    now,
  });
  uploadServer = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildUploadServices({ desk, nats }),
    log,
  });
  uploadServer.setServing(true);

  languageServer = await startLanguageServer(uploadMongo, log);
  const config = testGatewayConfig(stores, {
    book: `127.0.0.1:${bookServer.port}`,
    upload: `127.0.0.1:${uploadServer.port}`,
    language: languageServer.address,
  });
  peers = connectPeers(config);
  storeProbes = await connectStoreProbes(config, log);
  gateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: userId });
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  peers?.close();
  await storeProbes?.close();
  for (const close of closers) await close();
  await uploadServer?.stop(1_000);
  await languageServer?.stop();
  await bookServer?.stop(1_000);
  await powerServer?.stop(1_000);
  await nats?.drain();
  await uploadMongo?.dropDatabase();
  await uploadMongo?.close();
  await bookMongo?.dropDatabase();
  await bookMongo?.close();
  await powerMongo?.dropDatabase();
  await powerMongo?.close();
  if (s3) {
    const keys: string[] = [];
    for await (const item of s3.listObjectsV2(bucket, "", true)) if (item.name) keys.push(item.name);
    await s3.removeObjects(bucket, keys);
    await s3.removeBucket(bucket).catch(() => undefined);
  }
});

interface Reply {
  code: string;
  msg: string;
  status: string;
  data: Record<string, unknown> | null;
}

interface TaskData {
  taskId: string;
  state: string;
  message: string;
  bookId: string;
  number: string;
  revision: number;
  files: { fileId: string; name: string; size: number; received: number; skipped: boolean; pages: number }[];
  bytes: { done: number; total: number };
  partSize: number;
}

async function post(path: string, fields: Record<string, string>): Promise<Reply> {
  const response = await gateway.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json() as Reply;
}

function declare(name: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
  return { name, size: bytes.length, type: name.endsWith(".pdf") ? "application/pdf" : "image/png", ...extra };
}

async function begin(fields: Record<string, string>, path = "/api/book/begin-upload"): Promise<Reply> {
  return post(path, { title: "A test book", ...fields });
}

async function begun(fields: Record<string, string>, path?: string): Promise<TaskData> {
  const reply = await begin(fields, path);
  expect(reply, reply.msg).toMatchObject({ code: "OK" });
  return reply.data as unknown as TaskData;
}

async function sendChunk(taskId: string, fileId: string, offset: number, bytes: Buffer) {
  const response = await gateway.inject({
    method: "POST",
    url: `/api/book/upload-book-files?taskId=${taskId}&fileId=${fileId}&offset=${offset}`,
    headers: { "content-type": "application/octet-stream" },
    payload: bytes,
  });
  return { reply: response.json() as Reply, offsetHeader: response.headers["upload-offset"] };
}

async function serverOffset(taskId: string, fileId: string): Promise<number> {
  const response = await gateway.inject({
    method: "HEAD",
    url: `/api/book/upload-book-files?taskId=${taskId}&fileId=${fileId}`,
  });
  expect(response.statusCode).toBe(200);
  return Number(response.headers["upload-offset"]);
}

/** Sends the rest of a file from the server's offset in chunks of the given size, as a resuming client does. */
async function uploadRest(taskId: string, fileId: string, bytes: Buffer, chunkSize = 3 * mebibyte): Promise<void> {
  let offset = await serverOffset(taskId, fileId);
  while (offset < bytes.length) {
    const { reply } = await sendChunk(taskId, fileId, offset, bytes.subarray(offset, offset + chunkSize));
    if (reply.code === "UPLOAD_OFFSET_CONFLICT") {
      offset = (reply.data as { offset: number }).offset;
      continue;
    }
    expect(reply, reply.msg).toMatchObject({ code: "OK" });
    offset = (reply.data as { offset: number }).offset;
  }
}

async function uploadWhole(fields: Record<string, string>, files: [string, Buffer][]): Promise<TaskData> {
  const task = await begun({ ...fields, files: JSON.stringify(files.map(([name, bytes]) => declare(name, bytes))) });
  for (const [index, [, bytes]] of files.entries()) await uploadRest(task.taskId, `f${index + 1}`, bytes);
  return task;
}

async function readObject(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await s3.getObject(bucket, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function messagesOn(subject: string): Promise<number> {
  const manager = await jetstreamManager(nats);
  const info = await manager.streams.info(streams.conversion.name, { subjects_filter: subject });
  return (info.state.subjects as Record<string, number> | undefined)?.[subject] ?? 0;
}

async function lastJob(taskId: string) {
  const manager = await jetstreamManager(nats);
  const message = await manager.streams.getMessage(streams.conversion.name, {
    last_by_subj: subjects.conversionJobRequested(taskId),
  });
  if (!message) throw new Error("no job");
  const { fromBinary } = await import("@bufbuild/protobuf");
  return fromBinary(ConversionJobRequestedSchema, message.data);
}

/** Sends part of a body on a real socket and drops the connection, as a client losing its network does. */
async function sendAndDrop(taskId: string, fileId: string, offset: number, bytes: Buffer, sendBytes: number) {
  const url = new URL(`/api/book/upload-book-files?taskId=${taskId}&fileId=${fileId}&offset=${offset}`, gatewayUrl);
  const request = httpRequest(url, {
    method: "POST",
    headers: { "content-type": "application/octet-stream", "content-length": String(bytes.length) },
  });
  request.on("error", () => undefined);
  await new Promise<void>((resolve) => request.write(bytes.subarray(0, sendBytes), () => resolve()));
  // Wait until the first part is stored (the gateway is then mid-request), then drop.
  for (let attempt = 0; attempt < 200 && (await serverOffset(taskId, fileId)) < partSize; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  request.destroy();
  // The gateway keeps what arrived before the drop; wait for the offset to settle: everything sent, or no change
  // for 2 s (a loaded machine took over 150 ms to store the tail).
  let current = await serverOffset(taskId, fileId);
  let unchangedSince = Date.now();
  while (current < offset + sendBytes && Date.now() - unchangedSince < 2_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await serverOffset(taskId, fileId);
    if (next !== current) unchangedSince = Date.now();
    current = next;
  }
  return current;
}

describe("resumable upload", () => {
  it("completes a PDF sent in interrupted chunks byte-exact, with the offset as the truth", async () => {
    const pdf = await makePdf({ pages: 4, paddingBytes: 11 * mebibyte });
    const task = await begun({ files: JSON.stringify([declare("big.pdf", pdf, { sha256: sha256(pdf) })]) });
    expect(task).toMatchObject({ state: "starting", partSize, bytes: { done: 0, total: pdf.length } });

    // The connection drops mid-way: what arrived is kept; the client asks for the offset and continues.
    const dropped = await sendAndDrop(task.taskId, "f1", 0, pdf, 7 * mebibyte);
    expect(dropped).toBeGreaterThanOrEqual(partSize);
    expect(dropped).toBeLessThanOrEqual(7 * mebibyte);
    const progress = await post("/api/book/get-progress", { taskId: task.taskId });
    expect(progress.data).toMatchObject({ phase: "upload", task: { state: "uploading", bytes: { done: dropped } } });

    // A chunk at another offset is a conflict answering the current offset; nothing is written.
    const wrong = await sendChunk(task.taskId, "f1", dropped + 10, pdf.subarray(dropped + 10, dropped + 100));
    expect(wrong.reply).toMatchObject({
      code: "UPLOAD_OFFSET_CONFLICT",
      msg: zhMessage("upload.offsetConflict", { offset: dropped }),
      data: { fileId: "f1", offset: dropped },
    });
    expect(wrong.offsetHeader).toBe(String(dropped));
    const early = await sendChunk(task.taskId, "f1", 0, pdf.subarray(0, 100));
    expect(early.reply).toMatchObject({ code: "UPLOAD_OFFSET_CONFLICT", data: { offset: dropped } });
    expect(await serverOffset(task.taskId, "f1")).toBe(dropped);

    // Completion before the last byte is refused with the offset to continue from.
    const tooSoon = await post("/api/book/end-upload", { taskId: task.taskId });
    expect(tooSoon).toMatchObject({ code: "UPLOAD_OFFSET_CONFLICT", data: { offset: dropped } });

    await uploadRest(task.taskId, "f1", pdf, 2 * mebibyte + 12345);
    const done = await post("/api/book/end-upload", { taskId: task.taskId });
    expect(done, done.msg).toMatchObject({ code: "OK", data: { state: "completed", revision: 1 } });
    const completed = done.data as unknown as TaskData;
    expect(completed.files[0]).toMatchObject({ received: pdf.length, pages: 4 });
    expect(Buffer.compare(await readObject(`uploads/${task.taskId}/f1`), pdf)).toBe(0);
    // No parked tail is left behind.
    const leftovers: string[] = [];
    for await (const item of s3.listObjectsV2(bucket, `tmp/${task.taskId}/`, true)) leftovers.push(item.name ?? "");
    expect(leftovers).toEqual([]);

    // A retried completion (the reply was lost) answers the same book: one book, one job.
    const again = await post("/api/book/end-upload", { taskId: task.taskId });
    expect(again).toMatchObject({ code: "OK", data: { state: "completed", bookId: completed.bookId } });
    expect(await books.findById(completed.bookId)).toMatchObject({ ownerId: userId, title: "A test book" });
    expect(await messagesOn(subjects.conversionJobRequested(task.taskId))).toBe(1);
    const job = await lastJob(task.taskId);
    expect(job).toMatchObject({ jobId: task.taskId, bookId: completed.bookId, revision: 1, trial: false });
    expect(job.sources).toHaveLength(1);
    expect(job.sources[0]).toMatchObject({ key: `uploads/${task.taskId}/f1`, displayName: "big.pdf" });
    expect(job.options).toMatchObject({ maxSidePx: 2200, quality: 85, importToc: true, pageRange: "" });
  });

  it("makes one book and one job of end-upload sent several times at once (an editor retrying while the first runs)", async () => {
    const pdf = await makePdf({ pages: 3 });
    const task = await uploadWhole({ title: "Ended at once" }, [["once.pdf", pdf]]);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => post("/api/book/end-upload", { taskId: task.taskId })),
    );
    for (const reply of replies) expect(reply, reply.msg).toMatchObject({ code: "OK", data: { state: "completed" } });
    const ended = replies.map((reply) => reply.data as unknown as TaskData);
    expect(new Set(ended.map((each) => each.bookId)).size).toBe(1);
    expect(new Set(ended.map((each) => each.number)).size).toBe(1);
    expect(ended.every((each) => each.revision === 1)).toBe(true);
    expect(await books.findById(ended[0]?.bookId ?? "")).toMatchObject({ title: "Ended at once" });
    expect(await messagesOn(subjects.conversionJobRequested(task.taskId))).toBe(1);
  });

  it("refuses a file whose SHA-256 does not match", async () => {
    const pdf = await makePdf();
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf, { sha256: sha256(Buffer.from("x")) })]) });
    await uploadRest(task.taskId, "f1", pdf);
    const reply = await post("/api/book/end-upload", { taskId: task.taskId });
    expect(reply).toMatchObject({
      code: "ERROR",
      msg: zhMessage("upload.checksum", { name: "a.pdf" }),
    });
    const progress = await post("/api/book/get-progress", { taskId: task.taskId });
    expect(progress.data).toMatchObject({ phase: "failed", task: { state: "failed" } });
    expect(await messagesOn(subjects.conversionJobRequested(task.taskId))).toBe(0);
    // Asking again answers the same failure.
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({ msg: reply.msg });
  });

  it("refuses bytes past the declared size", async () => {
    const pdf = await makePdf();
    const task = await begun({ files: JSON.stringify([{ name: "a.pdf", size: 2000 }]) });
    const { reply } = await sendChunk(task.taskId, "f1", 0, pdf.subarray(0, 2500));
    expect(reply).toMatchObject({ code: "ERROR", msg: "a.pdf 大于声明的 2000 字节" });
    expect(await serverOffset(task.taskId, "f1")).toBe(0);
  });

  it("pauses, continues and cancels", async () => {
    const pdf = await makePdf({ paddingBytes: 6 * mebibyte });
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf)]) });
    await sendChunk(task.taskId, "f1", 0, pdf.subarray(0, 5 * mebibyte + 100));
    expect(await post("/api/book/operate-book", { taskId: task.taskId, operate: "pause" })).toMatchObject({
      data: { state: "paused" },
    });
    const refused = await sendChunk(task.taskId, "f1", 5 * mebibyte + 100, pdf.subarray(5 * mebibyte + 100));
    expect(refused.reply).toMatchObject({ code: "ERROR", msg: zhMessage("upload.paused") });
    expect(await post("/api/book/operate-book", { taskId: task.taskId, operate: "continue" })).toMatchObject({
      data: { state: "uploading" },
    });
    expect(await post("/api/book/operate-book", { taskId: task.taskId, operate: "cancel" })).toMatchObject({
      data: { state: "cancelled" },
    });
    const open: string[] = [];
    for await (const upload of s3.listIncompleteUploads(bucket, `uploads/${task.taskId}/f1`, true))
      open.push(upload.key);
    expect(open).toEqual([]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({
      code: "ERROR",
      msg: zhMessage("upload.cancelled"),
    });
  });

  it("expires unfinished uploads and removes their parts", async () => {
    const pdf = await makePdf({ paddingBytes: 6 * mebibyte });
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf)]) });
    await sendChunk(task.taskId, "f1", 0, pdf.subarray(0, 5 * mebibyte + 4096));
    const tails = async () => {
      const keys: string[] = [];
      for await (const item of s3.listObjectsV2(bucket, `tmp/${task.taskId}/`, true)) keys.push(item.name ?? "");
      return keys;
    };
    const openUploads = async () => {
      const keys: string[] = [];
      for await (const upload of s3.listIncompleteUploads(bucket, `uploads/${task.taskId}/f1`, true))
        keys.push(upload.key);
      return keys;
    };
    expect(await tails()).toHaveLength(1);
    expect(await openUploads()).toHaveLength(1);

    clockOffsetMs = ttlMs + 1_000;
    const stop = startExpirySweep(desk, 20, log);
    try {
      let state = "";
      for (let attempt = 0; attempt < 400 && state !== "failed"; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        state = ((await post("/api/book/get-progress", { taskId: task.taskId })).data as { task: TaskData }).task.state;
      }
      expect(state).toBe("failed");
    } finally {
      await stop();
      clockOffsetMs = 0;
    }
    const progress = await post("/api/book/get-progress", { taskId: task.taskId });
    expect(progress.data).toMatchObject({ task: { message: "上传已过期：请重新开始" } });
    expect(await tails()).toEqual([]);
    expect(await openUploads()).toEqual([]);
    expect(await serverOffset(task.taskId, "f1")).toBe(0);
  });
});

describe("validation at begin-upload", () => {
  const onePdf = JSON.stringify([{ name: "a.pdf", size: 1000 }]);

  it.each([
    ["a missing title", { title: " ", files: onePdf }, "请输入标题"],
    ["overwrite without a book", { overwrite: "1", files: onePdf }, "请选择要覆盖的书"],
    ["no files", { files: "[]" }, "请上传文件"],
    ["a blank page range", { files: onePdf, pdfImportConfig: JSON.stringify({ r: " " }) }, "请填写要导入的页码范围"],
    ["a malformed page range", { files: onePdf, pdfImportConfig: JSON.stringify({ r: "1,5-" }) }, "格式不正确"],
    ["a PDF of 1 GB", { files: JSON.stringify([{ name: "a.pdf", size: 1024 ** 3 }]) }, "不能超过 1 GB"],
    [
      "merged PDFs of 1 GB",
      {
        files: JSON.stringify([
          { name: "a.pdf", size: 600 * mebibyte },
          { name: "b.pdf", size: 500 * mebibyte },
        ]),
      },
      "不能超过 1 GB",
    ],
    ["a BMP on the web path", { files: JSON.stringify([{ name: "a.bmp", size: 1000 }]) }, "仅支持 jpg、jpeg、png 图片"],
    [
      "a document of another type",
      {
        files: JSON.stringify([
          { name: "a.pdf", size: 10 },
          { name: "b.txt", size: 10 },
        ]),
      },
      "文件格式不正确",
    ],
    [
      "PDFs with images",
      {
        files: JSON.stringify([
          { name: "a.pdf", size: 10 },
          { name: "b.png", size: 10 },
        ]),
      },
      "PDF 和图片不能合并成一本书",
    ],
    [
      "a password with merged PDFs",
      {
        password: "x",
        files: JSON.stringify([
          { name: "a.pdf", size: 10 },
          { name: "b.pdf", size: 10 },
        ]),
      },
      "受密码保护的 PDF 不能合并",
    ],
    [
      "13 images on a trial",
      {
        trial: "1",
        files: JSON.stringify(Array.from({ length: 13 }, (_, index) => ({ name: `${index}.jpg`, size: 10 }))),
      },
      "试用版只能导入 12 页或图片：本次上传有 13 个，请重新选择",
    ],
  ])("refuses %s", async (_case, fields, message) => {
    const reply = await begin(fields as Record<string, string>);
    expect(reply).toMatchObject({ code: "ERROR", msg: message, status: "0" });
  });

  it.each([
    [{ definition: "96" }, "definition"],
    [{ definition: "79" }, "definition"],
    [{ maxEdge: "449" }, "maxEdgePx"],
    [{ maxEdge: "3201" }, "maxEdgePx"],
    [{ dpi: "71" }, "dpi"],
    [{ dpi: "321" }, "dpi"],
  ])("holds page quality %j to its bounds", async (fields, field) => {
    const reply = await begin({ files: onePdf, ...fields }, "/api/book/create-book-multi");
    expect(reply).toMatchObject({ code: "ERROR", msg: "页面质量超出范围：清晰度 80-95，边长 450-3200，DPI 72-320" });
    expect((reply.data as { errors: { field: string }[] }).errors.map((error) => error.field)).toEqual([field]);
  });

  it("speaks the desktop tool's texts on its paths, and takes BMP and custom quality there", async () => {
    expect(await begin({ title: "", files: onePdf }, "/api/book/create-book-multi")).toMatchObject({
      msg: "请输入书名！",
    });
    expect(await begin({ files: onePdf }, "/api/book/replace-book-multi")).toMatchObject({
      msg: "请选择要覆盖的在线书",
    });
    expect(
      await begin({ files: JSON.stringify([{ name: "a.pdf", size: 1024 ** 3 }]) }, "/api/book/create-book-multi"),
    ).toMatchObject({
      msg: "PDF 必须小于 1 GB",
    });
    const task = await begun(
      { files: JSON.stringify([{ name: "a.bmp", size: 1000 }]), definition: "95", maxEdge: "450", dpi: "72" },
      "/api/book/create-book-multi",
    );
    expect(task.files[0]).toMatchObject({ name: "a.bmp", size: 1000 });
  });

  it("asks about images over 10 MB, and skips them when told to", async () => {
    const files = JSON.stringify([
      { name: "small.png", size: 1000 },
      { name: "huge.jpg", size: 11 * mebibyte },
    ]);
    const prompt = await begin({ files });
    expect(prompt).toMatchObject({
      code: "IMAGE_OVER_SIZE",
      msg: "有超过 10 MB 的图片：跳过它们，还是继续？",
      data: { files: [{ name: "huge.jpg", size: 11 * mebibyte }], choices: ["skip", "continue"] },
    });
    const skipped = await begun({ files, largeImages: "skip" });
    expect(skipped.files.map((file) => file.skipped)).toEqual([false, true]);
    expect(skipped.bytes.total).toBe(1000);
    const kept = await begun({ files, largeImages: "continue" });
    expect(kept.files.map((file) => file.skipped)).toEqual([false, false]);
  });

  it("answers LOGIN_SIGNOUT without an acting user", async () => {
    const anonymous = await buildApp({ log, peers, stores: storeProbes, devActorUserId: undefined });
    const response = await anonymous.inject({
      method: "POST",
      url: "/api/book/begin-upload",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "title=x",
    });
    expect(response.json()).toMatchObject({ code: "LOGIN_SIGNOUT" });
    await anonymous.close();
  });
});

describe("validation at end-upload", () => {
  it("checks the bytes' type", async () => {
    const task = await uploadWhole({}, [["fake.pdf", Buffer.from("this is not a PDF at all")]]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({
      code: "ERROR",
      msg: "文件格式不正确",
    });
    // An image is judged by its first chunk already.
    const gif = Buffer.from("GIF89a and more bytes");
    const image = await begun({ files: JSON.stringify([declare("photo.png", gif)]) });
    expect((await sendChunk(image.taskId, "f1", 0, gif)).reply).toMatchObject({
      code: "ERROR",
      msg: "仅支持 jpg、jpeg、png 图片",
    });
    expect(await serverOffset(image.taskId, "f1")).toBe(0);
  });

  it("completes images in order as image sources, BMP on the desktop path only", async () => {
    const task = await uploadWhole({}, [
      ["one.jpg", fakeImage("jpeg")],
      ["two.png", fakeImage("png")],
    ]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({ code: "OK" });
    const job = await lastJob(task.taskId);
    expect(job.sources.map((source) => [source.displayName, source.kind])).toEqual([
      ["one.jpg", 2],
      ["two.png", 2],
    ]);
    const bmp = fakeImage("bmp");
    const desktop = await begun({ files: JSON.stringify([declare("scan.bmp", bmp)]) }, "/api/book/create-book-multi");
    await uploadRest(desktop.taskId, "f1", bmp);
    expect(await post("/api/book/end-upload", { taskId: desktop.taskId })).toMatchObject({ code: "OK" });
  });

  it("limits merged PDFs to 1000 pages", async () => {
    const [first, second] = await Promise.all([makePdf({ pages: 600 }), makePdf({ pages: 401 })]);
    const task = await uploadWhole({}, [
      ["one.pdf", first],
      ["two.pdf", second],
    ]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({
      code: "ERROR",
      msg: "导入的 PDF 不能超过 1000 页",
    });
  });

  it("limits a trial to 12 pages, and holds the page range to the pages", async () => {
    const pdf = await makePdf({ pages: 13 });
    const trial = await uploadWhole({ trial: "1" }, [["a.pdf", pdf]]);
    expect(await post("/api/book/end-upload", { taskId: trial.taskId })).toMatchObject({
      msg: "试用版只能导入 12 页或图片：本次上传有 13 个，请重新选择",
    });
    const ranged = await uploadWhole({ trial: "1", pdfImportConfig: JSON.stringify({ r: "1-12" }) }, [["a.pdf", pdf]]);
    expect(await post("/api/book/end-upload", { taskId: ranged.taskId })).toMatchObject({ code: "OK" });
    const outside = await uploadWhole({ pdfImportConfig: JSON.stringify({ r: "1,14" }) }, [["a.pdf", pdf]]);
    expect(await post("/api/book/end-upload", { taskId: outside.taskId })).toMatchObject({ msg: "格式不正确" });
  });

  it("asks for a protected PDF's password, refuses a wrong one, and converts with the right one", async () => {
    const pdf = await makePdf({ userPassword: "s3cret" });
    const task = await uploadWhole({}, [["locked.pdf", pdf]]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId })).toMatchObject({
      code: "PDF_PASSWORD_REQUIRED",
      msg: "此 PDF 受密码保护：请输入密码",
      data: { fileId: "f1", name: "locked.pdf" },
    });
    expect(await post("/api/book/end-upload", { taskId: task.taskId, password: "wrong" })).toMatchObject({
      code: "PDF_PASSWORD_INCORRECT",
      msg: "密码错误！",
    });
    expect(await post("/api/book/end-upload", { taskId: task.taskId, password: "s3cret" })).toMatchObject({
      code: "OK",
      data: { state: "completed" },
    });
    expect((await lastJob(task.taskId)).sources[0]).toMatchObject({ password: "s3cret" });
  });

  it("never merges a protected PDF with another", async () => {
    const [locked, plain] = await Promise.all([makePdf({ userPassword: "pw" }), makePdf()]);
    const task = await uploadWhole({}, [
      ["locked.pdf", locked],
      ["plain.pdf", plain],
    ]);
    expect(await post("/api/book/end-upload", { taskId: task.taskId, password: "pw" })).toMatchObject({
      msg: "受密码保护的 PDF 不能合并",
    });
  });
});

describe("books, reconversion and progress", () => {
  it("reconverts a book's sources into a new revision with the same settings", async () => {
    const pdf = await makePdf();
    const task = await uploadWhole({ engineType: "1", cutType: "-1" }, [["a.pdf", pdf]]);
    const first = (await post("/api/book/end-upload", { taskId: task.taskId })).data as unknown as TaskData;
    const reply = await post("/api/book/reconvert-book-multi", { bookId: first.bookId });
    expect(reply, reply.msg).toMatchObject({
      code: "OK",
      data: { state: "completed", bookId: first.bookId, revision: 2 },
    });
    const second = reply.data as unknown as TaskData;
    const job = await lastJob(second.taskId);
    expect(job).toMatchObject({ bookId: first.bookId, revision: 2, options: { engine: 1, cut: 2 } });
    expect(job.sources[0]).toMatchObject({ key: `uploads/${task.taskId}/f1` });
    expect(await post("/api/book/reconvert-book-multi", { bookId: "nobook" })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
  });

  it("overwrites a chosen book with a new revision", async () => {
    const pdf = await makePdf();
    const original = await uploadWhole({}, [["a.pdf", pdf]]);
    const done = (await post("/api/book/end-upload", { taskId: original.taskId })).data as unknown as TaskData;
    const replacement = await uploadWhole({ overwrite: "1", bookId: done.bookId }, [["b.pdf", pdf]]);
    const reply = await post("/api/book/end-upload", { taskId: replacement.taskId });
    expect(reply).toMatchObject({ code: "OK", data: { bookId: done.bookId, number: done.number, revision: 2 } });
  });

  it("relays upload states then conversion progress to a Connect client, in order, ending in ready", async () => {
    const pdf = await makePdf({ pages: 3 });
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf)]) });
    const client = createConnectClient(
      UploadProgressService,
      createConnectTransport({ baseUrl: gatewayUrl, httpVersion: "1.1" }),
    );
    const received: { phase: WatchPhase; upload: UploadTaskState; conversion: ConversionJobState; pages: number }[] =
      [];
    const watching = (async () => {
      for await (const message of client.watchUpload({ taskId: task.taskId })) {
        received.push({
          phase: message.phase,
          upload: message.uploadState,
          conversion: message.conversionState,
          pages: Number(message.pages?.done ?? 0n),
        });
      }
    })();

    await uploadRest(task.taskId, "f1", pdf, 4096);
    const done = (await post("/api/book/end-upload", { taskId: task.taskId })).data as unknown as TaskData;
    // The converter's part, played here.
    const progress = (state: ConversionJobState, pages: number) =>
      publishEvent(nats, subjects.conversionJobProgress(task.taskId), ConversionJobProgressedSchema, {
        jobId: task.taskId,
        bookId: done.bookId,
        state,
        pages: { done: BigInt(pages), total: 3n },
        revision: 1,
        manifestKey: pages > 0 ? `books/${done.bookId}/r1/manifest.json` : "",
      });
    await progress(ConversionJobState.QUEUED, 0);
    for (const page of [1, 2, 3]) await progress(ConversionJobState.CONVERTING, page);

    const polled = await post("/api/book/get-book-progress", { bookId: done.bookId });
    expect(polled.data).toMatchObject({ phase: "conversion", conversion: { state: "converting", pagesTotal: 3 } });
    await progress(ConversionJobState.COMPLETED, 3);
    await watching;

    const phases = received.map((message) => message.phase);
    expect(phases.at(-1)).toBe(WatchPhase.READY);
    const uploads = received.filter((message) => message.phase === WatchPhase.UPLOAD).map((message) => message.upload);
    expect(uploads[0]).toBe(UploadTaskState.STARTING);
    expect(uploads.at(-1)).toBe(UploadTaskState.COMPLETED);
    expect(uploads).toContain(UploadTaskState.UPLOADING);
    expect(uploads).toContain(UploadTaskState.COMPLETING);
    // Every upload message comes before every conversion message, and pages only grow.
    const firstConversion = phases.indexOf(WatchPhase.CONVERSION);
    expect(phases.slice(0, firstConversion).every((phase) => phase === WatchPhase.UPLOAD)).toBe(true);
    const conversions = received.filter((message) => message.phase === WatchPhase.CONVERSION);
    expect(conversions.map((message) => message.conversion)).toEqual([
      ConversionJobState.QUEUED,
      ConversionJobState.CONVERTING,
      ConversionJobState.CONVERTING,
      ConversionJobState.CONVERTING,
      ConversionJobState.COMPLETED,
    ]);
    expect(conversions.map((message) => message.pages)).toEqual([0, 1, 2, 3, 3]);

    const ready = await post("/api/book/get-progress", { taskId: task.taskId });
    expect(ready.data).toMatchObject({ phase: "ready", conversion: { state: "completed", pagesDone: 3 } });
  });

  it("ends an open watch when its gateway stops, without a refusal code (the editor watches again), and stops", async () => {
    const pdf = await makePdf();
    const task = await begun({ files: JSON.stringify([declare("a.pdf", pdf)]) });
    // A gateway of its own on the same services, stopped under a watcher.
    const stopping = await buildApp({ log, peers, stores: storeProbes, devActorUserId: userId });
    await stopping.listen({ host: "127.0.0.1", port: 0 });
    const client = createConnectClient(
      UploadProgressService,
      createConnectTransport({
        baseUrl: `http://127.0.0.1:${(stopping.server.address() as AddressInfo).port}`,
        httpVersion: "1.1",
      }),
    );
    let first: () => void = () => undefined;
    const watching = new Promise<void>((resolve) => {
      first = resolve;
    });
    const ended = (async () => {
      try {
        for await (const _ of client.watchUpload({ taskId: task.taskId })) first();
      } catch (error) {
        const broken = ConnectError.from(error);
        return { code: broken.code, rest: broken.metadata.get("turnleaf-code") };
      }
      throw new Error("the stream ended without an error");
    })();
    await watching;
    // Before, the open stream kept close() waiting until the process was killed after its grace period.
    await stopping.close();
    expect(await ended).toEqual({ code: Code.Unavailable, rest: null });
  });

  it("words the stream's refusals in the caller's language, with the REST code the editor acts on (signed out: tests/system/gateway-restart.test.ts)", async () => {
    const refusal = async (taskId: string, headers: Record<string, string>) => {
      const client = createConnectClient(
        UploadProgressService,
        createConnectTransport({ baseUrl: gatewayUrl, httpVersion: "1.1" }),
      );
      try {
        for await (const _ of client.watchUpload({ taskId }, { headers })) {
          // A refusal ends the stream before any message.
        }
      } catch (error) {
        const refused = ConnectError.from(error);
        return { code: refused.code, text: refused.rawMessage, rest: refused.metadata.get("turnleaf-code") };
      }
      throw new Error("the stream was not refused");
    };
    const unknownTask = "6650c0ffee0000000000ffff";
    expect(await refusal(unknownTask, {})).toEqual({
      code: Code.NotFound,
      text: zhMessage("upload.taskNotFound"),
      rest: "ERROR",
    });
    expect(await refusal(unknownTask, { "accept-language": "ja" })).toEqual({
      code: Code.NotFound,
      text: messageIn("ja", "upload.taskNotFound"),
      rest: "ERROR",
    });
  });
});
