import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { type Book, brandsHarness, type Reply, screenshots } from "./brands-fixtures.js";

// Design resources in the editor and reader (Chromium, Chinese by default) against the seven built processes and the
// real stores, on a book of this file's own account: top bookmark tabs stay visible and clickable at PC, tablet and
// phone widths; the custom content panel saves, lists, applies and deletes what the server stores, and the server
// refuses bad custom config and content. Brands and custom configurations: brands.test.ts.
const services = await workerSystem();
let book: Book;
const harness = brandsHarness(services, () => book);
const { post, ok, uploadBook, openEditor, answerConfirm } = harness;
let browser: Browser;

let page: Page;
let admin: Awaited<ReturnType<typeof harness.start>>["admin"];
let userId = "";

beforeAll(async () => {
  ({ browser, page, admin, userId } = await harness.start());
}, 120_000);

afterAll(() => harness.stop());

describe("bookmark tabs and custom content", () => {
  it("uploads the book these tests edit, and skips the editor's guide", async () => {
    book = await uploadBook();
    // The editor's first-visit guide, skipped once in this context (brands.test.ts's first test does the same).
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
    await page.getByRole("button", { name: "跳过" }).click();
  }, 240_000);

  it("keeps top bookmark tabs visible and clickable at PC, tablet and phone widths", async () => {
    expect(book, "the first test made the book").toBeDefined();
    for (const feature of ["BOOKMARK", "TOC"]) {
      await admin.setFeatureOverride({ account: { userId }, feature, allowed: true, actor: "test" });
    }
    await ok("/api/book/save-book-bookmark", {
      bookId: book.bookId,
      bookmarks: JSON.stringify([
        { caption: "封面", page: 1, colour: "#c0392b", fontColour: "#ffffff" },
        { caption: "第二页", page: 2, colour: "#1e90ff", fontColour: "#ffffff" },
      ]),
    });
    await ok("/api/book/update-book", {
      bookId: book.bookId,
      bookConfig: JSON.stringify({ BookMarkButtonVisible: "Show", bookmarkOnSideEdge: false }),
    });
    for (const viewport of [
      { width: 1400, height: 900 },
      { width: 820, height: 1180 },
      { width: 375, height: 667 },
    ]) {
      const reader = await browser.newPage({ viewport });
      try {
        await reader.goto(`${services.gatewayUrl}/b/${book.number}`);
        const tabs = reader.locator(".tl-bookmark-top");
        await expect.poll(() => tabs.count(), { timeout: 20_000 }).toBe(2);
        for (let index = 0; index < 2; index++) {
          const box = await tabs.nth(index).boundingBox();
          expect(box, `tab ${index} at ${viewport.width}px`).not.toBeNull();
          if (!box) continue;
          // Wholly inside the window.
          expect(box.y, `tab ${index} top at ${viewport.width}px`).toBeGreaterThanOrEqual(0);
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          // Not covered (once the loading screen is gone): the point at its middle is the tab itself.
          const middle = [box.x + box.width / 2, box.y + box.height / 2];
          await expect
            .poll(
              () =>
                reader.evaluate(
                  ([x, y]) =>
                    document.elementFromPoint(x as number, y as number)?.closest(".tl-bookmark-top")?.textContent,
                  middle,
                ),
              { timeout: 15_000, message: `tab ${index} is what a click at its middle reaches (${viewport.width}px)` },
            )
            .toBe(["封面", "第二页"][index]);
        }
        await tabs.nth(1).click();
        await expect
          .poll(() => reader.getByTestId("announcer").textContent(), { timeout: 10_000 })
          .toContain("第 2 页");
        expect(await tabs.nth(1).getAttribute("aria-current")).toBe("page");
        await reader.screenshot({ path: join(screenshots, `reader-top-tabs-${viewport.width}.png`) });
      } finally {
        await reader.close();
      }
    }
  }, 180_000);

  it("saves the book's contents as named custom content, applies it back through the TOC and bookmark saves, deletes it", async () => {
    expect(book, "the first test made the book").toBeDefined();
    await ok("/api/book/save-book-catalog", {
      bookId: book.bookId,
      catalog: JSON.stringify([
        { title: "第一章", page: 1, children: [{ title: "第一节", page: 1, children: [] }] },
        { title: "第二章", page: 2, children: [] },
      ]),
    });
    await openEditor("目录");
    const panel = page.getByRole("region", { name: "自定义内容" });
    await panel.getByText("这本书还没有保存的自定义内容").waitFor();
    // The server's name rule, said before anything is sent.
    await panel.getByLabel("内容名称（字母、数字、- _ .）").fill("章节");
    await panel.getByRole("button", { name: "保存当前目录和书签" }).click();
    await page.getByText("名称须为 1 到 64 个字母、数字、“-”、“_”或“.”").first().waitFor();
    expect((await ok<{ list: unknown[] }>("/api/book/get-custom-content", { bookId: book.bookId })).list).toEqual([]);

    await panel.getByLabel("内容名称（字母、数字、- _ .）").fill("chapters-v1");
    await panel.getByRole("button", { name: "保存当前目录和书签" }).click();
    const row = panel.locator('li[data-key="chapters-v1"]');
    await row.waitFor();
    expect(await row.textContent()).toContain("3 个目录项 · 2 个书签");
    await panel.screenshot({ path: join(screenshots, "editor-custom-content.png") });
    const block = await ok<{ list: { key: string; content: { catalog: { title: string }[] } }[] }>(
      "/api/book/get-custom-content",
      { bookId: book.bookId, key: "chapters-v1" },
    );
    expect(block.list[0]?.content.catalog.map((entry) => entry.title)).toEqual(["第一章", "第二章"]);

    // The book's contents change elsewhere; applying the block puts them back, as the server stores them.
    await ok("/api/book/save-book-catalog", {
      bookId: book.bookId,
      catalog: JSON.stringify([{ title: "Other", page: 1, children: [] }]),
    });
    await ok("/api/book/save-book-bookmark", { bookId: book.bookId, bookmarks: "[]" });
    await openEditor("目录");
    const asked = answerConfirm(true);
    await page.getByRole("region", { name: "自定义内容" }).getByRole("button", { name: "应用 chapters-v1" }).click();
    expect(await asked).toBe("用“chapters-v1”替换本书的目录和书签吗？");
    await expect
      .poll(() => page.getByLabel("标题 1", { exact: true }).inputValue(), { timeout: 20_000 })
      .toBe("第一章");
    const catalog = await ok<{ catalog: { title: string; children: { title: string }[] }[] }>(
      "/api/book/get-book-catalog",
      { bookId: book.bookId },
    );
    expect(catalog.catalog.map((entry) => entry.title)).toEqual(["第一章", "第二章"]);
    expect(catalog.catalog[0]?.children.map((entry) => entry.title)).toEqual(["第一节"]);
    const marks = await ok<{ bookmarks: { caption: string }[] }>("/api/book/get-book-bookmark", {
      bookId: book.bookId,
    });
    expect(marks.bookmarks.map((mark) => mark.caption)).toEqual(["封面", "第二页"]);

    const deleted = answerConfirm(true);
    await page.getByRole("region", { name: "自定义内容" }).getByRole("button", { name: "删除 chapters-v1" }).click();
    expect(await deleted).toBe("删除自定义内容“chapters-v1”吗？");
    await page.getByRole("region", { name: "自定义内容" }).getByText("这本书还没有保存的自定义内容").waitFor();
    expect((await ok<{ list: unknown[] }>("/api/book/get-custom-content", { bookId: book.bookId })).list).toEqual([]);
  }, 240_000);

  it("refuses bad custom config and content sent straight to the API, in Chinese, storing nothing", async () => {
    expect(book, "the first test made the book").toBeDefined();
    await ok("/api/book/save-custom-content", { bookId: book.bookId, key: "kept", content: '{"catalog":[]}' });
    await ok("/api/book/save-book-custom-config", {
      bookId: book.bookId,
      type: "config",
      config: JSON.stringify({ customConfigName: "保留", bgColor: "#111111" }),
    });
    // Another user reaches nothing of the book: the same answer as for a book that does not exist.
    const stranger = await browser.newContext();
    try {
      const strangerPost = async (path: string, form: Record<string, string>) =>
        (await (await stranger.request.post(`${services.gatewayUrl}${path}`, { form })).json()) as Reply;
      expect(
        (
          await strangerPost("/api/user/register", {
            email: `stranger-${randomUUID()}@example.org`,
            password: "a good password",
          })
        ).code,
      ).toBe("OK");
      for (const [path, form] of [
        ["/api/book/get-book-custom-config", { bookId: book.bookId, type: "config" }],
        ["/api/book/save-book-custom-config", { bookId: book.bookId, type: "config", config: '{"bgColor":"#000000"}' }],
        ["/api/book/delete-book-custom-config", { bookId: book.bookId, type: "config" }],
        ["/api/book/get-custom-content", { bookId: book.bookId }],
        ["/api/book/save-custom-content", { bookId: book.bookId, key: "kept", content: "{}" }],
        ["/api/book/delete-custom-content", { bookId: book.bookId, key: "kept" }],
      ] as const) {
        expect(await strangerPost(path, form), path).toMatchObject({ code: "ERROR", msg: "书不存在" });
      }
    } finally {
      await stranger.close();
    }
    // A missing name (key), an empty one, an over-long one, one with spaces.
    expect(await post("/api/book/save-custom-content", { bookId: book.bookId, content: "{}" })).toMatchObject({
      code: "ERROR",
      msg: "请求异常",
    });
    const keyRule = "名称须为 1 到 64 个字母、数字、“-”、“_”或“.”";
    for (const key of ["", "two words", "章节"]) {
      expect(
        await post("/api/book/save-custom-content", { bookId: book.bookId, key, content: "{}" }),
        key,
      ).toMatchObject({
        code: "ERROR",
        msg: keyRule,
      });
    }
    expect(
      await post("/api/book/save-custom-content", { bookId: book.bookId, key: "k".repeat(65), content: "{}" }),
    ).toMatchObject({ code: "ERROR", msg: "请求异常" });
    // A custom config without its config, of an unknown kind, or with a value the settings validator refuses.
    expect(await post("/api/book/save-book-custom-config", { bookId: book.bookId, type: "config" })).toMatchObject({
      code: "ERROR",
      msg: "请求异常",
    });
    expect(
      await post("/api/book/save-book-custom-config", { bookId: book.bookId, type: "look", config: "{}" }),
    ).toMatchObject({ code: "ERROR", msg: "请求异常" });
    expect(
      await post("/api/book/save-book-custom-config", {
        bookId: book.bookId,
        type: "config",
        config: JSON.stringify({ customConfigName: "坏的", bgColor: "not a colour" }),
      }),
    ).toMatchObject({ code: "ERROR", msg: "背景颜色：请输入颜色，如 #1e90ff" });
    expect(
      (
        await post(
          "/api/book/save-book-custom-config",
          { bookId: book.bookId, type: "config", config: JSON.stringify({ bgColor: "not a colour" }) },
          { "accept-language": "en" },
        )
      ).msg,
    ).toBe("Background colour: enter a colour such as #1e90ff");
    // The name the panel keeps it under is held to its 64 characters by the server too.
    expect(
      await post("/api/book/save-book-custom-config", {
        bookId: book.bookId,
        type: "config",
        config: JSON.stringify({ customConfigName: "名".repeat(65), bgColor: "#222222" }),
      }),
    ).toMatchObject({ code: "ERROR", msg: "配置名称最多 64 个字符" });
    // Nothing refused was stored: the entries are as they were.
    const config = await ok<{ config: Record<string, unknown> }>("/api/book/get-book-custom-config", {
      bookId: book.bookId,
      type: "config",
    });
    expect(config.config).toEqual({ customConfigName: "保留", bgColor: "#111111" });
    const content = await ok<{ list: { key: string }[] }>("/api/book/get-custom-content", { bookId: book.bookId });
    expect(content.list.map((entry) => entry.key)).toEqual(["kept"]);
  }, 120_000);
});
