/**
 * What the brands and custom-resource editor tests share (brands.test.ts, bookmarks-custom-content.test.ts): each
 * file's own account in a fresh browser context (its power overrides touch no other test's user), the editor opened
 * on its book, form posts as that account, and a book uploaded as the editor does.
 */
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { createClient } from "@turnleaf/kit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import type { SharedSystem } from "../setup/shared-system.js";

export const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();

export type Book = { bookId: string; number: string };

export interface Reply<T = Record<string, unknown>> {
  code: string;
  msg: string;
  data: T;
}

/** A test file's browser, account and helpers: `start` in its beforeAll, `stop` in its afterAll. */
export function brandsHarness(services: SharedSystem, current: () => Book) {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: ReturnType<typeof createClient<typeof PowerAdminService>>;
  let userId = "";

  async function start() {
    admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
    browser = await launchChromium();
    // An account of its own (a fresh session): its power overrides touch no other test's user.
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await ok("/api/user/register", { email: `brands-${randomUUID()}@example.org`, password: "a good password" });
    userId = (await ok<{ userId: string }>("/api/user/get-user", {})).userId;
    page = await context.newPage();
    return { browser, context, page, admin, userId };
  }

  async function stop() {
    admin?.close();
    await context?.close();
    await browser?.close();
  }

  async function post<T = Record<string, unknown>>(
    path: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const response = await context.request.post(`${services.gatewayUrl}${path}`, { form, headers });
    return (await response.json()) as Reply<T>;
  }

  async function ok<T = Record<string, unknown>>(path: string, form: Record<string, string>): Promise<T> {
    const reply = await post<T>(path, form);
    expect(reply.code, `${path}: ${reply.msg}`).toBe("OK");
    return reply.data;
  }

  /** A book of the test's own account, uploaded as the editor does and converted. */
  async function uploadBook(): Promise<{ bookId: string; number: string }> {
    const pdf = await labelledPdf("BRAND", 2);
    const files = JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]);
    const task = await ok<{ taskId: string; files: { fileId: string }[] }>("/api/book/begin-upload", {
      title: "Branded",
      files,
    });
    const sent = await context.request.post(
      `${services.gatewayUrl}/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId}&offset=0`,
      { data: pdf, headers: { "content-type": "application/octet-stream" } },
    );
    expect(((await sent.json()) as Reply).code).toBe("OK");
    const ended = await ok<{ bookId: string; number: string }>("/api/book/end-upload", { taskId: task.taskId });
    await expect
      .poll(async () => (await ok<{ phase: string }>("/api/book/get-progress", { taskId: task.taskId })).phase, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe("ready");
    return { bookId: String(ended.bookId), number: String(ended.number) };
  }

  /** The editor's preview frame (the reader in bookEditIframe), once it has said it is ready. */
  async function previewFrame() {
    await page.locator('iframe[name="bookEditIframe"][data-ready="true"]').waitFor({ timeout: 60_000 });
    const frame = page.frame({ name: "bookEditIframe" });
    if (!frame) throw new Error("no preview frame");
    return frame;
  }

  async function openEditor(tab: string) {
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${current().number}`);
    await page.getByRole("tab", { name: tab, exact: true }).click();
  }

  /** Accepts (or dismisses) the next confirm the page shows, answering with its text. */
  function answerConfirm(accept: boolean): Promise<string> {
    return new Promise((resolve) => {
      page.once("dialog", (dialog) => {
        resolve(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    });
  }

  const saveState = () => page.getByTestId("save-state").getAttribute("data-state");
  const storedConfig = async () =>
    (await ok<{ htmlConfig: Record<string, unknown> }>("/api/book/get-book", { bookId: current().bookId })).htmlConfig;

  return { start, stop, post, ok, uploadBook, previewFrame, openEditor, answerConfirm, saveState, storedConfig };
}
