import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  type Connection,
  connectMongo,
  createClient,
  createLogger,
  createS3Client,
  type RunningGrpcServer,
  startGrpcServer,
} from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BookRepository } from "../../services/book/src/data/book.repository.js";
import { BookCommentRepository } from "../../services/book/src/data/book-comment.repository.js";
import { BookRevisionRepository } from "../../services/book/src/data/book-revision.repository.js";
import { buildServices as buildBookServices } from "../../services/book/src/server.js";
import { buildApp } from "../../services/gateway/src/app.js";
import { bookAssets } from "../../services/gateway/src/book-assets.js";
import { connectPeers, type Peers } from "../../services/gateway/src/peers.js";
import { connectStoreProbes, type StoreProbes } from "../../services/gateway/src/stores.js";
import { assemblePower } from "../../services/power/src/assemble.js";
import { demoUser } from "../../services/power/src/domain/demo.js";
import { buildServices as buildPowerServices } from "../../services/power/src/server.js";
import { testGatewayConfig } from "../support/gateway-config.js";

// Readers' messages (BookLeaveMessage plugin) through the real gateway, the book and power services in this process
// on the run's real MongoDB-wire server: the public post-comment / comment.json paths under the reader's privacy
// rules and the abuse limit, and the owner's list and delete. The gateway acts as user 10001 (the books' owner) or
// 20002 (another user).
const stores = inject("stores");
const log = createLogger({ service: "comments-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const owner = "10001";
const host = "books.example.com";

let mongo: Connection;
const servers: RunningGrpcServer[] = [];
let books: BookRepository;
let revisions: BookRevisionRepository;
let peers: Peers;
let storeProbes: StoreProbes;
let gateway: FastifyInstance;
let otherGateway: FastifyInstance;
let closePower: () => void;

async function serve(services: Parameters<typeof startGrpcServer>[0]["services"]): Promise<string> {
  const server = await startGrpcServer({ host: "127.0.0.1", port: 0, services, log });
  server.setServing(true);
  servers.push(server);
  return `127.0.0.1:${server.port}`;
}

beforeAll(async () => {
  mongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-comments-${suffix}`, log });
  books = new BookRepository(mongo);
  revisions = new BookRevisionRepository(mongo);
  const comments = new BookCommentRepository(mongo);
  await Promise.all([books.ensureIndexes(), revisions.ensureIndexes(), comments.ensureIndexes()]);
  // update-book asks the power service about gated features: the real one, 10001 (the demo user) and 20002.
  const assembled = await assemblePower({ mongo, log, demoSeed: true });
  await assembled.repository.upsertUser({
    ...demoUser,
    userId: "20002",
    email: "u20002@turnleaf.test",
    uLink: "u20002",
  });
  const powerAddress = await serve(buildPowerServices(assembled));
  const power = createClient(PowerService, powerAddress, { peer: "power" });
  closePower = () => power.close();
  const bookAddress = await serve(buildBookServices({ books, revisions, power, comments, log }));
  const config = testGatewayConfig(stores, { book: bookAddress, power: powerAddress });
  peers = connectPeers(config);
  storeProbes = await connectStoreProbes(config, log);
  // The reader's routes are there for the password form (/b/<link>/unlock), which sets the grant cookie.
  const distDir = await mkdtemp(join(tmpdir(), "turnleaf-comments-"));
  await mkdir(join(distDir, "assets"));
  await writeFile(join(distDir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  const reader = {
    assets: bookAssets(createS3Client(stores.s3), `turnleaf-books-comments-${suffix}`),
    distDir,
    grantSecret: "comments-secret-comments-secret-comments",
  };
  gateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: owner, reader });
  otherGateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: "20002", reader });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await otherGateway?.close();
  peers?.close();
  await storeProbes?.close();
  closePower?.();
  for (const server of servers) await server.stop(1_000);
  if (mongo) {
    await mongo.dropDatabase();
    await mongo.close();
  }
});

interface Reply {
  code: string;
  msg: string;
  status: string;
  mess: string;
  data: Record<string, unknown> | null;
}

interface Listed {
  id: string;
  name: string;
  message: string;
  createdAt: string;
}

async function post(
  path: string,
  fields: Record<string, string>,
  options: { app?: FastifyInstance; ip?: string; cookie?: string; origin?: string } = {},
) {
  const response = await (options.app ?? gateway).inject({
    method: "POST",
    url: path,
    remoteAddress: options.ip ?? "127.0.0.1",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return { status: response.statusCode, reply: response.json() as Reply, headers: response.headers };
}

async function list(link: string, options: { page?: number; cookie?: string } = {}) {
  const response = await gateway.inject({
    method: "GET",
    url: `/b/${link}/_meta/comment/comment.json${options.page ? `?page=${options.page}` : ""}`,
    headers: { host, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
}

const ok = (reply: Reply) => {
  expect(reply, JSON.stringify(reply)).toMatchObject({ code: "OK", status: "1" });
  return reply.data as Record<string, unknown>;
};

let counter = 0;
/** A published book of user 10001, with the leave-message plugin switched on through update-book unless `off`. */
async function newBook(off = false): Promise<{ bookId: string; number: string }> {
  counter += 1;
  const bookId = `cm${suffix}${counter}`;
  const number = `c${suffix}${counter}`;
  await books.insertIfAbsent({
    bookId,
    number,
    ownerId: owner,
    teamId: "0",
    folderId: "0",
    folderType: 1,
    title: `Comments book ${counter}`,
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
  if (!off) {
    const { reply } = await post("/api/book/update-book", {
      bookId,
      bookConfig: JSON.stringify({ MessageButtonVisible: "Show" }),
    });
    ok(reply);
  }
  return { bookId, number };
}

describe("readers' messages", () => {
  it("posts a message and lists it newest first, trimmed and stripped of control characters, markup kept as text", async () => {
    const book = await newBook();
    const first = await post(`/b/${book.number}/post-comment`, { name: "  Ann  ", message: "Lovely\u0007 book " });
    expect(first.status).toBe(200);
    expect(ok(first.reply)).toMatchObject({ name: "Ann", message: "Lovely book" });
    ok((await post(`/b/${book.number}/post-comment`, { name: "Bo", message: "<b>bold</b>" })).reply);
    const listed = await list(book.number);
    expect(listed.status).toBe(200);
    expect(listed.headers["x-total-count"]).toBe("2");
    expect(listed.headers["x-leave-message"]).toBe("on");
    expect(String(listed.headers["cache-control"])).toMatch(/max-age=\d+/);
    expect((listed.body as Listed[]).map(({ name, message }) => ({ name, message }))).toEqual([
      { name: "Bo", message: "<b>bold</b>" },
      { name: "Ann", message: "Lovely book" },
    ]);
  });

  it("refuses an empty or too long message with the field's text, and a post from another site", async () => {
    const book = await newBook();
    const empty = await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "   " });
    expect(empty.reply).toMatchObject({ code: "ERROR", status: "0", msg: "please enter a message" });
    const long = await post(`/b/${book.number}/post-comment`, { name: "n".repeat(41), message: "hi" });
    expect(long.reply).toMatchObject({ code: "ERROR", msg: "the name is at most 40 characters" });
    const cross = await post(
      `/b/${book.number}/post-comment`,
      { name: "Ann", message: "hi" },
      {
        origin: "https://elsewhere.example",
      },
    );
    expect(cross.status).toBe(403);
    expect((await list(book.number)).body).toEqual([]);
  });

  it("takes five messages per address and book in ten minutes, then refuses that address only", async () => {
    const book = await newBook();
    for (let index = 1; index <= 5; index += 1) {
      ok(
        (await post(`/b/${book.number}/post-comment`, { name: "Flood", message: `m${index}` }, { ip: "10.9.0.1" }))
          .reply,
      );
    }
    const sixth = await post(`/b/${book.number}/post-comment`, { name: "Flood", message: "m6" }, { ip: "10.9.0.1" });
    expect(sixth.reply).toMatchObject({ code: "ERROR", msg: "too many messages, please try again later" });
    ok((await post(`/b/${book.number}/post-comment`, { name: "Other", message: "hello" }, { ip: "10.9.0.2" })).reply);
    expect((await list(book.number)).headers["x-total-count"]).toBe("6");
  });

  it("pages the list by twenty", async () => {
    const book = await newBook();
    for (let index = 1; index <= 21; index += 1) {
      ok(
        (await post(`/b/${book.number}/post-comment`, { name: "P", message: `m${index}` }, { ip: `10.8.0.${index}` }))
          .reply,
      );
    }
    const firstPage = (await list(book.number)).body as Listed[];
    const secondPage = (await list(book.number, { page: 2 })).body as Listed[];
    expect(firstPage).toHaveLength(20);
    expect(firstPage[0]?.message).toBe("m21");
    expect(secondPage.map((comment) => comment.message)).toEqual(["m1"]);
  });

  it("refuses posts to a book without the plugin and answers it an empty list", async () => {
    const book = await newBook(true);
    const refused = await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "hi" });
    expect(refused.reply).toMatchObject({ code: "ERROR", status: "0", msg: "this book does not take messages" });
    const listed = await list(book.number);
    expect(listed.body).toEqual([]);
    expect(listed.headers["x-leave-message"]).toBe("off");
    // Switching the button off removes the plugin: posts stop.
    const on = await newBook();
    ok(
      (await post("/api/book/update-book", { bookId: on.bookId, bookConfig: '{"MessageButtonVisible":"Hide"}' })).reply,
    );
    expect((await post(`/b/${on.number}/post-comment`, { name: "A", message: "b" })).reply.msg).toBe(
      "this book does not take messages",
    );
  });

  it("answers 404 for private, disabled and unknown books", async () => {
    const book = await newBook();
    ok((await post("/api/book/set-book-privacy", { bookId: book.bookId, access: "private" })).reply);
    const disabled = await newBook();
    ok((await post("/api/book/set-book-status", { bookId: disabled.bookId, status: "disabled" })).reply);
    for (const link of [book.number, disabled.number, `nope${suffix}`]) {
      const posted = await post(`/b/${link}/post-comment`, { name: "Ann", message: "hi" });
      expect(posted.status, link).toBe(404);
      expect(posted.reply).toMatchObject({ code: "ERROR", msg: "book not found" });
      expect((await list(link)).status, link).toBe(404);
    }
  });

  it("needs the reader's grant on a password book", async () => {
    const book = await newBook();
    ok(
      (
        await post("/api/book/set-book-privacy", {
          bookId: book.bookId,
          access: "password",
          mode: "single",
          password: "letmein",
          fromPage: "1",
        })
      ).reply,
    );
    const refused = await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "hi" });
    expect(refused.status).toBe(403);
    expect(refused.reply).toMatchObject({ code: "ERROR", msg: "this book is password protected" });
    expect((await list(book.number)).status).toBe(403);
    const unlocked = await post(`/b/${book.number}/unlock`, { password: "letmein" });
    ok(unlocked.reply);
    const cookie = String(unlocked.headers["set-cookie"]).split(";")[0] ?? "";
    ok((await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "hi" }, { cookie })).reply);
    const listed = await list(book.number, { cookie });
    expect(listed.status).toBe(200);
    expect(String(listed.headers["cache-control"])).toContain("private");
    expect((listed.body as Listed[]).map((comment) => comment.message)).toEqual(["hi"]);
  });

  it("lets the owner list and delete messages, and no other user", async () => {
    const book = await newBook();
    ok((await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "first" })).reply);
    ok((await post(`/b/${book.number}/post-comment`, { name: "Bo", message: "second" })).reply);
    const owned = ok((await post("/api/book/get-book-comments", { bookId: book.bookId, page: "1" })).reply);
    expect(owned).toMatchObject({ total: 2, pageSize: 20 });
    const [newest] = owned.comments as Listed[];
    expect(newest?.message).toBe("second");

    const stranger = { app: otherGateway };
    expect((await post("/api/book/get-book-comments", { bookId: book.bookId }, stranger)).reply).toMatchObject({
      code: "ERROR",
      msg: "book not found",
    });
    const strangerDelete = await post(
      "/api/book/delete-book-comment",
      { bookId: book.bookId, commentId: newest?.id ?? "" },
      stranger,
    );
    expect(strangerDelete.reply).toMatchObject({ code: "ERROR", msg: "book not found" });

    expect(
      ok((await post("/api/book/delete-book-comment", { bookId: book.bookId, commentId: newest?.id ?? "" })).reply),
    ).toEqual({
      deleted: true,
    });
    const again = await post("/api/book/delete-book-comment", { bookId: book.bookId, commentId: newest?.id ?? "" });
    expect(again.reply).toMatchObject({ code: "ERROR", msg: "message not found" });
    expect(((await list(book.number)).body as Listed[]).map((comment) => comment.message)).toEqual(["first"]);
  });
});
