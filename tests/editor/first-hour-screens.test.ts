import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { createClient } from "@turnleaf/kit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { newOwner, postForm, uploadBook } from "./bookcase-fixtures.js";

// Issue #35, the editor half, screens a new publisher meets in the first hour, in Chromium against the built stack
// and the real stores (a fresh owner, Chinese interface): the upload's next steps and the saved creation
// preferences, the bookcase's read action, error reason and lock mark, the business card's one choice, settings the
// plan does not unlock, and the editor at phone width (390×844, touch). The phone screenshot goes to
// .turnleaf/screens/editor-phone.png.
const services = await workerSystem();
const screens = join(import.meta.dirname, "../../.turnleaf/screens");
let browser: Browser;
let owner: Awaited<ReturnType<typeof newOwner>>;
let book: { bookId: string; number: string };

beforeAll(async () => {
  browser = await launchChromium();
  owner = await newOwner(browser, services.gatewayUrl, services.ports.power);
  await mkdir(screens, { recursive: true });
}, 120_000);

afterAll(async () => {
  await owner?.context.close();
  await browser?.close();
});

const post = (path: string, form: Record<string, string>) =>
  postForm(owner.context.request, `${services.gatewayUrl}${path}`, form);

describe("after an upload", () => {
  it("starts from the saved creation preferences, then offers edit, read, share and another upload with 上传 disarmed", async () => {
    // The owner's saved preferences (spec 001 §7): cut type 1 and IMAGEINPDF.
    const saved = await post("/api/user/set-user-meta", {
      cb_cutType: "1",
      cb_qualityDpi: "3",
      pdfImportConfig: JSON.stringify({ IMAGEINPDF: true }),
    });
    expect(saved.code, saved.msg).toBe("OK");
    const page = await owner.context.newPage();
    try {
      await page.goto(`${services.gatewayUrl}/book_edit2/upload`);
      await page.getByLabel("书名").fill("第一小时");
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: "hour.pdf", mimeType: "application/pdf", buffer: await labelledPdf("UPL", 2) });
      // The saved IMAGEINPDF shows ticked in the folded conversion settings.
      await page.locator("summary", { hasText: "转换设置" }).click();
      expect(await page.getByLabel("识别图片中的文字（供搜索）").isChecked()).toBe(true);
      const begun = page.waitForRequest((request) => request.url().endsWith("/api/book/begin-upload"));
      await page.getByRole("button", { name: "上传", exact: true }).click();
      const form = new URLSearchParams((await begun).postData() ?? "");
      expect(form.get("cutType")).toBe("1");
      expect(form.get("qualityDpi")).toBe("3");
      expect(JSON.parse(form.get("pdfImportConfig") ?? "{}")).toMatchObject({ IMAGEINPDF: true });

      await expect
        .poll(() => page.getByTestId("upload-phase").getAttribute("data-phase"), { timeout: 90_000 })
        .toBe("ready");
      const next = page.getByTestId("upload-next");
      expect(await next.getByRole("button", { name: "编辑这本书" }).isVisible()).toBe(true);
      const read = next.getByRole("link", { name: "阅读" });
      expect(await read.getAttribute("href")).toMatch(/^\/b\/[\w-]+$/);
      expect(await next.getByRole("button", { name: "分享" }).isVisible()).toBe(true);
      // 上传 cannot make the same book twice.
      expect(await page.getByRole("button", { name: "上传", exact: true }).isDisabled()).toBe(true);
      await next.getByRole("button", { name: "分享" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "复制链接" }).waitFor();
      await page.keyboard.press("Escape");
      await page.screenshot({ path: join(screens, "editor-upload-next.png") });
      // "Upload another" clears the form and arms 上传 again.
      await next.getByRole("button", { name: "再上传一本" }).click();
      expect(await page.getByTestId("upload-phase").count()).toBe(0);
      expect(await page.getByLabel("书名").inputValue()).toBe("");
      expect(await page.getByRole("button", { name: "上传", exact: true }).isDisabled()).toBe(false);
    } finally {
      await page.close();
    }
  }, 150_000);

  it("logs an upload that goes wrong with add-upload-log", async () => {
    const page = await owner.context.newPage();
    try {
      await page.goto(`${services.gatewayUrl}/book_edit2/upload`);
      await page.getByLabel("书名").fill("坏文件");
      // A PDF in name only: refused on the way up or by the conversion.
      await page.locator('input[type="file"]').setInputFiles({
        name: "broken.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("this is not a PDF at all, only text pretending to be one".repeat(20)),
      });
      const logged = page.waitForRequest((request) => request.url().endsWith("/api/other/add-upload-log"), {
        timeout: 90_000,
      });
      await page.getByRole("button", { name: "上传", exact: true }).click();
      const log = new URLSearchParams((await logged).postData() ?? "");
      expect(log.get("stage")).toMatch(/^(begin|send|convert)$/);
      expect(log.get("message")).not.toBe("");
      expect(log.get("files")).toContain("broken.pdf");
    } finally {
      await page.close();
    }
  }, 120_000);
});

