import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bookAssets } from "@turnleaf/gateway/in-process";
import { createS3Client, ensureBuckets, type S3Client } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { bookOwner, type CommentStack, startCommentStack } from "../comments/comment-stack.js";
import { workerStores } from "../setup/worker-stores.js";

// The leave-message plugin in the built reader, in Chromium, against the real gateway (listening on a port, with
// the reader's routes) and the book and power services in this process on the run's real stores: a book whose
// owner switched the message button on shows it; a reader posts through the dialog and sees the message listed.
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");
const stores = workerStores();

let stack: CommentStack;
let s3: S3Client;
let booksBucket: string;
let gateway: FastifyInstance;
let gatewayUrl: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(readerDist, "index.html")))
    throw new Error("build the reader first: npm run build -w web/reader");
  await mkdir(screenshots, { recursive: true });
  stack = await startCommentStack(stores, "reader-comments");
  s3 = createS3Client(stores.s3);
  booksBucket = `turnleaf-books-rc-${stack.suffix}`;
  await ensureBuckets(s3, [booksBucket], stores.s3.region, stack.log);
  gateway = await stack.gateway(bookOwner, {
    assets: bookAssets(s3, booksBucket),
    distDir: readerDist,
    grantSecret: "reader-comments-secret-0123456789",
  });
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  const address = gateway.server.address();
  if (!address || typeof address === "string") throw new Error("the gateway did not listen on a port");
  gatewayUrl = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (s3 && booksBucket) {
    const keys: string[] = [];
    for await (const item of s3.listObjectsV2(booksBucket, "", true)) if (item.name) keys.push(item.name);
    await s3.removeObjects(booksBucket, keys);
    await s3.removeBucket(booksBucket).catch(() => undefined);
  }
});

/** A published two-page book of the owner: a ready revision in the books bucket, as the conversion writes one. */
async function publishedBook(): Promise<{ bookId: string; number: string }> {
  const { bookId, number } = await stack.newBook();
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
    const book = await publishedBook();
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
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
    const violations = (await page.evaluate("axe.run(document).then((result) => result.violations)")) as {
      id: string;
      impact: string;
    }[];
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    // The server's refusal shows in the dialog: an empty message after trimming.
    await dialog.getByLabel("Your message").fill("   ");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("please enter a message");
    await context.close();
  }, 60_000);

  it("shows no message button on a book without the plugin", async () => {
    const book = await publishedBook();
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${gatewayUrl}/b/${book.number}?lang=en`);
    await page.getByRole("button", { name: "Next page" }).first().waitFor();
    expect(await page.getByRole("button", { name: "Messages" }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
