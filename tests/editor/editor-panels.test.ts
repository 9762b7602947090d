import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseInfo } from "@turnleaf/book/in-process";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { createClient } from "@turnleaf/kit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { uploadPdf } from "../support/system.js";
import { ownerContext, picture } from "./fixtures.js";

// The editor's basic tab, about/contact form, brands, page audio and editing lock in Chromium against the seven
// built processes and the real stores (the built editor of web/editor/dist).
const services = await workerSystem();
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let book: { number: string; bookId: string };

beforeAll(async () => {
  browser = await launchChromium();
  // A real session: the demo user's, its cookie shared with the pages of this context.
  context = await ownerContext(browser, services, 900);
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

interface ServerBook {
  title: string;
  desc: string;
  keyword: string;
  label?: string;
  htmlConfig: Record<string, unknown>;
}

async function serverBook(): Promise<ServerBook> {
  const reply = await context.request.post(`${services.gatewayUrl}/api/book/get-book`, {
    form: { bookId: book.bookId },
  });
  return ((await reply.json()) as { data: ServerBook }).data;
}

const saveState = () => page.getByTestId("save-state").getAttribute("data-state");
const tab = (name: string) => page.getByRole("tab", { name, exact: true }).click();
const basic = (on: Page = page) => on.getByTestId("book-fields");

describe("the editor's panels", () => {
  it("opens the editor on a new book", async () => {
    book = await uploadPdf(services.gatewayUrl, await labelledPdf("PANEL", 2), { title: "Panels Original" });
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
    // The onboarding guide opens on a first visit; it is not what these tests look at.
    await page.getByRole("button", { name: "Skip" }).click();
    await page.getByTestId("save-state").waitFor();
  }, 120_000);

  it("saves title, description, keywords and label from the basic tab, undoes and redoes them, and takes the assistant's", async () => {
    await tab("Basic");
    const title = basic().getByLabel("Title", { exact: true });
    expect(await title.inputValue()).toBe("Panels Original");
    await title.fill("Panels Renamed");
    await title.press("Enter");
    // Each text commits when it loses focus (Tab), one change and one undo step each.
    await basic().getByLabel("Description", { exact: true }).fill("A book of two labelled pages");
    await basic().getByLabel("Description", { exact: true }).press("Tab");
    await basic().getByLabel("Keywords", { exact: true }).fill("labels, pages");
    await basic().getByLabel("Keywords", { exact: true }).press("Tab");
    await basic().getByLabel("Label", { exact: true }).selectOption({ label: "Hot" });
    await expect.poll(saveState).toBe("success");
    await expect
      .poll(async () => {
        const saved = await serverBook();
        return [saved.title, saved.desc, saved.keyword, saved.label];
      })
      .toEqual(["Panels Renamed", "A book of two labelled pages", "labels, pages", "2"]);
    expect(await page.locator(".book-heading h1").textContent()).toBe("Panels Renamed");
    await page.screenshot({ path: join(screenshots, "editor-basic-tab.png") });

    // Undo takes the label back (its own step); redo restores it.
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(async () => (await serverBook()).label).toBe("0");
    expect(await basic().getByLabel("Label", { exact: true }).inputValue()).toBe("0");
    await page.getByRole("button", { name: "Redo" }).click();
    await expect.poll(async () => (await serverBook()).label).toBe("2");

    // The assistant's title and tags commands save through the same path.
    await tab("Assistant");
    const input = page.getByPlaceholder("Type an instruction", { exact: false });
    await input.fill("title to Harbour Notes");
    await input.press("Enter");
    await input.fill("tags: featured");
    await input.press("Enter");
    await expect
      .poll(async () => {
        const saved = await serverBook();
        return [saved.title, saved.label];
      })
      .toEqual(["Harbour Notes", "3"]);
    await tab("Basic");
    expect(await basic().getByLabel("Title", { exact: true }).inputValue()).toBe("Harbour Notes");
  }, 90_000);

  it("asks for a title when it is emptied and keeps the book's", async () => {
    await tab("Basic");
    const title = basic().getByLabel("Title", { exact: true });
    await title.fill("");
    await title.press("Enter");
    await expect.poll(() => page.locator(".toast").last().textContent()).toBe("please enter a title");
    expect(await title.inputValue()).toBe("Harbour Notes");
    expect((await serverBook()).title).toBe("Harbour Notes");
  }, 60_000);

  it("writes the about/contact form as an info XML the server keeps", async () => {
    await tab("Config");
    const about = page.getByRole("region", { name: "About and contact" });
    await about.getByLabel("Title", { exact: true }).fill("Harbour & Co");
    await about.getByLabel("Description", { exact: true }).fill("Maps <and> charts");
    await about
      .locator('input[type="file"]')
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await picture(120, 120, "png") });
    await expect.poll(() => about.getByLabel("Logo image").inputValue()).toContain("/api/common/file/");
    await about.getByRole("button", { name: "Add entry" }).click();
    await about.getByLabel("Email 1").fill("hello@harbour.example");
    await about.getByRole("button", { name: "Add entry" }).click();
    await about.getByLabel("About and contact 2").selectOption("Phone");
    await about.getByLabel("Phone 2").fill("+1 555 0100");
    await about.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(saveState).toBe("success");
    const stored = (await serverBook()).htmlConfig.aboutContent;
    expect(typeof stored).toBe("string");
    expect(parseInfo(String(stored))).toEqual({
      title: "Harbour & Co",
      desc: "Maps <and> charts",
      logo: expect.stringContaining("/api/common/file/"),
      items: [
        { type: "Email", value: "hello@harbour.example" },
        { type: "Phone", value: "+1 555 0100" },
      ],
    });
    await about.screenshot({ path: join(screenshots, "editor-about-form.png") });
  }, 60_000);

  it("lists and creates brands", async () => {
    await tab("Basic");
    const brands = page.getByRole("region", { name: "Brands" });
    await brands.getByLabel("Add brand").selectOption("toolBarBrand");
    await brands.getByLabel("Brands Title").fill("Harbour Press");
    await brands.getByLabel("Brands Link").fill("https://harbour.example/");
    await brands.getByRole("button", { name: "Add brand" }).click();
    await brands.getByRole("list", { name: "Toolbar brand" }).getByText("Harbour Press").waitFor();
    const listed = await context.request.post(`${services.gatewayUrl}/api/user/brand/get-list`, {
      form: { type: "toolBarBrand" },
    });
    const list = ((await listed.json()) as { data: { list: { title: string; link: string }[] } }).data.list;
    expect(list).toContainEqual(expect.objectContaining({ title: "Harbour Press", link: "https://harbour.example/" }));
    await brands.screenshot({ path: join(screenshots, "editor-brands.png") });
  }, 60_000);

  it("uploads an MP3 as the background music", async () => {
    await tab("Design");
    await page.getByRole("tab", { name: "Setup", exact: true }).click();
    const audio = page.getByRole("region", { name: "Background music" });
    // An MPEG audio frame header (sync bits) followed by silence: what upload-file recognises as MP3.
    const mp3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(4000)]);
    await audio.locator('input[type="file"]').setInputFiles({ name: "waves.mp3", mimeType: "audio/mpeg", buffer: mp3 });
    await expect.poll(saveState).toBe("success");
    await expect
      .poll(async () => String(((await serverBook()).htmlConfig.backgroundMusic as { url?: string })?.url ?? ""))
      .toMatch(/\.mp3$/);
    expect(await audio.getByLabel("Background music (MP3)").inputValue()).toMatch(/\.mp3$/);
  }, 60_000);

  it("gives the editing lock to the owner's newer tab at once; the older turns read-only and can take it back", async () => {
    const other = await context.newPage();
    try {
      await other.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
      await other.getByTestId("save-state").waitFor();
      // The newer tab edits; the older one learns it at once (no minute's wait) and turns read-only.
      const warning = page.getByTestId("lock-warning");
      await warning.waitFor({ timeout: 10_000 });
      const me = await context.request.post(`${services.gatewayUrl}/api/user/get-user`);
      const userId = ((await me.json()) as { data: { userId: string } }).data.userId;
      expect(await warning.textContent()).toContain("This book is open for editing in another tab or window");
      expect(await warning.textContent()).toContain(userId);
      await tab("Basic");
      expect(await basic().getByLabel("Title", { exact: true }).isDisabled()).toBe(true);
      await page.screenshot({ path: join(screenshots, "editor-lock-read-only.png") });
      expect(await other.getByTestId("lock-warning").count()).toBe(0);
      await other.getByRole("tab", { name: "Basic", exact: true }).click();
      expect(await basic(other).getByLabel("Title", { exact: true }).isDisabled()).toBe(false);

      // "Edit here" takes it back: this tab edits again, the other turns read-only.
      await warning.getByRole("button", { name: "Edit here" }).click();
      await expect.poll(() => page.getByTestId("lock-warning").count()).toBe(0);
      await other.getByTestId("lock-warning").waitFor({ timeout: 10_000 });
      await tab("Basic");
      expect(await basic().getByLabel("Title", { exact: true }).isDisabled()).toBe(false);
    } finally {
      await other.close();
    }
  }, 60_000);

  it("shows the contact-support confirm when the server refuses the description for power, and keeps the book's", async () => {
    const admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
    const me = await context.request.post(`${services.gatewayUrl}/api/user/get-user`);
    const userId = ((await me.json()) as { data: { userId: string } }).data.userId;
    await admin.setFeatureOverride({ account: { userId }, feature: "BOOK_DESCRIPTION", allowed: false, actor: "test" });
    try {
      await tab("Basic");
      const desc = basic().getByLabel("Description", { exact: true });
      await desc.fill("A description this plan may not set");
      await desc.press("Tab");
      const confirm = page.getByRole("alertdialog", { name: "contact support" });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain("contact support");
      expect(await saveState()).toBe("error");
      expect((await serverBook()).desc).toBe("A book of two labelled pages");
      await page.screenshot({ path: join(screenshots, "editor-basic-power-limit.png") });
      await confirm.getByRole("button", { name: "cancel" }).click();
    } finally {
      await admin.setFeatureOverride({ account: { userId }, feature: "BOOK_DESCRIPTION", actor: "test" });
      admin.close();
    }
  }, 60_000);

  it("shows the new panels in Chinese by default", async () => {
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
    await page.getByRole("tab", { name: "基本信息", exact: true }).click();
    const fields = basic();
    expect(await fields.getByLabel("书名", { exact: true }).inputValue()).toBe("Harbour Notes");
    expect(await fields.getByLabel("标签", { exact: true }).locator("option:checked").textContent()).toBe("推荐");
    await page.getByRole("region", { name: "品牌" }).getByText("工具栏品牌").first().waitFor();
    await page.screenshot({ path: join(screenshots, "editor-basic-tab-zh.png") });
  }, 60_000);
});