describe("the bookcase", () => {
  it("reads a book, marks a password-protected one and says why a book is in error", async () => {
    book = await uploadBook(owner.context.request, services.gatewayUrl, await labelledPdf("CASE", 2), {
      title: "Locked Case",
    });
    expect(
      (await post("/api/book/set-book-privacy", { bookId: book.bookId, access: "password", password: "sesame-1" }))
        .code,
    ).toBe("OK");
    const page = await owner.context.newPage();
    try {
      await page.goto(`${services.gatewayUrl}/book_edit2/bookcase`);
      const row = page.getByTestId("bookcase-row").filter({ hasText: "Locked Case" });
      await expect.poll(() => row.getAttribute("data-status"), { timeout: 120_000 }).toBe("normal");
      expect(await row.getByRole("img", { name: "需要密码才能阅读" }).count()).toBe(1);
      const read = row.getByRole("link", { name: "阅读" });
      expect(await read.getAttribute("href")).toBe(`${services.gatewayUrl}/b/${book.number}`);
      // An unlocked book has no lock mark.
      const plain = page.getByTestId("bookcase-row").filter({ hasText: "第一小时" });
      expect(await plain.getByRole("img", { name: "需要密码才能阅读" }).count()).toBe(0);

      // The broken upload's book is in error with its reason and what to do.
      const broken = page.getByTestId("bookcase-row").filter({ hasText: "坏文件" });
      if ((await broken.count()) > 0) {
        await expect.poll(() => broken.getAttribute("data-status"), { timeout: 60_000 }).toBe("error");
        const reason = await broken.getByTestId("bookcase-error-reason").textContent();
        expect(reason).toContain("替换内容");
        expect(await broken.getByRole("button", { name: "阅读" }).isDisabled()).toBe(true);
      }
      await page.screenshot({ path: join(screens, "editor-bookcase.png") });
    } finally {
      await page.close();
    }
  }, 180_000);
});

/** The editor on the owner's book, the onboarding guide left open. */
async function openEditor(context: BrowserContext = owner.context): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
  await page.getByTestId("save-state").waitFor({ timeout: 30_000 });
  return page;
}

