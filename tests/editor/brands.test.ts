import { randomUUID } from "node:crypto";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { createClient } from "@turnleaf/kit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RunningServices } from "../../scripts/src/services.js";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { startSystem } from "../support/system.js";

// Brands and design resources in the editor (Chromium, Chinese by default) against the seven built processes and
// the real stores: a brand applied to a book shows in its reader; the book records the template it uses; creating
// a brand is the public-logo power, refused on the server with the catalogue's text.
const stores = inject("stores");
let services: RunningServices;
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

const saveState = () => page.getByTestId("save-state").getAttribute("data-state");
const storedConfig = async () =>
  (await ok<{ htmlConfig: Record<string, unknown> }>("/api/book/get-book", { bookId: book.bookId })).htmlConfig;

beforeAll(async () => {
  services = await startSystem(stores, "editor-brands");
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
  await services?.stopAll();
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
});
