import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RunningServices } from "../../scripts/src/services.js";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { startSystem, uploadPdf } from "../support/system.js";
import { ownerContext } from "./fixtures.js";

// The editor's pages panel in Chromium against the seven built processes and the real stores (the built editor of
// web/editor/dist): an owner inserts a page at a position and sees it there in the preview, with the TOC shifted;
// a position outside the book is refused before anything is sent, in Chinese by default.
const stores = inject("stores");
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
let services: RunningServices;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let book: { number: string; bookId: string };

beforeAll(async () => {
  services = await startSystem(stores, "editor-pages");
  browser = await launchChromium();
  context = await ownerContext(browser, services.gatewayUrl, 900);
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await services?.stopAll();
});

const post = async (path: string, form: Record<string, string>) =>
  (await (await context.request.post(`${services.gatewayUrl}${path}`, { form })).json()) as {
    code: string;
    msg: string;
    data: Record<string, unknown>;
  };

const toast = () => page.locator(".toast").last().textContent();
/** The preview frame reloads when an edit is ready (the same render as the toast): its reader says when it is up. */
const previewReady = () =>
  expect
    .poll(() => page.locator("iframe[name=bookEditIframe]").getAttribute("data-ready"), { timeout: 30_000 })
    .toBe("true");

describe("the pages panel", () => {
  it("an owner inserts a page and sees it at its position in the preview, with the TOC shifted", async () => {
    book = await uploadPdf(services.gatewayUrl, await labelledPdf("B", 4), { title: "Pages in the editor" });
    const saved = await post("/api/book/save-book-catalog", {
      bookId: book.bookId,
      catalog: JSON.stringify([{ title: "Chapter Three", page: 3, children: [] }]),
    });
    expect(saved.code, saved.msg).toBe("OK");

    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
    await page.getByRole("button", { name: "Skip" }).click();
    await page.getByRole("tab", { name: "Pages", exact: true }).click();
    const panel = page.getByTestId("pages-panel");
    await expect.poll(() => panel.locator(".page-list li").count()).toBe(4);

    await panel.getByTestId("pages-file").setInputFiles({
      name: "new-page.pdf",
      mimeType: "application/pdf",
      buffer: await labelledPdf("N", 1),
    });
    await panel.getByTestId("pages-position").fill("2");
    await panel.getByTestId("pages-insert").click();
    await expect.poll(toast, { timeout: 120_000 }).toBe("Pages updated: 5 pages");
    await expect.poll(() => panel.locator(".page-list li").count()).toBe(5);

    // The preview reloaded on the new revision: page 2 is the inserted one, the old pages follow it.
    await previewReady();
    const preview = page.frameLocator("iframe[name=bookEditIframe]");
    await preview.getByRole("button", { name: "Text view" }).click();
    await expect.poll(() => preview.getByRole("region", { name: "Page 2" }).textContent()).toContain("PAGE N1");
    expect(await preview.getByRole("region", { name: "Page 4" }).textContent()).toContain("PAGE B3");
    await preview.getByRole("button", { name: "Book view" }).first().click();
    await preview.getByRole("button", { name: "Contents" }).click();
    await preview.getByRole("button", { name: /Chapter Three/ }).click();
    await expect.poll(() => preview.getByTestId("announcer").textContent()).toBe("Page 4–5 of 5");
    await page.screenshot({ path: join(screenshots, "editor-pages-inserted.png") });

    // The contents tab shows the shifted entry too (the editor loaded the book again).
    await page.getByRole("tab", { name: "Contents", exact: true }).click();
    const catalog = await post("/api/book/get-book-catalog", { bookId: book.bookId });
    expect(catalog.data.catalog).toMatchObject([{ title: "Chapter Three", page: 4, children: [] }]);
  }, 180_000);

  it("reorders with move down and deletes a ticked page after the confirm; the preview follows", async () => {
    const panel = page.getByTestId("pages-panel");
    await page.getByRole("tab", { name: "Pages", exact: true }).click();
    await expect.poll(() => panel.locator(".page-list li").count()).toBe(5);
    await panel.getByRole("button", { name: "Move down Page 1", exact: true }).click();
    await panel.getByTestId("pages-save-order").click();
    await expect.poll(toast, { timeout: 60_000 }).toBe("Pages updated: 5 pages");
    await previewReady();
    // The pages as the reader draws them (their text layer): the inserted page first, then B1.
    const preview = page.frameLocator("iframe[name=bookEditIframe]");
    await preview.getByRole("button", { name: "First page" }).click();
    await expect.poll(() => preview.locator('.tl-face[data-page="1"] .tl-text').textContent()).toBe("PAGE N1");
    await preview.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => preview.locator('.tl-face[data-page="2"] .tl-text').textContent()).toBe("PAGE B1");

    const confirmed: string[] = [];
    page.once("dialog", (dialog) => {
      confirmed.push(dialog.message());
      void dialog.accept();
    });
    await panel.getByRole("checkbox", { name: "Select page 5", exact: true }).check();
    await panel.getByTestId("pages-delete").click();
    await expect.poll(toast, { timeout: 60_000 }).toBe("Pages updated: 4 pages");
    expect(confirmed).toEqual(["Delete 1 pages? The bookmarks and multimedia on them go too."]);
    const catalog = await post("/api/book/get-book-catalog", { bookId: book.bookId });
    // Chapter Three (B3) was page 4 and stays there: the deleted page 5 (B4) came after it.
    expect(catalog.data.catalog).toMatchObject([{ title: "Chapter Three", page: 4, children: [] }]);
    await expect.poll(() => panel.locator(".page-list li").count()).toBe(4);
  }, 180_000);

  it("refuses a position outside the book before sending, in Chinese by default", async () => {
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
    await page.getByRole("tab", { name: "页面", exact: true }).click();
    const panel = page.getByTestId("pages-panel");
    await expect.poll(() => panel.locator(".page-list li").count()).toBe(4);
    await panel.getByTestId("pages-file").setInputFiles({
      name: "late.pdf",
      mimeType: "application/pdf",
      buffer: await labelledPdf("L", 1),
    });
    await panel.getByTestId("pages-position").fill("9");
    await panel.getByTestId("pages-insert").click();
    await expect.poll(toast).toBe("插入位置必须是 1 到 5 之间的页码");
    // Deleting every page is refused the same way.
    for (const box of await panel.getByRole("checkbox").all()) await box.check();
    await panel.getByTestId("pages-delete").click();
    await expect.poll(toast).toBe("书至少要保留一页：不能删除所有页面");
    const pages = await post("/api/book/get-pages", { bookId: book.bookId });
    expect(pages.data).toMatchObject({ pageCount: 4, converting: false });
  }, 60_000);
});