describe("the editor's settings and panels", () => {
  it("shows a setting the plan does not unlock disabled before any change", async () => {
    const admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
    const account = { userId: owner.userId };
    await admin.setFeatureOverride({ account, feature: "SHADOW", allowed: false, actor: "test" });
    const page = await openEditor();
    try {
      await page.getByRole("button", { name: "跳过" }).click();
      const shadow = page.locator('.setting[data-key="showShadow"]');
      await shadow.waitFor();
      expect(await shadow.getAttribute("data-locked")).toBe("true");
      expect(await shadow.locator("input").isDisabled()).toBe(true);
      expect(await shadow.textContent()).toContain("当前套餐未开通此功能");
      // A setting the plan unlocks stays editable.
      const hardCover = page.locator('.setting[data-key="hardCover"]');
      expect(await hardCover.getAttribute("data-locked")).toBeNull();
      expect(await hardCover.locator("input").isDisabled()).toBe(false);
    } finally {
      await page.close();
      await admin.setFeatureOverride({ account, feature: "SHADOW", actor: "test" });
      admin.close();
    }
  }, 90_000);

  it("gives the four logo uploaders one rule: the same limits, each the size its description names", async () => {
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "基本信息", exact: true }).click();
      const hint = (scope: ReturnType<Page["locator"]>) => scope.locator(".file-hint").first().textContent();
      const icon = page.locator('.setting[data-key="appLogoIcon"]');
      const large = page.locator('.setting[data-key="appLargeLogoURL"]');
      expect(await hint(icon)).toBe("建议尺寸 34*34 px，最大 500*500 px");
      expect(await icon.locator(".setting-text small").first().textContent()).toContain("34×34");
      expect(await hint(large)).toBe("建议尺寸 220*55 px，最大 500*500 px");
      expect(await large.locator(".setting-text small").first().textContent()).toContain("55");
      expect(await hint(page.getByTestId("book-logo"))).toBe("建议尺寸 150*30 px，最大 500*500 px");
      await page.getByRole("tab", { name: "配置", exact: true }).click();
      const about = page.getByRole("region", { name: "关于与联系" });
      expect(await hint(about)).toBe("建议尺寸 150*30 px，最大 500*500 px");
    } finally {
      await page.close();
    }
  }, 60_000);

  it("never shows a business card ticked as shown while 不显示 is chosen", async () => {
    const card = await post("/api/book/add-business-card", { name: "林 一", company: "港湾" });
    expect(card.code, card.msg).toBe("OK");
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "基本信息", exact: true }).click();
      const chosen = page.getByTestId("card-shown");
      const visible = page.getByTestId("card-visible");
      await chosen.waitFor();
      expect(await chosen.inputValue()).toBe("");
      expect(await visible.isChecked()).toBe(false);
      expect(await visible.isDisabled()).toBe(true);
      await chosen.selectOption({ label: "林 一 · 港湾" });
      await expect.poll(() => visible.isChecked()).toBe(true);
      expect(await visible.isDisabled()).toBe(false);
      await chosen.selectOption({ label: "不显示" });
      await expect.poll(() => visible.isChecked()).toBe(false);
    } finally {
      await page.close();
    }
  }, 60_000);
});

describe("the editor at phone width", () => {
  it("fits a 390×844 touch screen: no sideways page, a usable preview, the tour's Skip in reach, read and share", async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      // The session only: this browser has not seen the onboarding guide yet.
      storageState: { cookies: (await owner.context.storageState()).cookies, origins: [] },
    });
    try {
      const page = await openEditor(phone);
      // The page is never wider than the screen.
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      expect(widths.body).toBeLessThanOrEqual(widths.inner);
      // The preview is a real reader, not a strip.
      const frame = await page.locator('iframe[name="bookEditIframe"]').boundingBox();
      expect(frame?.width ?? 0).toBeGreaterThanOrEqual(300);
      expect(frame?.height ?? 0).toBeGreaterThanOrEqual(300);
      // The notice says what works here, with read and share at hand.
      const notice = page.getByTestId("narrow-notice");
      expect(await notice.isVisible()).toBe(true);
      expect(await notice.getByRole("link", { name: "阅读" }).getAttribute("href")).toBe(`/b/${book.number}`);
      await page.screenshot({ path: join(screens, "editor-phone.png") });
      // The guide's Skip is on screen and takes a tap.
      const skip = page.getByRole("button", { name: "跳过" });
      const box = await skip.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
      await skip.tap();
      await expect.poll(() => page.getByRole("dialog", { name: "新手引导" }).count()).toBe(0);
      await notice.getByRole("button", { name: "分享" }).tap();
      await page.getByRole("dialog").getByRole("button", { name: "复制链接" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await phone.close();
    }
  }, 90_000);
});

describe("the onboarding guide in another interface language", () => {
  it("says its steps in Japanese when the editor runs with ?lang=ja (the editor catalogue's texts)", async () => {
    // The session only: this browser has not seen the onboarding guide yet.
    const fresh = await browser.newContext({
      storageState: { cookies: (await owner.context.storageState()).cookies, origins: [] },
    });
    try {
      const page = await fresh.newPage();
      await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&lang=ja`);
      // Named "ガイド" only once the language service's Japanese labels have arrived.
      const guide = page.getByRole("dialog", { name: "ガイド" });
      await guide.waitFor({ timeout: 30_000 });
      expect(await guide.locator(".guide-text").textContent()).toBe("アシスタント：ひと言で設定を変更");
      await guide.getByRole("button", { name: "次へ" }).click();
      await expect.poll(() => guide.getAttribute("data-step")).toBe("basic");
      expect(await guide.locator(".guide-text").textContent()).toBe("基本情報：書名、説明、キーワード");
    } finally {
      await fresh.close();
    }
  }, 90_000);
});
