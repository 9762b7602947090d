/**
 * What the reader tests (tests/reader/reader-*.test.ts) share: `useReader()` serves the built reader
 * (web/reader/dist, built by the test command) over fixture books and opens real Chromium for one file (closed
 * after it), and the helpers that open a book and wait for the reader.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import jsQRModule from "jsqr";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { launchChromium } from "../browser.js";
import { toneWav, writeFixtureBook } from "./fixture-book.js";
import { openReader, serveReader } from "./static-server.js";

// jsqr is CommonJS whose function also hangs on `default`: under NodeNext its default import is the module object.
export const jsQR = jsQRModule.default;

// The built reader (web/reader/dist, built by the test command) in real Chromium, over fixture books.
export const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
export const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");
export let fixtures: string;
export let server: Awaited<ReturnType<typeof serveReader>>;
export let browser: Browser;
export let context: BrowserContext;

/** The fixture books by link: each file writes only those it reads (writing their pictures costs). */
const fixtureBooks = {
  demo: (folder: string) => writeFixtureBook(folder, { link: "demo", pages: 12 }),
  manga: (folder: string) => writeFixtureBook(folder, { link: "manga", pages: 12, direction: "rtl" }),
  extras: async (folder: string) => {
    await writeFixtureBook(folder, {
      link: "extras",
      pages: 12,
      settings: {
        pageCaptions: "1:Cover;2-5:i+;6-:1+",
        backgroundMusic: { url: "/fixtures/extras/music.wav", loops: 2, volume: 50 },
        print: true,
        printWatermark: "Turnleaf sample",
        download: { pdfUrl: "/fixtures/extras/original.pdf", allowSinglePage: true },
      },
      extra: {
        bookmarks: [
          { page: 2, caption: "Intro", colour: "#1f5f99" },
          { page: 9, caption: "Chapter 2", colour: "#a93226", textColour: "#ffffff" },
        ],
      },
    });
    await writeFile(join(folder, "extras", "music.wav"), toneWav(0.4));
  },
  calendar: (folder: string) =>
    writeFixtureBook(folder, {
      link: "calendar",
      pages: 12,
      flipAxis: "vertical",
      settings: { pageMode: "double", flipTimeMs: 400 },
    }),
  quiet: (folder: string) => writeFixtureBook(folder, { link: "quiet", pages: 6, settings: { flipSound: false } }),
  mini: (folder: string) =>
    writeFixtureBook(folder, { link: "mini", pages: 6, settings: { mini: { maxWidth: 600, maxHeight: 400 } } }),
};

/** Writes the named fixture books, serves them with the reader and opens Chromium for the calling file's tests. */
export function useReader(books: (keyof typeof fixtureBooks)[]): void {
  beforeAll(async () => {
    if (!existsSync(join(readerDist, "index.html")))
      throw new Error("build the reader first: npm run build -w web/reader");
    fixtures = await mkdtemp(join(tmpdir(), "turnleaf-reader-"));
    for (const book of books) await fixtureBooks[book](fixtures);
    server = await serveReader(readerDist, fixtures);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(fixtures, { recursive: true, force: true });
  });
}

export const open = (path: string, target: BrowserContext = context): Promise<Page> =>
  openReader(target, `${server.url}${path}`);

export const announced = (page: Page) => page.getByTestId("announcer");

export async function previewFrame(page: Page) {
  await expect.poll(() => page.frame({ url: /\/b\/demo\/4/ }) !== null, { timeout: 10_000 }).toBe(true);
  const frame = page.frame({ url: /\/b\/demo\/4/ });
  if (!frame) throw new Error("no preview frame");
  return frame;
}

export async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector(".tl-turning"));
}
