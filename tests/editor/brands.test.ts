import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { createClient } from "@turnleaf/kit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";

// Brands and design resources in the editor (Chromium, Chinese by default) against the seven built processes and
// the real stores: a brand applied to a book shows in its reader; the book records the template it uses; creating
// a brand is the public-logo power, refused on the server with the catalogue's text. Then, on the same book: the
// preview redraws a chosen or removed brand at once; the reader shows the related brand and the business card in its
// style; top bookmark tabs stay visible and clickable at PC, tablet and phone widths; the custom config and custom
// content panels save, list, apply and delete what the server stores, and the server refuses bad values.
const services = await workerSystem();
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: ReturnType<typeof createClient<typeof PowerAdminService>>;
let userId = "";
let book: { bookId: string; number: string };

interface Reply<T = Record<string, unknown>> {
  code: string;
  msg: string;
  data: T;
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
  await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
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
  (await ok<{ htmlConfig: Record<string, unknown> }>("/api/book/get-book", { bookId: book.bookId })).htmlConfig;

beforeAll(async () => {
  admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
  browser = await launchChromium();
  // An account of its own (a fresh session): its power overrides touch no other test's user.
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await ok("/api/user/register", { email: `brands-${randomUUID()}@example.org`, password: "a good password" });
  userId = (await ok<{ userId: string }>("/api/user/get-user", {})).userId;
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  admin?.close();
  await context?.close();
  await browser?.close();
});

describe("brands and design resources", () => {
  it("applies the owner's brand to a book in the editor, and its reader shows the brand's logo and title", async () => {
    book = await uploadBook();
    const brand = await ok<{ brandId: string }>("/api/user/brand/create", {
      type: "toolBarBrand",
      title: "Harbour Press",
      logo: "/resourceFiles/brand/turnleaf-logo.svg",
      link: "https://harbour.example/",
    });
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
    await page.getByRole("button", { name: "跳过" }).click();
    await page.getByRole("tab", { name: "基本信息", exact: true }).click();
    const chooser = page.getByRole("region", { name: "应用到本书" });
    // Nothing applied yet: the brand configuration's default is named.
    expect(await chooser.getByLabel("工具栏品牌").locator("option:checked").textContent()).toBe("默认: Turnleaf");
    await chooser.getByLabel("工具栏品牌").selectOption({ label: "Harbour Press" });
    await expect.poll(saveState, { timeout: 20_000 }).toBe("success");
    expect((await storedConfig()).toolBarBrand).toBe(brand.brandId);

    // The template the book uses is recorded with the values it brought.
    await page.getByRole("tab", { name: "设计", exact: true }).click();
    await page.getByRole("tab", { name: "模板", exact: true }).click();
    await page.getByRole("button", { name: "应用 经典", exact: true }).first().click();
    await expect.poll(saveState, { timeout: 20_000 }).toBe("success");
    await expect.poll(async () => (await storedConfig()).designTemplate, { timeout: 10_000 }).toBe("classic");
    // The phone templates and the background library are loaded from their resource files.
    expect(await page.getByRole("region", { name: "手机模板" }).locator("li").count()).toBeGreaterThan(0);
    expect(await page.getByRole("region", { name: "背景库" }).locator("li").count()).toBeGreaterThan(0);

    const reader = await browser.newPage();
    try {
      await reader.goto(`${services.gatewayUrl}/b/${book.number}`);
      const mark = reader.getByTestId("brand-toolbar");
      await mark.waitFor();
      expect(await mark.textContent()).toBe("Harbour Press");
      expect(await mark.getAttribute("href")).toBe("https://harbour.example/");
      expect(await mark.locator("img").getAttribute("src")).toBe("/resourceFiles/brand/turnleaf-logo.svg");
    } finally {
      await reader.close();
    }
  }, 240_000);

  it("refuses a brand over the owner's power on the server, with the text in Chinese (English on request)", async () => {
    expect(book, "the first test made the book").toBeDefined();
    await admin.setFeatureOverride({ account: { userId }, feature: "PUBLIC_LOGO", allowed: false, actor: "test" });
    try {
      const fields = { type: "toolBarBrand", title: "Over the limit" };
      // A custom override withholds the public-logo feature: spec 000 §6's text for custom features.
      expect(await post("/api/user/brand/create", fields)).toMatchObject({
        code: "POWER_LIMIT",
        msg: "已达到定制额度，请联系客服",
        data: { messageKey: "customQuota", feature: "PUBLIC_LOGO" },
      });
      expect((await post("/api/user/brand/create", fields, { "accept-language": "en" })).msg).toBe(
        "reached the customised quota, contact support",
      );
      // The editor's own form gets the same refusal, shown in Chinese; nothing is stored.
      await page.getByRole("tab", { name: "基本信息", exact: true }).click();
      const brands = page.getByRole("region", { name: "品牌", exact: true });
      await brands.getByLabel("品牌 标题").fill("Over the limit");
      await brands.getByRole("button", { name: "添加品牌" }).click();
      await page.getByText("已达到定制额度，请联系客服").first().waitFor();
      const list = await ok<{ list: { title: string }[] }>("/api/user/brand/get-list", {});
      expect(list.list.map((brand) => brand.title)).toEqual(["Harbour Press"]);
      // Without the power the brand is no longer served to readers either (no save of the book).
      const served = await (await context.request.get(`${services.gatewayUrl}/b/${book.number}/book.json`)).json();
      expect((served as { htmlConfig: Record<string, unknown> }).htmlConfig.toolBarBrand ?? "").toBe("");
    } finally {
      await admin.setFeatureOverride({ account: { userId }, feature: "PUBLIC_LOGO", actor: "test" });
    }
  }, 120_000);

  it("redraws the preview at once when a brand is chosen or removed, without reloading it", async () => {
    expect(book, "the first test made the book").toBeDefined();
    const quay = await ok<{ brandId: string }>("/api/user/brand/create", {
      type: "toolBarBrand",
      title: "Quay Books",
      logo: "/resourceFiles/brand/turnleaf-logo.svg",
      link: "https://quay.example/",
    });
    await openEditor("基本信息");
    const frame = await previewFrame();
    await frame.getByTestId("brand-toolbar").waitFor();
    // A mark in the frame's window: a reloaded preview would lose it.
    await frame.evaluate(() => Object.assign(window, { keptFrame: true }));
    const chooser = page.getByRole("region", { name: "应用到本书" });
    await chooser.getByLabel("工具栏品牌").selectOption({ label: "Quay Books" });
    await expect.poll(() => frame.getByTestId("brand-toolbar").textContent(), { timeout: 10_000 }).toBe("Quay Books");
    expect(await frame.getByTestId("brand-toolbar").getAttribute("href")).toBe("https://quay.example/");
    await expect.poll(saveState, { timeout: 20_000 }).toBe("success");
    expect((await storedConfig()).toolBarBrand).toBe(quay.brandId);

    await chooser.getByLabel("工具栏品牌").selectOption({ label: "默认: Turnleaf" });
    await expect.poll(() => frame.getByTestId("brand-toolbar").count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(saveState, { timeout: 20_000 }).toBe("success");
    expect((await storedConfig()).toolBarBrand ?? "").toBe("");
    expect(await frame.evaluate(() => (window as unknown as { keptFrame?: boolean }).keptFrame)).toBe(true);
  }, 120_000);

  it("shows the related brand at the end of the book and the business card drawn in its chosen style", async () => {
    expect(book, "the first test made the book").toBeDefined();
    const related = await ok<{ brandId: string }>("/api/user/brand/create", {
      type: "relatedBrand",
      title: "More from Harbour",
      logo: "/resourceFiles/brand/turnleaf-logo.svg",
      link: "https://harbour.example/books",
      desc: "海港出版社的其他书",
    });
    const card = await ok<{ cardId: string }>("/api/book/add-business-card", {
      name: "李雷",
      title: "主编",
      company: "海港出版社",
      phone: "+86 10 1234 5678",
      email: "lilei@harbour.example",
      website: "https://harbour.example/",
    });
    await ok("/api/book/update-Book-Business-Card", { bookId: book.bookId, cardId: card.cardId, visible: "1" });

    await openEditor("基本信息");
    await page
      .getByRole("region", { name: "应用到本书" })
      .getByLabel("相关推荐品牌")
      .selectOption({ label: "More from Harbour" });
    await expect.poll(saveState, { timeout: 20_000 }).toBe("success");
    await page
      .getByRole("region", { name: "名片样式" })
      .getByRole("button", { name: "应用 现代", exact: true })
      .click();
    await expect.poll(saveState, { timeout: 20_000 }).toBe("success");
    const stored = await storedConfig();
    expect(stored.relatedBrand).toBe(related.brandId);
    expect(stored.businessCardStyle).toBe("modern");

    const reader = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await reader.goto(`${services.gatewayUrl}/b/${book.number}`);
      await reader.getByTestId("announcer").waitFor({ state: "attached" });
      // Not before the end of the book.
      expect(await reader.getByTestId("related-brand").count()).toBe(0);
      await reader.goto(`${services.gatewayUrl}/b/${book.number}/2`);
      const entry = reader.getByTestId("related-brand");
      await entry.waitFor();
      expect(await entry.getByTestId("brand-related").getAttribute("href")).toBe("https://harbour.example/books");
      expect(await entry.getByTestId("brand-related").textContent()).toBe("More from Harbour");
      expect(await entry.locator("p").textContent()).toBe("海港出版社的其他书");

      await reader.getByRole("button", { name: "名片", exact: true }).click();
      const drawn = reader.getByRole("dialog", { name: "名片" }).getByTestId("business-card");
      await expect.poll(() => drawn.getAttribute("data-style"), { timeout: 10_000 }).toBe("modern");
      expect(await drawn.locator(".tl-card-name").textContent()).toBe("李雷");
      expect(await drawn.getByRole("link", { name: "+86 10 1234 5678" }).getAttribute("href")).toBe(
        "tel:+861012345678",
      );
      expect(await drawn.getByRole("link", { name: "lilei@harbour.example" }).getAttribute("href")).toBe(
        "mailto:lilei@harbour.example",
      );
      // The modern style: dark blue card, split layout.
      expect(await drawn.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe("rgb(11, 37, 69)");
      expect(await drawn.getAttribute("class")).toContain("tl-card-split");
      await reader.screenshot({ path: join(screenshots, "reader-business-card.png") });
    } finally {
      await reader.close();
    }
    // A hidden card is not served to readers at all.
    await ok("/api/book/update-Book-Business-Card", { bookId: book.bookId, cardId: card.cardId, visible: "0" });
    const served = (await (await context.request.get(`${services.gatewayUrl}/b/${book.number}/book.json`)).json()) as {
      htmlConfig: Record<string, unknown>;
    };
    expect(served.htmlConfig.businessCard).toBeUndefined();
    expect(served.htmlConfig.relatedBrand).toMatchObject({ title: "More from Harbour" });
  }, 180_000);

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

  it("saves the book's look as a named custom configuration, lists, applies (as the server decides) and deletes it", async () => {
    expect(book, "the first test made the book").toBeDefined();
    await ok("/api/book/update-book", {
      bookId: book.bookId,
      bookConfig: JSON.stringify({ bgColor: "#123456", disableRightClick: true }),
    });
    await openEditor("配置");
    const panel = page.getByRole("region", { name: "自定义配置" });
    await panel.getByText("这本书还没有保存的自定义配置").waitFor();
    await panel.getByLabel("配置名称").fill("春季外观");
    await panel.getByRole("button", { name: "保存当前配置" }).click();
    await panel.locator('li[data-kind="config"]').getByText("春季外观").waitFor();
    const saved = await ok<{ config: Record<string, unknown> }>("/api/book/get-book-custom-config", {
      bookId: book.bookId,
      type: "config",
    });
    expect(saved.config).toMatchObject({ customConfigName: "春季外观", bgColor: "#123456", disableRightClick: true });
    // Only the look: the design tab's settings.
    await panel.getByLabel("配置名称").fill("外观甲");
    await panel.getByLabel("保存范围").selectOption({ label: "仅外观" });
    await panel.getByRole("button", { name: "保存当前配置" }).click();
    await panel.locator('li[data-kind="theme"]').getByText("外观甲").waitFor();
    await panel.screenshot({ path: join(screenshots, "editor-custom-config.png") });
    const look = await ok<{ config: Record<string, unknown> }>("/api/book/get-book-custom-config", {
      bookId: book.bookId,
      type: "theme",
    });
    expect(look.config).toMatchObject({ customConfigName: "外观甲", bgColor: "#123456" });
    expect(look.config.disableRightClick).toBeUndefined();

    // Applied to the book after its look changed: one save through update-book, shown in the preview.
    await ok("/api/book/update-book", { bookId: book.bookId, bookConfig: JSON.stringify({ bgColor: "#654321" }) });
    await openEditor("配置");
    const frame = await previewFrame();
    await page.getByRole("region", { name: "自定义配置" }).getByRole("button", { name: "应用 春季外观" }).click();
    await expect.poll(saveState, { timeout: 20_000 }).toBe("success");
    expect((await storedConfig()).bgColor).toBe("#123456");
    await expect
      .poll(() => frame.locator(".tl-reader").evaluate((node) => (node as HTMLElement).style.background), {
        timeout: 10_000,
      })
      .toContain("rgb(18, 52, 86)");

    // A configuration the owner's power no longer allows (its related brand) is refused with the server's text
    // and nothing of it is stored.
    await ok("/api/book/update-book", {
      bookId: book.bookId,
      bookConfig: JSON.stringify({ bgColor: "#654321", relatedBrand: "" }),
    });
    await admin.setFeatureOverride({ account: { userId }, feature: "PUBLIC_LOGO", allowed: false, actor: "test" });
    try {
      await openEditor("配置");
      await page.getByRole("region", { name: "自定义配置" }).getByRole("button", { name: "应用 春季外观" }).click();
      // Spec 000 §6: a text naming support opens the contact-support confirm; either button shows the support QR.
      const alert = page.getByRole("alertdialog");
      await alert.getByText("已达到定制额度，请联系客服").waitFor();
      await alert.getByRole("button", { name: "取消" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "关闭" }).click();
      await expect.poll(() => page.getByRole("alertdialog").count(), { timeout: 10_000 }).toBe(0);
      // The refused change snapped back: the save state is not left unsaved.
      await expect.poll(saveState, { timeout: 20_000 }).not.toBe("working");
      const after = await storedConfig();
      expect(after.bgColor).toBe("#654321");
      expect(after.relatedBrand ?? "").toBe("");
    } finally {
      await admin.setFeatureOverride({ account: { userId }, feature: "PUBLIC_LOGO", actor: "test" });
    }

    // Deleting asks first: a dismissed confirm keeps it, an accepted one deletes it on the server.
    const remove = page.getByRole("region", { name: "自定义配置" }).getByRole("button", { name: "删除 春季外观" });
    const asked = answerConfirm(false);
    await remove.click();
    expect(await asked).toBe("删除自定义配置“春季外观”吗？");
    expect(
      (await ok<{ config: unknown }>("/api/book/get-book-custom-config", { bookId: book.bookId, type: "config" }))
        .config,
    ).not.toBeNull();
    const accepted = answerConfirm(true);
    await remove.click();
    await accepted;
    await expect.poll(() => remove.count(), { timeout: 10_000 }).toBe(0);
    expect(
      (await ok<{ config: unknown }>("/api/book/get-book-custom-config", { bookId: book.bookId, type: "config" }))
        .config,
    ).toBeNull();
  }, 240_000);

  it("applies a custom configuration another of the owner's books keeps to this book", async () => {
    expect(book, "the first test made the book").toBeDefined();
    const first = book;
    const second = await uploadBook();
    const before = (await ok<{ htmlConfig: Record<string, unknown> }>("/api/book/get-book", { bookId: second.bookId }))
      .htmlConfig;
    expect(before.bgColor).toBeUndefined();
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${second.number}`);
    await page.getByRole("tab", { name: "配置", exact: true }).click();
    const panel = page.getByRole("region", { name: "自定义配置" });
    await panel.getByText("这本书还没有保存的自定义配置").waitFor();
    await panel.getByLabel("保存于").selectOption({ label: `Branded (${first.number})` });
    await panel.getByRole("button", { name: "应用 外观甲" }).click();
    await expect.poll(saveState, { timeout: 20_000 }).toBe("success");
    const after = (await ok<{ htmlConfig: Record<string, unknown> }>("/api/book/get-book", { bookId: second.bookId }))
      .htmlConfig;
    expect(after.bgColor).toBe("#123456");
    // The look only: the first book's config-tab setting did not come with it.
    expect(after.disableRightClick).toBeUndefined();
    // Once in English.
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${second.number}&lang=en`);
    await page.getByRole("tab", { name: "Config", exact: true }).click();
    const english = page.getByRole("region", { name: "Custom configuration" });
    await english.getByText("This book has no saved custom configuration").waitFor();
    await english.getByLabel("Saved in").selectOption({ label: `Branded (${first.number})` });
    await english.locator('li[data-kind="theme"]').getByText("外观甲 · Look only", { exact: false }).waitFor();
  }, 240_000);

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
