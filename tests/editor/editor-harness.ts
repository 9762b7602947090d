/**
 * What the online editor's end-to-end tests (tests/editor/editor-walk.test.ts, editor-frame-settings.test.ts) share:
 * `useEditor()` opens Chromium with the demo owner's session on the worker's system for one file (closed after it),
 * the owner's book those tests work on, and the helpers that read it from the server and leave an editor page.
 */
import { tmpdir } from "node:os";
import jsQRModule from "jsqr";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import type { SharedSystem } from "../setup/shared-system.js";
import { form, postTo } from "../support/system.js";
import { ownerContext } from "./fixtures.js";

// jsqr is CommonJS whose function also hangs on `default`: under NodeNext its default import is the module object.
export const jsQR = jsQRModule.default;
export const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
export let browser: Browser;
export let context: BrowserContext;
export let page: Page;
export let book: { number: string; bookId: string } | undefined;

/** The worker's system the calling file runs on (see useEditor). */
export let services: SharedSystem;

/** Sets the book the file's tests work on (the walk sets the book it made). */
export function setBook(made: { number: string; bookId: string } | undefined): void {
  book = made;
}

/**
 * A two-page PDF uploaded through the gateway and converted, as the demo owner's book. Not uploadPdf
 * (tests/support/system.ts): its wait is an expect.poll, which runs only inside a test, not in beforeAll.
 */
async function convertedBook(title: string): Promise<{ number: string; bookId: string }> {
  const post = (path: string, body: string | Blob, type?: string) => postTo(services.gatewayUrl, path, body, type);
  const pdf = await labelledPdf("EDITOR", 2);
  const declared = JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]);
  const begun = await post("/api/book/begin-upload", form({ title, files: declared }));
  if (begun.code !== "OK") throw new Error(`begin-upload: ${begun.code} ${begun.msg}`);
  const task = begun.data as { taskId: string; files: { fileId: string }[] };
  const fileId = task.files[0]?.fileId ?? "";
  const query = `taskId=${task.taskId}&fileId=${fileId}&offset=0`;
  const sent = await post(
    `/api/book/upload-book-files?${query}`,
    new Blob([new Uint8Array(pdf)]),
    "application/octet-stream",
  );
  if (sent.code !== "OK") throw new Error(`upload-book-files: ${sent.code} ${sent.msg}`);
  const ended = await post("/api/book/end-upload", form({ taskId: task.taskId }));
  if (ended.code !== "OK") throw new Error(`end-upload: ${ended.code} ${ended.msg}`);
  for (const started = Date.now(); Date.now() - started < 90_000; ) {
    const progress = await post("/api/book/get-progress", form({ taskId: task.taskId }));
    if ((progress.data as { phase: string }).phase === "ready") {
      const { number, bookId } = ended.data as { number: string; bookId: string };
      return { number: String(number), bookId: String(bookId) };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the book "${title}" was not converted within 90 s`);
}

/**
 * Opens Chromium with the owner's session on `system` for the calling file's tests and closes it after them; with
 * `seedBook`, first uploads a two-page PDF of that title through the gateway and waits until it is converted.
 */
export function useEditor(system: SharedSystem, options: { seedBook?: string } = {}): void {
  services = system;
  beforeAll(async () => {
    book = undefined;
    if (options.seedBook) {
      book = await convertedBook(options.seedBook);
    }
    browser = await launchChromium();
    // A real session: the demo user's, its cookie shared with the pages of this context.
    context = await ownerContext(browser, services);
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
}

/** The owner's book as the server has it (get-book through the session). */
export async function serverBook(): Promise<{ htmlConfig: Record<string, unknown> }> {
  const reply = await context.request.post(`${services.gatewayUrl}/api/book/get-book`, {
    form: { bookId: book?.bookId ?? "" },
  });
  return ((await reply.json()) as { data: { htmlConfig: Record<string, unknown> } }).data;
}

/**
 * Leaves an editor page (its pagehide gives up the editing lock) and waits until the book's lock is free, so the
 * next editor page of the book, another tab and so another session, is not read-only.
 */
export async function leaveEditor(on: Page): Promise<void> {
  await on.goto("about:blank");
  const probe = async (fields: Record<string, string>) => {
    const reply = await context.request.post(`${services.gatewayUrl}/api/book/get-book-lock`, {
      form: { bookId: book?.bookId ?? "", sessionId: "editor-test-probe", ...fields },
    });
    return ((await reply.json()) as { data: { mine: boolean } }).data;
  };
  await expect
    .poll(
      async () => {
        const taken = await probe({});
        if (taken.mine) await probe({ release: "1" });
        return taken.mine;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

export const frameBackground = (frame: FrameLocator) =>
  frame.locator(".tl-reader").evaluate((element) => getComputedStyle(element).backgroundColor);

export const lastToast = (on: Page) => on.locator(".toast").last().textContent();
