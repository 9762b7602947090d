import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askedAgainAfterDrop, launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { bookList, newOwner, postForm, uploadBook } from "./bookcase-fixtures.js";

// The bookcase (/book_edit2/bookcase) in Chromium against the built stack: a new owner's eleven books, listed a
// page at a time, searched, filtered by status, disabled (readers refused), deleted (confirmed; gone on the
// server); a new upload's row showing its conversion progress, then its normal state; where a login lands.
// Chinese by default, once in English.
const services = await workerSystem();
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
let browser: Browser;
let owner: Awaited<ReturnType<typeof newOwner>>;
let page: Page;
const books = new Map<string, { bookId: string; number: string }>();
const titles = ["Atlas A", "Atlas B", "Atlas C", ...Array.from({ length: 8 }, (_, index) => `Ledger 0${index + 1}`)];

const rows = (on: Page) => on.getByTestId("bookcase-row");
const row = (on: Page, title: string) => rows(on).filter({ hasText: title });
const bookcaseUrl = (query = "") => `${services.gatewayUrl}/book_edit2/bookcase${query}`;

beforeAll(async () => {
  browser = await launchChromium();
  owner = await newOwner(browser, services.gatewayUrl, services.ports.power);
  for (const title of titles) {
    const pdf = await labelledPdf(title.replace(/\W/g, ""), 1);
    books.set(title, await uploadBook(owner.context.request, services.gatewayUrl, pdf, { title }));
  }
  page = await owner.context.newPage();
}, 240_000);

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
});

