import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerSystem } from "../setup/worker-stores.js";
import { type Book, brandsHarness, screenshots } from "./brands-fixtures.js";

// Brands and design resources in the editor (Chromium, Chinese by default) against the seven built processes and
// the real stores: a brand applied to a book shows in its reader; the book records the template it uses; creating
// a brand is the public-logo power, refused on the server with the catalogue's text. Then, on the same book: the
// preview redraws a chosen or removed brand at once; the reader shows the related brand and the business card in its
// style; the custom config panel saves, lists, applies (refused once the related brand it carries is over the
// owner's power) and deletes what the server stores, also from another of the owner's books. Top bookmark tabs,
// custom content and bad values sent straight to the API: bookmarks-custom-content.test.ts.
const services = await workerSystem();
let book: Book;
const harness = brandsHarness(services, () => book);
const { post, ok, uploadBook, previewFrame, openEditor, answerConfirm, saveState, storedConfig } = harness;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let admin: Awaited<ReturnType<typeof harness.start>>["admin"];
let userId = "";

beforeAll(async () => {
  ({ browser, context, page, admin, userId } = await harness.start());
}, 120_000);

afterAll(() => harness.stop());

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
});
