/**
 * What the reader-setting tests share (settings-look.test.ts, settings-reading.test.ts): the built reader served
 * with a file's own fixture books (each book's settings arrive as its saved htmlConfig and go through
 * settingsFromHtmlConfig, as published books do), Chromium, and opening a book until it has drawn.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../browser.js";
import { writeFixtureBook } from "./fixture-book.js";
import { openReader, serveReader } from "./static-server.js";

const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
export const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");

/** Writes a 12-page fixture book with these settings under `fixtures`. */
export type WriteBook = (
  link: string,
  htmlConfig: Record<string, unknown>,
  extra?: Record<string, unknown>,
) => Promise<unknown>;

/**
 * A test file's reader and browser: `start` (in its beforeAll) writes the file's books and files through `prepare`,
 * then serves them; `stop` in its afterAll.
 */
export function readerSettingsHarness() {
  let fixtures: string;
  let server: Awaited<ReturnType<typeof serveReader>>;
  let browser: Browser;
  let context: BrowserContext;

  async function start(prepare: (book: WriteBook, fixtures: string) => Promise<void>) {
    if (!existsSync(join(readerDist, "index.html")))
      throw new Error("build the reader first: npm run build -w web/reader");
    fixtures = await mkdtemp(join(tmpdir(), "turnleaf-settings-"));
    await mkdir(screenshots, { recursive: true });
    const book: WriteBook = (link, htmlConfig, extra = {}) =>
      // Only the styled book's screenshots need every page drawn; the others reuse three pictures (quicker to write).
      writeFixtureBook(fixtures, {
        link,
        pages: 12,
        distinctPictures: link === "styled" ? 12 : 3,
        extra: { htmlConfig, ...extra },
      });
    await prepare(book, fixtures);
    server = await serveReader(readerDist, fixtures);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    return { server, browser, context };
  }

  async function stop() {
    await browser?.close();
    await server?.close();
    if (fixtures) await rm(fixtures, { recursive: true, force: true });
  }

  const open = (path: string, target: BrowserContext = context): Promise<Page> =>
    openReader(target, `${server.url}${path}`);

  return { start, stop, open };
}

export const announced = (page: Page) => page.getByTestId("announcer");
export const settle = (page: Page) => page.waitForFunction(() => !document.querySelector(".tl-turning"));
