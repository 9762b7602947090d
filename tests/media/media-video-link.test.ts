import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { workerStores } from "../setup/worker-stores.js";
import { bookOwner, type MediaStack, startMediaStack } from "./media-stack.js";

// Issue #35 item 4: the video item's help offers YouTube, Vimeo, Bilibili and Youku, and a link to one of them
// pasted into the editor's video item is taken (it was refused as "不支持的文件类型，可用：mp4, webm"), stored as
// the site's player address (YouTube's privacy-enhanced one) and played by the reader in a frame.
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const editorDist = fileURLToPath(new URL("../../web/editor/dist", import.meta.url));
const stores = workerStores();
let stack: MediaStack;
let gateway: FastifyInstance;
let gatewayUrl: string;
let browser: Browser;
let book: { bookId: string; number: string };

beforeAll(async () => {
  for (const dist of [readerDist, editorDist]) {
    if (!existsSync(`${dist}/index.html`)) throw new Error(`build first: ${dist} (npm run build -w web/…)`);
  }
  stack = await startMediaStack(stores, "media-video-link", { reader: readerDist, editor: editorDist });
  gateway = await stack.gateway(bookOwner);
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  book = await stack.publishedBook(3);
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function storedVideos() {
  const response = await gateway.inject({
    method: "POST",
    url: "/api/book/get-page-media",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ bookId: book.bookId }).toString(),
  });
  const items = (response.json() as { data: { items: { kind: string; embedUrl?: string; url?: string }[] } }).data
    .items;
  return items.filter((item) => item.kind === "video");
}

describe("a video site's link in the video item", () => {
  it("is taken by the editor (Chinese interface), stored as the player address and played by the reader", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript(() => window.localStorage.setItem("turnleaf.editor.guideSeen", "1"));
    const page = await context.newPage();
    await page.goto(`${gatewayUrl}/book_edit2/editor?num=${book.number}`);
    await page.getByRole("tab", { name: "多媒体" }).click();
    const editor = page.getByTestId("media-editor");
    await editor.getByRole("button", { name: "添加视频" }).click();
    await page.getByTestId("media-new").locator("#media-source").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await page.getByRole("button", { name: "放到页面上" }).click();
    await expect.poll(async () => (await storedVideos()).length, { timeout: 15_000 }).toBe(1);
    expect(await page.getByText("不支持的文件类型").count()).toBe(0);
    expect((await storedVideos())[0]).toMatchObject({ embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" });
    await context.close();

    const reader = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await reader.goto(`${gatewayUrl}/b/${book.number}/1?lang=en`);
    const frame = reader.locator('.tl-face[data-page="1"] iframe');
    await frame.waitFor({ timeout: 20_000 });
    expect(await frame.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/);
    await reader.close();
  }, 90_000);
});
