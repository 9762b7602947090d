import { tmpdir } from "node:os";
import { join } from "node:path";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createClient } from "@turnleaf/kit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askedAgainAfterDrop, launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { runawayPdf } from "../fixtures/pdf/runaway-pdf.js";
import type { OwnSystem } from "../setup/shared-system.js";
import { startSystem } from "../setup/shared-system.js";
import { workerStores } from "../setup/worker-stores.js";
import { uploadPdf } from "../support/system.js";
import { ownerContext } from "./fixtures.js";

// The editor's pages panel in Chromium against the seven built processes and the real stores (the built editor of
// web/editor/dist): an owner inserts a page at a position and sees it there in the preview, with the TOC shifted;
// a position outside the book is refused before anything is sent, in Chinese by default; a private book shows its
// thumbnails to its owner; a team member edits the owner's team book (the editor sends the team) and a view-only role
// is refused before sending, with the contact-support confirm.
const stores = workerStores();
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
let services: OwnSystem;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let book: { number: string; bookId: string };

beforeAll(async () => {
  // The team case signs users up from 127.0.0.1: the run's sign-ups must not meet the daily per-address limit.
  // A page may render for 5 s here (a normal one takes well under 1 s): the runaway page's insert fails in time.
  services = await startSystem(stores, "editor-pages", 60_000, {
    SIGN_UP_LIMIT: "10000",
    CONVERSION_PAGE_BUDGET_MS: "5000",
  });
  browser = await launchChromium();
  context = await ownerContext(browser, services, 900);
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

const pagesOf = async (bookId: string) =>
  (await post("/api/book/get-pages", { bookId })).data as unknown as { revision: number; pageCount: number };

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
    expect(confirmed).toEqual(["Delete 1 page? The bookmarks and multimedia on them go too."]);
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

  /**
   * Inserts a file through the Chinese pages panel that the server will not take; answers the toast it showed, after
   * checking that the book kept its 4 pages and its revision.
   */
  async function failedInsert(file: { name: string; buffer: Buffer }, position: string, waitMs: number) {
    const before = await pagesOf(book.bookId);
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
    await page.getByRole("tab", { name: "页面", exact: true }).click();
    const panel = page.getByTestId("pages-panel");
    await expect.poll(() => panel.locator(".page-list li").count()).toBe(4);
    await panel.getByTestId("pages-file").setInputFiles({ ...file, mimeType: "application/pdf" });
    await panel.getByTestId("pages-position").fill(position);
    await panel.getByTestId("pages-insert").click();
    await expect.poll(toast, { timeout: waitMs }).toMatch(/^PDF 转换失败：/);
    await expect.poll(() => panel.locator(".page-list li").count()).toBe(4);
    await expect
      .poll(async () => (await post("/api/book/get-pages", { bookId: book.bookId })).data)
      .toMatchObject({ pageCount: 4, revision: before.revision, converting: false });
    return toast();
  }

  it("says why an inserted file cannot be read, in Chinese by default; the book keeps its pages", async () => {
    // A PDF's first line, then nothing a PDF reader can use: the upload service's check at end-upload refuses it,
    // with its catalogue text as the server sent it.
    const damaged = { name: "damaged.pdf", buffer: Buffer.from(`%PDF-1.7\n${"damaged ".repeat(512)}`) };
    expect(await failedInsert(damaged, "2", 30_000)).toBe("PDF 转换失败：无法读取 damaged.pdf");
    await page.screenshot({ path: join(screenshots, "editor-pages-insert-failed.png") });
  }, 90_000);

  it("says why an inserted file's conversion failed, from the server's catalogue; the book keeps its pages", async () => {
    // A valid PDF whose one page would render for minutes: the upload takes it, the conversion stops it at 5 s.
    const runaway = { name: "runaway.pdf", buffer: runawayPdf() };
    expect(await failedInsert(runaway, "3", 60_000)).toBe("PDF 转换失败：第 1 页未能在 5 秒内完成渲染");
  }, 120_000);

  it("shows a private book's page thumbnails to its owner", async () => {
    const privacy = await post("/api/book/set-book-privacy", { bookId: book.bookId, access: "private" });
    expect(privacy.code, privacy.msg).toBe("OK");
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
    await page.getByRole("tab", { name: "页面", exact: true }).click();
    const images = page.getByTestId("pages-panel").locator(".page-list li img");
    await expect.poll(() => images.count()).toBe(4);
    for (const image of await images.all()) {
      expect(await image.getAttribute("src")).toMatch(/^\/api\/book\/page-thumb\?/);
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    }
    // Readers get nothing of it.
    expect((await fetch(`${services.gatewayUrl}/b/${book.number}/book.json`)).status).toBe(404);
    expect((await post("/api/book/set-book-privacy", { bookId: book.bookId, access: "public" })).code).toBe("OK");
  }, 60_000);

  it("asks for a page thumbnail again when it did not arrive (the gateway draws it on its first request)", async () => {
    const pageTwoThumb = (url: URL) => url.pathname === "/api/book/page-thumb" && url.searchParams.get("page") === "2";
    const asked = await askedAgainAfterDrop(page, pageTwoThumb, async () => {
      await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
      await page.getByRole("tab", { name: "页面", exact: true }).click();
      return page.getByTestId("pages-panel").locator(".page-list li").nth(1).locator("img");
    });
    expect(asked).toBe(2);
  }, 60_000);

  it("a team member edits the pages of the owner's team book; a role without the power gets the support confirm", async () => {
    const teamId = String(600_000 + Math.floor(Math.random() * 99_999));
    const admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
    const member = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const viewer = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const all = ["BOOK_EDIT_SELF", "BOOK_EDIT_OTHER", "BOOK_VIEW_SELF", "BOOK_VIEW_OTHER"];
      await admin.setTeamRole({ teamId, roleId: "1", roleName: "editor", powers: all });
      await admin.setTeamRole({ teamId, roleId: "2", roleName: "viewer", powers: ["BOOK_VIEW_OTHER"] });
      await admin.setPlan({ account: { teamId }, plan: { kind: PlanKind.POINTS, points: 500 }, actor: "test" });
      await admin.setTeamMember({ teamId, userId: "10001", roleId: "1" });
      for (const [context, roleId] of [
        [member, "1"],
        [viewer, "2"],
      ] as const) {
        const email = `pages-${roleId}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@turnleaf.local`;
        const registered = await context.request.post(`${services.gatewayUrl}/api/user/register`, {
          form: { email, password: "a good password" },
        });
        const reply = (await registered.json()) as { code: string; data: { userId: string } };
        expect(reply.code).toBe("OK");
        await admin.setTeamMember({ teamId, userId: String(reply.data.userId), roleId });
      }
      const teamBook = await uploadPdf(services.gatewayUrl, await labelledPdf("T", 3), { title: "Team book", teamId });

      const open = async (context: BrowserContext, pageCount: number) => {
        const tab = await context.newPage();
        await tab.goto(`${services.gatewayUrl}/book_edit2/editor?num=${teamBook.number}&tid=${teamId}`);
        const skip = tab.getByRole("button", { name: "跳过" });
        await skip.waitFor({ timeout: 10_000 }).then(
          () => skip.click(),
          () => undefined,
        );
        await tab.getByRole("tab", { name: "页面", exact: true }).click();
        const panel = tab.getByTestId("pages-panel");
        await expect.poll(() => panel.locator(".page-list li").count(), { timeout: 30_000 }).toBe(pageCount);
        tab.on("dialog", (dialog) => void dialog.accept());
        return { tab, panel };
      };

      // The member's delete goes through (the editor sends the team): the owner's book has two pages now.
      const edit = await open(member, 3);
      await edit.panel.getByRole("checkbox", { name: "选择第 3 页", exact: true }).check();
      await edit.panel.getByTestId("pages-delete").click();
      await expect
        .poll(() => edit.tab.locator(".toast").last().textContent(), { timeout: 60_000 })
        .toBe("页面已更新：共 2 页");
      await expect.poll(() => edit.panel.locator(".page-list li").count()).toBe(2);

      // The viewer may look but not change them: the role's refusal, with its contact-support confirm.
      const look = await open(viewer, 2);
      // Its role (loaded with the panel) holds no book-edit code: refused before anything is sent.
      const sent: string[] = [];
      look.tab.on("request", (request) => {
        if (request.url().includes("/api/book/delete-pages")) sent.push(request.url());
      });
      await look.panel.getByRole("checkbox", { name: "选择第 1 页", exact: true }).check();
      await look.panel.getByTestId("pages-delete").click();
      const confirm = look.tab.getByRole("alertdialog", { name: "联系客服" });
      await expect.poll(() => confirm.textContent()).toContain("没有编辑书籍设置功能的权限，请联系客服开通");
      expect(sent).toEqual([]);
      // The server refuses the same edit sent straight to it, with the same text.
      const straight = (await (
        await viewer.request.post(`${services.gatewayUrl}/api/book/delete-pages`, {
          form: {
            bookId: teamBook.bookId,
            teamId,
            revision: String((await pagesOf(teamBook.bookId)).revision),
            pages: "1",
          },
        })
      ).json()) as { code: string; msg: string };
      expect(straight).toMatchObject({ code: "POWER_LIMIT", msg: "没有编辑书籍设置功能的权限，请联系客服开通" });
      await look.tab.screenshot({ path: join(screenshots, "editor-pages-team-refused.png") });
      const pages = await post("/api/book/get-pages", { bookId: teamBook.bookId });
      expect(pages.data).toMatchObject({ pageCount: 2, converting: false });
    } finally {
      admin.close();
      await member.close();
      await viewer.close();
    }
  }, 180_000);
});
