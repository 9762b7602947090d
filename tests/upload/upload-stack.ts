/**
 * What the upload tests (tests/upload/upload-*.test.ts) share: `useUploadStack()` starts the upload, book, power and
 * language services and the gateway in this process for one file (stopped, and their databases and bucket removed,
 * after it), and the helpers that begin uploads, send chunks as a resuming client does and read what was stored.
 */
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { jetstreamManager } from "@nats-io/jetstream";
import { BookRepository, BookRevisionRepository, buildServices as buildBookServices } from "@turnleaf/book/in-process";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { ConversionJobRequestedSchema } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
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
  type UploadDesk,
} from "@turnleaf/upload/in-process";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { startLanguageServer } from "../support/language-peer.js";

// The upload and book services in this process (so the upload clock can move) on the run's real MongoDB-wire
// server, NATS JetStream and MinIO, with the real gateway in front; the converter is played by the test.
export const stores = workerStores();
export const log = createLogger({ service: "upload-test", level: "silent" });
export const mebibyte = 1024 * 1024;
export const partSize = 5 * mebibyte;
export const ttlMs = 60 * 60 * 1000;
export const userId = "10001";
export let suffix: string;
export let bucket: string;

export let clockOffsetMs = 0;
/** Moves the upload service's clock (an importing file cannot assign `clockOffsetMs`). */
export function setClockOffset(offsetMs: number): void {
  clockOffsetMs = offsetMs;
}
export const now = () => new Date(Date.now() + clockOffsetMs);
export let uploadMongo: Connection;
export let bookMongo: Connection;
export let powerMongo: Connection;
export let powerServer: RunningGrpcServer;
export let nats: NatsConnection;
export let s3: S3Client;
export let bookServer: RunningGrpcServer;
export let uploadServer: RunningGrpcServer;
export let languageServer: Awaited<ReturnType<typeof startLanguageServer>> | undefined;
export let desk: UploadDesk;
export let books: BookRepository;
export let peers: Peers;
export let storeProbes: StoreProbes;
export let gateway: FastifyInstance;
export let gatewayUrl: string;
export const closers: (() => unknown)[] = [];

/** Starts the services for the calling file's tests; stops them and removes their data after them. */
export function useUploadStack(): void {
  beforeAll(async () => {
    // Names of this file's own: the files of a worker share this module.
    suffix = randomBytes(4).toString("hex");
    bucket = `turnleaf-sources-test-${suffix}`;
    clockOffsetMs = 0;
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
    closers.length = 0;
  });
}

export interface Reply {
  code: string;
  msg: string;
  status: string;
  data: Record<string, unknown> | null;
}

export interface TaskData {
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

export async function post(path: string, fields: Record<string, string>): Promise<Reply> {
  const response = await gateway.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json() as Reply;
}

export function declare(name: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
  return { name, size: bytes.length, type: name.endsWith(".pdf") ? "application/pdf" : "image/png", ...extra };
}

export async function begin(fields: Record<string, string>, path = "/api/book/begin-upload"): Promise<Reply> {
  return post(path, { title: "A test book", ...fields });
}

export async function begun(fields: Record<string, string>, path?: string): Promise<TaskData> {
  const reply = await begin(fields, path);
  expect(reply, reply.msg).toMatchObject({ code: "OK" });
  return reply.data as unknown as TaskData;
}

export async function sendChunk(taskId: string, fileId: string, offset: number, bytes: Buffer) {
  const response = await gateway.inject({
    method: "POST",
    url: `/api/book/upload-book-files?taskId=${taskId}&fileId=${fileId}&offset=${offset}`,
    headers: { "content-type": "application/octet-stream" },
    payload: bytes,
  });
  return { reply: response.json() as Reply, offsetHeader: response.headers["upload-offset"] };
}

export async function serverOffset(taskId: string, fileId: string): Promise<number> {
  const response = await gateway.inject({
    method: "HEAD",
    url: `/api/book/upload-book-files?taskId=${taskId}&fileId=${fileId}`,
  });
  expect(response.statusCode).toBe(200);
  return Number(response.headers["upload-offset"]);
}

/** Sends the rest of a file from the server's offset in chunks of the given size, as a resuming client does. */
export async function uploadRest(
  taskId: string,
  fileId: string,
  bytes: Buffer,
  chunkSize = 3 * mebibyte,
): Promise<void> {
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

export async function uploadWhole(fields: Record<string, string>, files: [string, Buffer][]): Promise<TaskData> {
  const task = await begun({ ...fields, files: JSON.stringify(files.map(([name, bytes]) => declare(name, bytes))) });
  for (const [index, [, bytes]] of files.entries()) await uploadRest(task.taskId, `f${index + 1}`, bytes);
  return task;
}

export async function readObject(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await s3.getObject(bucket, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function messagesOn(subject: string): Promise<number> {
  const manager = await jetstreamManager(nats);
  const info = await manager.streams.info(streams.conversion.name, { subjects_filter: subject });
  return (info.state.subjects as Record<string, number> | undefined)?.[subject] ?? 0;
}

export async function lastJob(taskId: string) {
  const manager = await jetstreamManager(nats);
  const message = await manager.streams.getMessage(streams.conversion.name, {
    last_by_subj: subjects.conversionJobRequested(taskId),
  });
  if (!message) throw new Error("no job");
  const { fromBinary } = await import("@bufbuild/protobuf");
  return fromBinary(ConversionJobRequestedSchema, message.data);
}

/** Sends part of a body on a real socket and drops the connection, as a client losing its network does. */
export async function sendAndDrop(taskId: string, fileId: string, offset: number, bytes: Buffer, sendBytes: number) {
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