describe("the bookcase", () => {
  it("lists the owner's books a page at a time and follows their conversions to the end", async () => {
    await page.goto(bookcaseUrl());
    expect(await page.title()).toBe("我的书架 - Turnleaf");
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBe(10);
    // Books still converting show their progress and settle without a reload.
    await expect
      .poll(() => page.locator('[data-testid="bookcase-row"][data-status="normal"]').count(), { timeout: 180_000 })
      .toBe(10);
    expect(await page.getByTestId("bookcase-page").textContent()).toBe("第 1 / 2 页，共 11 本");
    // Newest first: the last upload heads the list, with its cover (the owner's thumbnail route) and one page.
    const first = rows(page).first();
    expect(await first.locator("td").nth(1).textContent()).toContain("Ledger 08");
    expect(await first.locator("td").nth(2).textContent()).toBe("图书");
    expect(await first.locator("td").nth(4).textContent()).toBe("1");
    const cover = first.locator("img");
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: join(screenshots, "bookcase.png") });

    await page.getByRole("button", { name: "下一页" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain("Atlas A");
    expect(await page.getByTestId("bookcase-page").textContent()).toBe("第 2 / 2 页，共 11 本");
    expect(await page.getByRole("button", { name: "下一页" }).isDisabled()).toBe(true);
    // The page is in the URL: a reload keeps it.
    await page.reload();
    await expect.poll(() => rows(page).count()).toBe(1);
    await page.getByRole("button", { name: "上一页" }).click();
    await expect.poll(() => rows(page).count()).toBe(10);
  }, 240_000);

  it("keeps the cover to its owner", async () => {
    const listed = await postForm(owner.context.request, `${services.gatewayUrl}/api/book/get-book-list`, {
      keyword: "Atlas A",
    });
    const cover = String((listed.data as { list: { cover: string }[] }).list[0]?.cover);
    expect(cover).toMatch(/\/api\/book\/book-cover\?bookId=\w+&revision=1$/);
    const mine = await owner.context.request.get(cover);
    expect(mine.status()).toBe(200);
    expect(mine.headers()["content-type"]).toBe("image/jpeg");
    expect([...(await mine.body()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
    // Another user (the demo user acts for requests without a session on this stack) gets nothing.
    const stranger = await fetch(cover);
    expect(stranger.status).toBe(404);
    const otherRevision = await owner.context.request.get(cover.replace("revision=1", "revision=7"));
    expect(otherRevision.status()).toBe(404);
  });

  it("asks for a cover again when it did not arrive", async () => {
    const atlasA = books.get("Atlas A")?.bookId;
    const atlasCover = (url: URL) =>
      url.pathname === "/api/book/book-cover" && url.searchParams.get("bookId") === atlasA;
    const asked = await askedAgainAfterDrop(page, atlasCover, async () => {
      await page.goto(bookcaseUrl("?q=Atlas%20A"));
      return row(page, "Atlas A").locator("img");
    });
    expect(asked).toBe(2);
  });

  it("searches by title and filters by status; a disabled book is refused to readers", async () => {
    await page.goto(bookcaseUrl());
    await page.getByRole("searchbox", { name: "搜索书名或编号" }).fill("atlas");
    await page.getByRole("button", { name: "搜索", exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    for (const text of await rows(page).allTextContents()) expect(text).toContain("Atlas");
    await page.getByRole("searchbox", { name: "搜索书名或编号" }).fill("no such book");
    await page.getByRole("button", { name: "搜索", exact: true }).click();
    await expect.poll(() => page.getByTestId("bookcase-empty").textContent()).toBe("没有符合条件的书");

    await page.goto(bookcaseUrl("?q=Atlas"));
    const atlasB = books.get("Atlas B");
    const reader = () => fetch(`${services.gatewayUrl}/b/${atlasB?.number}/book.json`).then((reply) => reply.status);
    expect(await reader()).toBe(200);
    await row(page, "Atlas B").getByRole("button", { name: "停用" }).click();
    await expect.poll(() => row(page, "Atlas B").getAttribute("data-status")).toBe("disabled");
    expect(await row(page, "Atlas B").getByTestId("bookcase-status").textContent()).toBe("已禁用");
    await expect.poll(reader).toBe(404);

    await page.getByLabel("状态").selectOption("disabled");
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("disabled");
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().textContent()).toContain("Atlas B");
    await page.getByLabel("状态").selectOption("enabled");
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await row(page, "Atlas B").count()).toBe(0);

    // Enabled again from the bookcase, readers get it back.
    await page.getByLabel("状态").selectOption("");
    await row(page, "Atlas B").getByRole("button", { name: "启用" }).click();
    await expect.poll(() => row(page, "Atlas B").getAttribute("data-status")).toBe("normal");
    await expect.poll(reader).toBe(200);
  });

  it("deletes a book only once confirmed, and the server no longer has it", async () => {
    const atlasC = books.get("Atlas C");
    await page.goto(bookcaseUrl("?q=Atlas&lang=en"));
    expect(await page.locator("h1").textContent()).toBe("My bookcase");
    await row(page, "Atlas C").getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete" });
    expect(await confirm.textContent()).toContain("Delete “Atlas C”? This cannot be undone.");
    await confirm.getByRole("button", { name: "cancel" }).click();
    expect(await confirm.count()).toBe(0);
    expect((await bookList(owner.context.request, services.gatewayUrl)).total).toBe(11);

    await page.goto(bookcaseUrl("?q=Atlas"));
    await row(page, "Atlas C").getByRole("button", { name: "删除" }).click();
    const confirmZh = page.getByRole("alertdialog", { name: "删除" });
    await page.screenshot({ path: join(screenshots, "bookcase-delete.png") });
    expect(await confirmZh.textContent()).toContain("确定删除《Atlas C》吗？删除后无法恢复。");
    await confirmZh.getByRole("button", { name: "删除" }).click();
    await expect.poll(() => row(page, "Atlas C").count()).toBe(0);
    await expect.poll(() => page.locator(".toast").last().textContent()).toBe("已删除");
    const listed = await bookList(owner.context.request, services.gatewayUrl);
    expect(listed.total).toBe(10);
    expect(listed.list.map((entry) => entry.title)).not.toContain("Atlas C");
    const gone = await postForm(owner.context.request, `${services.gatewayUrl}/api/book/get-book`, {
      bookId: atlasC?.bookId ?? "",
    });
    expect(gone.code).not.toBe("OK");
    expect(gone.msg).toBe("书不存在");
  });

  it("opens a book in the editor, its share dialog and its content replacement", async () => {
    const atlasA = books.get("Atlas A");
    await page.goto(bookcaseUrl("?q=Atlas"));
    await row(page, "Atlas A").getByRole("button", { name: "分享" }).click();
    const share = page.getByRole("dialog", { name: "分享" });
    expect(await share.locator("#share-link").inputValue()).toBe(`${services.gatewayUrl}/b/${atlasA?.number}`);
    await share.getByRole("button", { name: "关闭" }).click();
    await row(page, "Atlas A").getByRole("button", { name: "替换内容" }).click();
    await expect
      .poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`)
      .toBe(`/book_edit2/convert?num=${atlasA?.number}`);
    // The overwrite upload, aimed at this book.
    expect(await page.getByLabel("覆盖已有的书").isChecked()).toBe(true);
    expect(await page.getByLabel("要覆盖的书（书号）").inputValue()).toBe(atlasA?.number);
    // Every screen's header leads back to the bookcase.
    await page.getByRole("link", { name: "书架" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/book_edit2/bookcase");
    await row(page, "Atlas A").getByRole("button", { name: "编辑" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/book_edit2/editor");
    expect(new URL(page.url()).searchParams.get("num")).toBe(atlasA?.number);
    await page.getByRole("link", { name: "书架" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/book_edit2/bookcase");
    await page.goto("about:blank");
  });

  it("shows a converting book's progress in its row, in Chinese, then its normal state", async () => {
    await page.goto(bookcaseUrl("?q=Progress"));
    await expect.poll(() => page.getByTestId("bookcase-empty").count()).toBe(1);
    // Every progress text and status the row shows, as it shows them (the poll of the test could miss one).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const row = document.querySelector('[data-testid="bookcase-row"]');
        if (!row) return;
        const text = `${row.getAttribute("data-status")}|${row.querySelector('[data-testid="bookcase-status"]')?.textContent}|${row.querySelector('[data-testid="bookcase-progress"]')?.textContent ?? ""}`;
        if (seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    // Pages enough that its conversion takes several of the bookcase's progress polls.
    const pdf = await labelledPdf("Progress", 120);
    const uploaded = await uploadBook(owner.context.request, services.gatewayUrl, pdf, { title: "Progress book" });
    // The list is asked again (a search) once the upload is in: the row appears converting.
    await page.getByRole("button", { name: "搜索", exact: true }).click();
    await expect.poll(() => row(page, "Progress book").count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => row(page, "Progress book").getAttribute("data-status"), { timeout: 180_000 })
      .toBe("normal");
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    // Converting: the Chinese status and the pages so far of the 120 (or, before the first report, that it waits),
    // never a placeholder; the count only grows; then the normal state without progress.
    const converting = seen.slice(0, -1);
    expect(converting.length, JSON.stringify(seen)).toBeGreaterThan(0);
    for (const text of converting) expect(text).toMatch(/^processing\|处理中\|(等待转换…|转换中 \d{1,3}\/120 页)$/);
    const done = converting
      .map((text) => /转换中 (\d+)\//.exec(text)?.[1])
      .filter(Boolean)
      .map(Number);
    expect(done.length, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe("normal|正常|");
    const settled = row(page, "Progress book");
    expect(await settled.locator("td").nth(4).textContent()).toBe("120");
    await expect
      .poll(() => settled.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect((await bookList(owner.context.request, services.gatewayUrl, { keyword: "Progress" })).list).toMatchObject([
      { bookId: uploaded.bookId, status: "enabled", pageCount: 120 },
    ]);
    // The other cases count the owner's books without it.
    const removed = await postForm(owner.context.request, `${services.gatewayUrl}/api/book/delete-book`, {
      bookId: uploaded.bookId,
    });
    expect(removed.code, removed.msg).toBe("OK");
  }, 240_000);

  it("is where a user lands after logging in", async () => {
    const visitor = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      const visit = await visitor.newPage();
      await visit.goto(`${services.gatewayUrl}/login.php`);
      await visit.getByLabel("Email").fill(owner.email);
      await visit.getByLabel("Password").fill(owner.password);
      await visit.getByRole("button", { name: "Log in" }).click();
      await expect.poll(() => new URL(visit.url()).pathname).toBe("/book_edit2/bookcase");
      await expect.poll(() => rows(visit).count(), { timeout: 30_000 }).toBe(10);
      expect(await visit.getByTestId("bookcase-page").textContent()).toBe("第 1 / 1 页，共 10 本");
    } finally {
      await visitor.close();
    }
  });
});
