import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumArgs, chromiumPath } from "../browser.js";
import { bookOwner } from "../media/media-stack.js";
import { workerStores } from "../setup/worker-stores.js";
import { toneMp3 } from "./audio-fixtures.js";
import { type PageAudioStack, startPageAudioStack } from "./page-audio-stack.js";

// Page audio in the hosted reader, in Chromium (autoplay allowed without a gesture, as after a reader's click)
// against the real gateway and book service on the run's real stores: page 1 speaks (espeak-ng, stored in MinIO),
// page 2 plays an uploaded MP3; each plays when its page opens (the audio element plays and its time advances),
// shows its caption where the owner put it, and the book turns after the audio (auto flip); page 3 has no audio and
// "pause on pages without audio" holds the book there. The sound toggle silences it.
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const stores = workerStores();
let stack: PageAudioStack;
let url: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(readerDist, "index.html"))) throw new Error("build first: npm run build -w web/reader");
  stack = await startPageAudioStack(stores, "page-audio-ui", { reader: readerDist });
  url = (await stack.listening(bookOwner)).url;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--autoplay-policy=no-user-gesture-required"],
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const reply = (await response.json()) as { code: string; msg: string; data: Record<string, unknown> };
  expect(reply, reply.msg).toMatchObject({ code: "OK" });
  return reply.data;
}

/** The page audio element's state in the page. */
const audioState = (page: Page) =>
  page.locator('[data-testid="page-audio"]').evaluate((element: HTMLAudioElement) => ({
    page: element.dataset.page ?? "",
    paused: element.paused,
    time: element.currentTime,
    src: element.currentSrc,
  }));

const announced = (page: Page) => page.locator('[data-testid="announcer"]').textContent();

describe("page audio in the hosted reader", () => {
  it("plays each page's audio, shows its caption and turns the page after it", async () => {
    const book = await stack.publishedBook(4);
    await post("/api/book/update-book", { bookId: book.bookId, bookConfig: '{"pageMode":"single"}' });
    await post("/api/book/set-page-speech", {
      bookId: book.bookId,
      page: "1",
      text: "Welcome to page one.",
      voice: "en",
      speed: "220",
      caption: "1",
      captionPosition: "top",
    });
    const body = new FormData();
    body.append("purpose", "audio");
    body.append("file", new Blob([new Uint8Array(toneMp3(1.5))]), "chapter-two.mp3");
    const uploaded = (await (await fetch(`${url}/api/common/upload-file`, { method: "POST", body })).json()) as {
      data: { fileId: string };
    };
    await post("/api/book/set-page-audio-file", {
      bookId: book.bookId,
      page: "2",
      fileId: uploaded.data.fileId,
      text: "Chapter two",
      caption: "1",
      captionPosition: "bottom",
    });
    await post("/api/book/save-page-audio-play", {
      bookId: book.bookId,
      autoFlip: "1",
      pauseSeconds: "0",
      pauseWithoutAudio: "1",
    });

    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${url}/b/${book.number}`);
    // Page 1: the speech plays and its time advances; its caption shows at the top.
    await expect.poll(async () => (await audioState(page)).page, { timeout: 20_000 }).toBe("1");
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.2);
    expect((await audioState(page)).src).toMatch(/\/api\/common\/file\/[^/]+\/page-1\.mp3$/);
    const caption = page.locator('[data-testid="page-audio-caption"]');
    await expect.poll(() => caption.textContent()).toBe("Welcome to page one.");
    expect(await caption.getAttribute("class")).toContain("tl-page-audio-caption-top");

    // After the speech the book turns by itself to page 2, whose uploaded MP3 plays with its caption below.
    await expect.poll(() => announced(page), { timeout: 30_000 }).toMatch(/第 2 页/);
    await expect.poll(async () => (await audioState(page)).page, { timeout: 20_000 }).toBe("2");
    await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(0.2);
    expect((await audioState(page)).src).toMatch(/chapter-two\.mp3$/);
    await expect.poll(() => caption.textContent()).toBe("Chapter two");
    expect(await caption.getAttribute("class")).toContain("tl-page-audio-caption-bottom");

    // Then page 3, which has no audio: with "pause on pages without audio" the book stays there.
    await expect.poll(() => announced(page), { timeout: 30_000 }).toMatch(/第 3 页/);
    await page.waitForTimeout(3_000);
    expect(await announced(page)).toMatch(/第 3 页/);
    expect(await caption.count()).toBe(0);
    await page.close();
  }, 120_000);

  it("stays silent and still while the reader's sound is off", async () => {
    const book = await stack.publishedBook(3);
    await post("/api/book/update-book", { bookId: book.bookId, bookConfig: '{"pageMode":"single"}' });
    await post("/api/book/set-page-speech", {
      bookId: book.bookId,
      page: "1",
      text: "This page speaks slowly for several seconds, long enough for the reader to turn the sound off.",
      voice: "en",
      speed: "100",
    });
    await post("/api/book/save-page-audio-play", { bookId: book.bookId, autoFlip: "1", pauseSeconds: "0" });
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${url}/b/${book.number}`);
    await expect.poll(async () => (await audioState(page)).page, { timeout: 20_000 }).toBe("1");
    const toggle = page.getByRole("button", { name: /静音|声音|sound|mute/i }).first();
    await toggle.click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.waitForTimeout(3_000);
    expect(await announced(page)).toMatch(/第 1 页/);
    expect((await audioState(page)).paused).toBe(true);
    await page.close();
  }, 60_000);
});
