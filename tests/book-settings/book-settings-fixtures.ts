/**
 * What the book-settings tests share (book-settings.test.ts, book-catalog-bookmarks.test.ts): each file's own stack —
 * the book service in its process on the run's real MongoDB-wire server (a database of the file's own, dropped at its
 * end), the real power and language services, the real gateway in front (acting as DEV_ACTOR_USER_ID 10001, a second
 * gateway as user 20002), and a stand-in for the converted assets: one ready five-page manifest per book, so page
 * checks and the hosted reader's book.json have a book to look at — and the requests and books its tests make.
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BookRepository, BookRevisionRepository, buildServices as buildBookServices } from "@turnleaf/book/in-process";
import type { Manifest } from "@turnleaf/book-format";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  type BookAssets,
  buildApp,
  connectPeers,
  connectStoreProbes,
  type Peers,
  type StoreProbes,
} from "@turnleaf/gateway/in-process";
import {
  type Connection,
  connectMongo,
  createClient,
  createLogger,
  type RunningGrpcServer,
  startGrpcServer,
} from "@turnleaf/kit";
import { assemblePower, buildServices as buildPowerServices, demoUser } from "@turnleaf/power/in-process";
import type { FastifyInstance } from "fastify";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { startLanguageServer } from "../support/language-peer.js";

export const productHost = "books.example.com";

const pageCount = 5;
function manifestOf(bookId: string, revision: number): Manifest {
  return {
    format: 1,
    bookId,
    revision,
    jobId: "job",
    state: "ready",
    engine: "hd-image",
    trial: false,
    pageCount,
    pagesDone: pageCount,
    pages: Array.from({ length: pageCount }, (_, index) => ({
      n: index + 1,
      width: 600,
      height: 800,
      ready: true,
      webp: { "800": `pages/${index + 1}/800.webp` },
      jpg: null,
      thumb: null,
      text: null,
      links: [],
      source: { index: 0, page: index + 1, part: "whole", region: [0, 0, 1, 1] },
    })) as Manifest["pages"],
    outline: [{ title: "PDF chapter", page: 1, children: [] }],
    search: null,
    sourcePdfs: [],
    updatedAt: new Date().toISOString(),
  };
}
const assets: BookAssets = {
  manifest: async (bookId, revision) => manifestOf(bookId, revision),
  object: async () => null,
  text: async () => null,
};

export interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

/** A test file's stack and helpers: `start` in its beforeAll, `stop` in its afterAll. */
export function bookSettingsStack(name: string) {
  const stores = workerStores();
  const log = createLogger({ service: name, level: "silent" });
  const suffix = randomBytes(4).toString("hex");

  let mongo: Connection;
  let server: RunningGrpcServer;
  let books: BookRepository;
  let revisions: BookRevisionRepository;
  let peers: Peers;
  let storeProbes: StoreProbes;
  let gateway: FastifyInstance;
  let otherGateway: FastifyInstance;
  /** User 10001's gateway that knows its product host: asked from another host the user is type 32 (no features). */
  let hostedGateway: FastifyInstance;
  let closePower: () => void;
  let languageServer: Awaited<ReturnType<typeof startLanguageServer>> | undefined;

  async function start() {
    mongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-book-settings-${suffix}`, log });
    books = new BookRepository(mongo);
    revisions = new BookRevisionRepository(mongo);
    await Promise.all([books.ensureIndexes(), revisions.ensureIndexes()]);
    // update-book asks the power service about gated features (spec 000 §6): the real one, with 10001 (the demo
    // user) and 20002 as plain users that have every feature.
    const assembled = await assemblePower({ mongo, log, demoSeed: true });
    await assembled.repository.upsertUser({
      ...demoUser,
      userId: "20002",
      email: "u20002@turnleaf.test",
      uLink: "u20002",
    });
    const powerServer = await startGrpcServer({
      host: "127.0.0.1",
      port: 0,
      services: buildPowerServices(assembled),
      log,
    });
    powerServer.setServing(true);
    const power = createClient(PowerService, `127.0.0.1:${powerServer.port}`, { peer: "power" });
    closePower = () => {
      power.close();
      void powerServer.stop(1_000);
    };
    server = await startGrpcServer({
      host: "127.0.0.1",
      port: 0,
      services: buildBookServices({ books, revisions, power }),
      log,
    });
    server.setServing(true);
    languageServer = await startLanguageServer(mongo, log);
    const config = testGatewayConfig(stores, {
      book: `127.0.0.1:${server.port}`,
      power: `127.0.0.1:${powerServer.port}`,
      language: languageServer.address,
    });
    peers = connectPeers(config);
    storeProbes = await connectStoreProbes(config, log);
    const distDir = await mkdtemp(join(tmpdir(), "turnleaf-book-settings-"));
    await mkdir(join(distDir, "assets"));
    // The built reader's page, reduced to the slots the gateway fills.
    await writeFile(
      join(distDir, "index.html"),
      "<!doctype html><html><head><!--turnleaf:head--></head><body><!--turnleaf:body--></body></html>",
    );
    const reader = { assets, distDir, grantSecret: "test-secret-test-secret-test-secret" };
    gateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: "10001", reader });
    otherGateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: "20002", reader });
    hostedGateway = await buildApp({
      log,
      peers,
      stores: storeProbes,
      devActorUserId: "10001",
      reader,
      productHosts: [productHost],
    });
    return { mongo, books, revisions, gateway, otherGateway, hostedGateway };
  }

  async function stop() {
    await gateway?.close();
    await otherGateway?.close();
    await hostedGateway?.close();
    peers?.close();
    await storeProbes?.close();
    closePower?.();
    await server?.stop(1_000);
    await languageServer?.stop();
    if (mongo) {
      await mongo.dropDatabase();
      await mongo.close();
    }
  }

  async function post(
    path: string,
    fields: Record<string, string>,
    app = gateway,
    host = productHost,
    language?: string,
  ): Promise<Reply> {
    const response = await app.inject({
      method: "POST",
      url: path,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        host,
        ...(language ? { "accept-language": language } : {}),
      },
      payload: new URLSearchParams(fields).toString(),
    });
    return response.json() as Reply;
  }

  let counter = 0;
  /** A fresh book of user 10001 with one finished revision. */
  async function newBook(source = -1): Promise<{ bookId: string; number: string }> {
    counter += 1;
    const bookId = `bs${suffix}${counter}`;
    const number = `n${suffix}${counter}`;
    await books.insertIfAbsent({
      bookId,
      number,
      ownerId: "10001",
      teamId: "0",
      folderId: "0",
      folderType: 1,
      title: `Book ${counter}`,
      source,
      html5Tem: "",
      html5Theme: "",
      html5PhoneTem: "",
      bStatus: 1,
    });
    await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
    return { bookId, number };
  }

  const update = (bookId: string, fields: Record<string, string>) =>
    post("/api/book/update-book", { bookId, ...fields });
  const getBook = async (bookId: string) =>
    (await post("/api/book/get-book", { bookId })).data as {
      htmlConfig: Record<string, unknown>;
      plugin: unknown;
      downloadconfig: unknown;
    };

  const booksMade = () => counter;

  return { start, stop, post, newBook, update, getBook, booksMade };
}
