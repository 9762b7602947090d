/**
 * What the book-content tests (tests/book-content/book-content-*.test.ts) share: `useBookContentStack()` starts the
 * book, power and language services and the gateway in this process for one file (stopped after it), and the
 * helpers that post to the gateway as a user, seed books, power accounts and converted revisions, and build uploads.
 */
import { randomBytes } from "node:crypto";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type {
  BookContentRepository,
  BookDocument,
  BookRepository,
  BookRevisionRepository,
} from "@turnleaf/book/in-process";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createLogger, type NatsConnection, type S3Client } from "@turnleaf/kit";
import type { PowerRepository } from "@turnleaf/power/in-process";
import { afterAll, beforeAll, expect } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { type PowerPart, startInProcessStack } from "../support/in-process-stack.js";
import { plainPowerUser } from "../support/power-users.js";

// The book-content paths through the real gateway, against the book and power services in this process on the
// run's real stores: MongoDB-wire (FerretDB), MinIO (assets and books buckets of this run) and NATS JetStream (the
// power service's hosting events, published here as the power service would).
export const stores = workerStores();
export const log = createLogger({ service: "book-content-test", level: "silent" });
export const suffix = randomBytes(4).toString("hex");
export const owner = "10001";
export const stranger = "20002";

// A label of its own for each start: the files of a worker share this module, and each file's stack gets databases
// and buckets of its own, so that no file sees another's books.
export const startStack = () =>
  startInProcessStack({
    stores,
    label: `bc-${randomBytes(4).toString("hex")}`,
    log,
    services: {
      power: {},
      book: { files: true, pdfDownloadHosts: ["files.example.com"], hosting: { retryDelayMs: 100 } },
      language: {},
    },
    buckets: ["assets", "books", "sources"],
    gateway: {},
  });
export let stack: Awaited<ReturnType<typeof startStack>>;
export let books: BookRepository;
export let revisions: BookRevisionRepository;
export let content: BookContentRepository;
export let s3: S3Client;
export let nats: NatsConnection;
export let power: PowerPart["client"];
export let admin: PowerPart["admin"];
export let powerUsers: PowerRepository;

/** Starts the services for the calling file's tests, with the owner a VIP user, and stops them after them. */
export function useBookContentStack(): void {
  beforeAll(async () => {
    stack = await startStack();
    ({ books, revisions, content } = stack.book);
    ({ client: power, admin } = stack.power);
    powerUsers = stack.power.assembled.repository;
    ({ s3, nats } = stack);
    // update-book asks the power service whether the owner's plan has the features a change uses.
    await vipUser(owner);
  }, 60_000);

  afterAll(() => stack?.stop());
}

/** A power-service account of a user type (1 basic: reading features only; 2 standard). */
export async function powerUser(userId: string, uType: number): Promise<void> {
  await powerUsers.upsertUser(plainPowerUser(userId, { uType }));
}

export async function vipUser(userId: string): Promise<void> {
  await powerUser(userId, 2);
  await admin.setPlan({
    account: { userId },
    plan: { kind: PlanKind.VIP_ANNUAL, points: 0, vipExpiresAt: timestampFromDate(new Date(Date.now() + 9e9)) },
    actor: "test",
  });
}

/** The gateway as a local stack runs it for one user (DEV_ACTOR_USER_ID), or with nobody logged in (""). */
export const gatewayFor = (userId: string) => stack.gateway.as(userId || undefined);

export interface Reply {
  code: string;
  msg: string;
  status: string;
  mess: string;
  data: Record<string, unknown> | null;
}

export async function post(path: string, fields: Record<string, string> = {}, userId = owner): Promise<Reply> {
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", host: "books.example.com" },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json() as Reply;
}

export const ok = (reply: Reply) => {
  expect(reply, JSON.stringify(reply)).toMatchObject({ code: "OK", status: "1", msg: "" });
  return reply.data as Record<string, unknown>;
};

export const notFound = (reply: Reply, msg = "书不存在") =>
  expect(reply, JSON.stringify(reply)).toMatchObject({ code: "ERROR", status: "0", msg, mess: msg });

export let counter = 0;
export async function newBook(fields: Partial<BookDocument> = {}): Promise<{ bookId: string; number: string }> {
  counter += 1;
  const bookId = `bc${suffix}${counter}`;
  const number = `n${suffix}${counter}`;
  await books.insertIfAbsent({
    bookId,
    number,
    ownerId: owner,
    teamId: "0",
    folderId: "0",
    folderType: 1,
    title: `Content book ${counter}`,
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
    ...fields,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
  return { bookId, number };
}

/** A finished revision's manifest in the run's books bucket, keeping the source PDF when one is given. */
export async function convertedRevision(bookId: string, pageCount: number, sourcePdf?: Buffer) {
  const prefix = `books/${bookId}/r1/`;
  const manifest = {
    format: 1,
    bookId,
    revision: 1,
    state: "ready",
    pageCount,
    sourcePdfs: sourcePdf ? ["source/1.pdf"] : [],
  };
  await s3.putObject(stack.buckets.books, `${prefix}manifest.json`, Buffer.from(JSON.stringify(manifest)));
  if (sourcePdf) await s3.putObject(stack.buckets.books, `${prefix}source/1.pdf`, sourcePdf);
}

export function multipart(parts: { name: string; value: string | Buffer; fileName?: string }[]) {
  const boundary = `----turnleaf${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.name}"; filename="${part.fileName}"`
      : `form-data; name="${part.name}"`;
    const type = part.fileName ? "Content-Type: application/octet-stream\r\n" : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(parts: Parameters<typeof multipart>[0], userId = owner): Promise<Reply> {
  const { payload, contentType } = multipart(parts);
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: "/api/common/upload-file",
    headers: { "content-type": contentType, host: "books.example.com" },
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json() as Reply;
}

export const pngBytes = (width: number, height: number, extra = 100) => {
  const head = Buffer.alloc(33 + extra, 7);
  Buffer.from("\x89PNG\r\n\x1a\n", "latin1").copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write("IHDR", 12, "latin1");
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
};
