import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  type Connection,
  connectMongo,
  createClient,
  createLogger,
  createS3Client,
  ensureBuckets,
  type RunningGrpcServer,
  type S3Client,
  startGrpcServer,
} from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import type { Browser } from "playwright-core";
import sharp from "sharp";
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
import { buildServices as buildPowerServices } from "../../services/power/src/server.js";
import { launchChromium } from "../browser.js";
import { testGatewayConfig } from "../support/gateway-config.js";

// The leave-message plugin in the built reader, in Chromium, against the real gateway (listening on a port, with
// the reader's routes) and the book and power services in this process on the run's real stores: a book whose
// owner switched the message button on shows it; a reader posts through the dialog and sees the message listed.
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");
const stores = inject("stores");
const log = createLogger({ service: "reader-comments-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const booksBucket = `turnleaf-books-rc-${suffix}`;
const owner = "10001";

let mongo: Connection;
let s3: S3Client;
const servers: RunningGrpcServer[] = [];
let books: BookRepository;
let revisions: BookRevisionRepository;
let peers: Peers;
let storeProbes: StoreProbes;
let gateway: FastifyInstance;
let gatewayUrl: string;
let closePower: () => void;
let browser: Browser;

async function serve(services: Parameters<typeof startGrpcServer>[0]["services"]): Promise<string> {
  const server = await startGrpcServer({ host: "127.0.0.1", port: 0, services, log });
  server.setServing(true);
  servers.push(server);
  return `127.0.0.1:${server.port}`;
}

beforeAll(async () => {
  if (!existsSync(join(readerDist, "index.html")))
    throw new Error("build the reader first: npm run build -w web/reader");
  await mkdir(screenshots, { recursive: true });
  mongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-reader-comments-${suffix}`, log });
  s3 = createS3Client(stores.s3);
  await ensureBuckets(s3, [booksBucket], stores.s3.region, log);
  books = new BookRepository(mongo);
  revisions = new BookRevisionRepository(mongo);
  const comments = new BookCommentRepository(mongo);
  await Promise.all([books.ensureIndexes(), revisions.ensureIndexes(), comments.ensureIndexes()]);
  const assembled = await assemblePower({ mongo, log, demoSeed: true });
  const powerAddress = await serve(buildPowerServices(assembled));
  const power = createClient(PowerService, powerAddress, { peer: "power" });
  closePower = () => power.close();
  const bookAddress = await serve(buildBookServices({ books, revisions, power, comments, log }));
  const config = testGatewayConfig(stores, { book: bookAddress, power: powerAddress });
  peers = connectPeers(config);
  storeProbes = await connectStoreProbes(config, log);
  gateway = await buildApp({
    log,
    peers,
    stores: storeProbes,
    devActorUserId: owner,
    reader: {
      assets: bookAssets(s3, booksBucket),
      distDir: readerDist,
      grantSecret: "reader-comments-secret-0123456789",
    },
  });
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  const address = gateway.server.address();
  if (!address || typeof address === "string") throw new Error("the gateway did not listen on a port");
  gatewayUrl = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  peers?.close();
  await storeProbes?.close();
  closePower?.();
  for (const server of servers) await server.stop(1_000);
  if (mongo) {
    await mongo.dropDatabase();
    await mongo.close();
  }
  if (s3) {
    const keys: string[] = [];
    for await (const item of s3.listObjectsV2(booksBucket, "", true)) if (item.name) keys.push(item.name);
    await s3.removeObjects(booksBucket, keys);
    await s3.removeBucket(booksBucket).catch(() => undefined);
  }
});

/** A published two-page book of the owner: a ready revision in the books bucket, as the conversion writes one. */
async function publishedBook(name: string): Promise<{ bookId: string; number: string }> {
  const bookId = `rc${suffix}${name}`;
  const number = `r${suffix}${name}`;
  await books.insertIfAbsent({
    bookId,
    number,
    ownerId: owner,
    teamId: "0",
    folderId: "0",
    folderType: 1,
    title: `Messages ${name}`,
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
  const pages = [];
  for (const page of [1, 2]) {
    const picture = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#e8e1d0" } })
      .webp()
      .toBuffer();
    await s3.putObject(booksBucket, `books/${bookId}/r1/pages/${page}/800.webp`, picture);
    pages.push({
      n: page,
      width: 600,
      height: 800,
      ready: true,
      webp: { "800": `pages/${page}/800.webp` },
      jpg: null,
      thumb: null,
      text: null,
      links: [],
      source: { index: 0, page, part: "whole", region: [0, 0, 1, 1] },
    });
  }
  const manifest = {
    format: 1,
    bookId,
    revision: 1,
    jobId: "job",
    state: "ready",
    engine: "hd-image",
    trial: false,
    pageCount: 2,
    pagesDone: 2,
    pages,
    outline: [],
    search: null,
    sourcePdfs: [],
    updatedAt: new Date().toISOString(),
  };
  await s3.putObject(booksBucket, `books/${bookId}/r1/manifest.json`, Buffer.from(JSON.stringify(manifest)));
  return { bookId, number };
}

async function updateBook(bookId: string, htmlConfig: Record<string, string>) {
  const response = await gateway.inject({
    method: "POST",
    url: "/api/book/update-book",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ bookId, bookConfig: JSON.stringify(htmlConfig) }).toString(),
  });
  expect(response.json(), response.body).toMatchObject({ code: "OK" });
}

describe("the leave-message plugin in the reader", () => {
  it("posts a message through the reader's dialog and lists it as text, newest first", async () => {
    const book = await publishedBook("on");
    await updateBook(book.bookId, { MessageButtonVisible: "Show" });
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${gatewayUrl}/b/${book.number}?lang=en`);
    const button = page.getByRole("button", { name: "Messages" });
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Messages" });
    await expect.poll(() => dialog.getByText("No messages yet").isVisible()).toBe(true);

    await dialog.getByLabel("Your name").fill("  Ann  ");
    await dialog.getByLabel("Your message").fill("<b>Lovely</b> book");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => dialog.getByRole("status").textContent()).toBe("Your message was sent");
    const first = dialog.getByTestId("messages").locator("li").first();
    await expect.poll(() => first.locator(".tl-message-text").textContent()).toBe("<b>Lovely</b> book");
    expect(await first.locator("strong").textContent()).toBe("Ann");
    // Markup is text: no element came of it.
    expect(await dialog.getByTestId("messages").locator("b").count()).toBe(0);

    await dialog.getByLabel("Your name").fill("Bo");
    await dialog.getByLabel("Your message").fill("Second");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect
      .poll(() => dialog.getByTestId("messages").locator(".tl-message-text").allTextContents())
      .toEqual(["Second", "<b>Lovely</b> book"]);
    expect(await dialog.getByLabel("Your message").inputValue()).toBe("");
    await page.screenshot({ path: join(screenshots, "reader-messages.png") });

    // The server's refusal shows in the dialog: an empty message after trimming.
    await dialog.getByLabel("Your message").fill("   ");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("please enter a message");
    await context.close();
  }, 60_000);

  it("shows no message button on a book without the plugin", async () => {
    const book = await publishedBook("off");
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${gatewayUrl}/b/${book.number}?lang=en`);
    await page.getByRole("button", { name: "Next page" }).first().waitFor();
    expect(await page.getByRole("button", { name: "Messages" }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
