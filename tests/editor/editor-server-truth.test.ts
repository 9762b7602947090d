import { tmpdir } from "node:os";
import { join } from "node:path";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createClient } from "@turnleaf/kit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { uploadPdf } from "../support/system.js";
import { ownerContext, picture } from "./fixtures.js";

// Issue 17: what the server decides is what the editor shows, in Chinese by default (once in English), in Chromium
// against the seven built processes and the real stores (the built editor of web/editor/dist).
const services = await workerSystem();
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
let browser: Browser;
let context: BrowserContext;
let admin: ReturnType<typeof createClient<typeof PowerAdminService>>;
let demoId: string;

beforeAll(async () => {
  browser = await launchChromium();
  context = await ownerContext(browser, services, 900);
  admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
  const me = await context.request.post(`${services.gatewayUrl}/api/user/get-user`);
  demoId = ((await me.json()) as { data: { userId: string } }).data.userId;
}, 120_000);

afterAll(async () => {
  admin?.close();
  await context?.close();
  await browser?.close();
});

interface ServerBook {
  isDownload: string;
  downloadconfig: { isDownloadProject?: boolean; pdf?: { isOriginPath?: boolean } } | null;
  htmlConfig: Record<string, unknown>;
}

async function serverBook(bookId: string): Promise<ServerBook> {
  const reply = await context.request.post(`${services.gatewayUrl}/api/book/get-book`, { form: { bookId } });
  return ((await reply.json()) as { data: ServerBook }).data;
}

/** Opens the editor on a book (Chinese unless told), past the onboarding guide, with preview messages recorded. */
async function openEditor(number: string, lang?: "en"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${number}${lang ? `&lang=${lang}` : ""}`);
  await page.getByTestId("save-state").waitFor();
  await page.locator('iframe[name="bookEditIframe"][data-ready="true"]').waitFor();
  // The onboarding guide opens on the first visit of this browser context only.
  const skip = page.getByRole("button", { name: lang ? "Skip" : "跳过" });
  if (await skip.isVisible()) await skip.click();
  const frame = page.frame({ name: "bookEditIframe" });
  await frame?.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { previewSeen: unknown[] }).previewSeen = seen;
    window.addEventListener("message", (event) => seen.push(event.data));
  });
  return page;
}

const previewSeen = async (page: Page) =>
  ((await page
    .frame({ name: "bookEditIframe" })
    ?.evaluate(() => (window as unknown as { previewSeen: unknown[] }).previewSeen)) ?? []) as {
    key: string;
    value: unknown;
  }[];

const saveState = (page: Page) => page.getByTestId("save-state").getAttribute("data-state");

/** Counts update-book requests from now on. */
function countUpdates(page: Page): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/book/update-book")) count += 1;
  });
  return () => count;
}

describe("the editor shows what the server stored", () => {
  let book: { number: string; bookId: string };

  it("opens the download panel on the server's default config and keeps it when saved", async () => {
    book = await uploadPdf(services.gatewayUrl, await labelledPdf("TRUTH", 2), { title: "Server Truth" });
    const page = await openEditor(book.number);
    try {
      // Spec 000 §4: turning the download button on opens the panel; the server creates the default config.
      await page.locator('.setting[data-key="DownloadButtonVisible"] input').click();
      const panel = page.getByRole("region", { name: "下载设置" });
      await panel.waitFor();
      await expect.poll(() => panel.getByLabel("允许下载整本书").isChecked()).toBe(true);
      await expect.poll(() => panel.getByLabel("允许下载原始 PDF").isChecked()).toBe(true);
      await page.screenshot({ path: join(screenshots, "editor-download-panel-zh.png") });
      await panel.getByRole("button", { name: "保存", exact: true }).click();
      await page.getByText("下载设置已保存").waitFor();
      const saved = await serverBook(book.bookId);
      expect(saved.isDownload).toBe("1");
      expect(saved.downloadconfig).toMatchObject({ isDownloadProject: true, pdf: { isOriginPath: true } });
    } finally {
      await page.close();
    }
  }, 180_000);

  it("shows and previews another key a server rule changed (changing the caption source clears the caption)", async () => {
    const page = await openEditor(book.number);
    try {
      await page.locator('.setting[data-key="loadingCaptionSource"] select').selectOption("custom");
      await page.locator('.setting[data-key="loadingCaption"] input').fill("欢迎阅读");
      await expect.poll(() => saveState(page)).toBe("success");
      await expect.poll(async () => (await serverBook(book.bookId)).htmlConfig.loadingCaption).toBe("欢迎阅读");
      // The server clears loadingCaption when its source changes: the editor takes that, in the panel and the preview.
      await page.locator('.setting[data-key="loadingCaptionSource"] select').selectOption("title");
      await expect.poll(() => saveState(page)).toBe("success");
      expect((await serverBook(book.bookId)).htmlConfig.loadingCaption).toBe("");
      await expect
        .poll(async () => (await previewSeen(page)).some((seen) => seen.key === "loadingCaption" && seen.value === ""))
        .toBe(true);
      await page.locator('.setting[data-key="loadingCaptionSource"] select').selectOption("custom");
      await expect.poll(() => saveState(page)).toBe("success");
      expect(await page.locator('.setting[data-key="loadingCaption"] input').inputValue()).toBe("");
    } finally {
      await page.close();
    }
  }, 120_000);

  it("shows a change the loaded powers forbid disabled before any change; its note opens the spec's confirm in Chinese", async () => {
    await admin.setFeatureOverride({
      account: { userId: demoId },
      feature: "HIDE_TOOLBAR",
      allowed: false,
      actor: "test",
    });
    const page = await openEditor(book.number);
    try {
      const updates = countUpdates(page);
      const toggle = page.locator('.setting[data-key="hideToolbar"] input');
      // Spec 000 §6 via the settings tree's `disabled`: not editable before any change, nothing sent.
      expect(await toggle.isDisabled()).toBe(true);
      await page
        .locator('.setting[data-key="hideToolbar"]')
        .getByRole("button", { name: "当前套餐未开通此功能" })
        .click();
      const confirm = page.getByRole("alertdialog", { name: "联系客服" });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain("已达到定制额度，请联系客服");
      expect(await toggle.isChecked()).toBe(false);
      expect(updates()).toBe(0);
      expect((await serverBook(book.bookId)).htmlConfig.hideToolbar).toBeUndefined();
      await page.screenshot({ path: join(screenshots, "editor-refused-zh.png") });
      await confirm.getByRole("button", { name: "联系客服" }).click();
      await page.getByRole("img", { name: "客服二维码" }).waitFor();
    } finally {
      await page.close();
      await admin.setFeatureOverride({ account: { userId: demoId }, feature: "HIDE_TOOLBAR", actor: "test" });
    }
  }, 120_000);

  it("snaps a change the server refuses back to the stored value with the server's text", async () => {
    const page = await openEditor(book.number);
    try {
      // The powers loaded with the page allowed it; the override comes after: the server is the one to refuse.
      // The home button is off by default: switching it on needs HOME_LINK (switching off needs nothing).
      await admin.setFeatureOverride({
        account: { userId: demoId },
        feature: "HOME_LINK",
        allowed: false,
        actor: "test",
      });
      const before = (await serverBook(book.bookId)).htmlConfig.HomeButtonVisible;
      const home = page.locator('.setting[data-key="HomeButtonVisible"] input');
      const was = await home.isChecked();
      expect(was).toBe(false);
      const updates = countUpdates(page);
      await home.click();
      const confirm = page.getByRole("alertdialog", { name: "联系客服" });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain("已达到定制额度，请联系客服");
      expect(updates()).toBe(1);
      await expect.poll(() => home.isChecked()).toBe(was);
      expect((await serverBook(book.bookId)).htmlConfig.HomeButtonVisible).toEqual(before);
      expect(await saveState(page)).toBe("error");
    } finally {
      await page.close();
      await admin.setFeatureOverride({ account: { userId: demoId }, feature: "HOME_LINK", actor: "test" });
    }
  }, 120_000);

  it("judges a team member's save in the team as type 13 with the team's override; the same change outside the team goes through", async () => {
    const teamId = String(700_000 + Math.floor(Math.random() * 99_999));
    await admin.setTeamRole({ teamId, roleId: "1", roleName: "editor", powers: ["BOOK_EDIT_SELF", "BOOK_VIEW_SELF"] });
    await admin.setTeamMember({ teamId, userId: demoId, roleId: "1" });
    await admin.setPlan({ account: { teamId }, plan: { kind: PlanKind.POINTS, points: 500 }, actor: "test" });
    const teamBook = await uploadPdf(services.gatewayUrl, await labelledPdf("T", 2), { title: "Team book", teamId });
    const team = { userId: demoId, teamId };
    const page = await context.newPage();
    try {
      await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${teamBook.number}&tid=${teamId}`);
      await page.getByTestId("save-state").waitFor();
      await page.locator('iframe[name="bookEditIframe"][data-ready="true"]').waitFor();
      const skip = page.getByRole("button", { name: "跳过" });
      if (await skip.isVisible()) await skip.click();
      // The powers loaded with the page allowed it; the team's override comes after: the server judges the save in
      // the team (the member's own account has no override).
      await admin.setFeatureOverride({ account: team, feature: "HOME_LINK", allowed: false, actor: "test" });
      const sent: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/book/update-book")) sent.push(request.postData() ?? "");
      });
      const before = (await serverBook(teamBook.bookId)).htmlConfig.HomeButtonVisible;
      const home = page.locator('.setting[data-key="HomeButtonVisible"] input');
      expect(await home.isChecked()).toBe(false);
      await home.click();
      const confirm = page.getByRole("alertdialog", { name: "联系客服" });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain("已达到定制额度，请联系客服");
      expect(sent).toHaveLength(1);
      expect(new URLSearchParams(sent[0]).get("teamId")).toBe(teamId);
      await expect.poll(() => home.isChecked()).toBe(false);
      expect((await serverBook(teamBook.bookId)).htmlConfig.HomeButtonVisible).toEqual(before);
      await page.screenshot({ path: join(screenshots, "editor-team-override-zh.png") });
    } finally {
      await page.close();
    }
    // Outside the team the member's own type decides: the same switch on their own book is saved.
    const own = await openEditor(book.number);
    try {
      const home = own.locator('.setting[data-key="HomeButtonVisible"] input');
      await home.click();
      await expect.poll(() => saveState(own), { timeout: 15_000 }).toBe("success");
      expect(await home.isChecked()).toBe(true);
      await expect.poll(async () => (await serverBook(book.bookId)).htmlConfig.HomeButtonVisible).toBeTruthy();
      await home.click();
      await expect.poll(() => saveState(own), { timeout: 15_000 }).toBe("success");
    } finally {
      await own.close();
      await admin.setFeatureOverride({ account: team, feature: "HOME_LINK", actor: "test" });
    }
  }, 120_000);

  it("checks a logo in Chinese: the recommended size shown, no wider than 2 px refused, a large JPEG asked to shrink", async () => {
    const page = await openEditor(book.number);
    try {
      await page.getByRole("tab", { name: "基本信息", exact: true }).click();
      const logo = page.locator('.setting[data-key="appLogoIcon"]');
      // The hint agrees with the setting's own description (the toolbar icon: 34×34 recommended).
      expect(await logo.locator(".file-hint").textContent()).toBe("建议尺寸 34*34 px，最大 500*500 px");
      const uploads: string[] = [];
      page.on("request", (request) => {
        if (request.url().endsWith("/api/common/upload-file")) uploads.push(request.url());
      });
      await logo
        .locator('input[type="file"]')
        .setInputFiles({ name: "thin.png", mimeType: "image/png", buffer: await picture(2, 40, "png") });
      await expect.poll(() => page.locator(".toast").last().textContent()).toBe("标志必须是宽度大于 2 px 的图片");
      // A 4000×4000 JPEG is over the logo's 500×500: the compress question in Chinese; declined, nothing is sent.
      const questions: string[] = [];
      page.once("dialog", (dialog) => {
        questions.push(dialog.message());
        void dialog.dismiss();
      });
      const big = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: "#3366aa" } })
        .jpeg()
        .toBuffer();
      await logo.locator('input[type="file"]').setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: big });
      await expect.poll(() => page.locator(".toast").last().textContent()).toBe("已取消压缩");
      expect(questions).toEqual(["图片尺寸最大 500*500 px，当前 4000*4000，已超出限制！是否压缩？"]);
      expect(uploads).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it("keeps a bookmark's colour and text colour the owner chose", async () => {
    const page = await openEditor(book.number);
    try {
      await page.getByRole("tab", { name: "书签", exact: true }).click();
      await page.getByRole("button", { name: "添加书签", exact: true }).click();
      const colour = page.getByLabel("书签颜色 1", { exact: true });
      await colour.waitFor();
      await colour.fill("#112233");
      await page.getByLabel("文字颜色 1", { exact: true }).fill("#ffeecc");
      // The bookmarks save by themselves a moment after the edit.
      await expect.poll(() => page.getByTestId("list-save-state").textContent()).toBe("已保存");
      const stored = await context.request.post(`${services.gatewayUrl}/api/book/get-book-bookmark`, {
        form: { bookId: book.bookId },
      });
      expect(((await stored.json()) as { data: { bookmarks: unknown[] } }).data.bookmarks).toEqual([
        expect.objectContaining({ colour: "#112233", fontColour: "#ffeecc" }),
      ]);
    } finally {
      await page.close();
    }
    const again = await openEditor(book.number);
    try {
      await again.getByRole("tab", { name: "书签", exact: true }).click();
      expect(await again.getByLabel("书签颜色 1", { exact: true }).inputValue()).toBe("#112233");
      expect(await again.getByLabel("文字颜色 1", { exact: true }).inputValue()).toBe("#ffeecc");
    } finally {
      await again.close();
    }
  }, 120_000);

  it("says the same in English when the interface is English", async () => {
    await admin.setFeatureOverride({
      account: { userId: demoId },
      feature: "HIDE_TOOLBAR",
      allowed: false,
      actor: "test",
    });
    const page = await openEditor(book.number, "en");
    try {
      await page
        .locator('.setting[data-key="hideToolbar"]')
        .getByRole("button", { name: "Not included in your plan" })
        .click();
      const confirm = page.getByRole("alertdialog", { name: "contact support" });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain("reached the customised quota, contact support");
    } finally {
      await page.close();
      await admin.setFeatureOverride({ account: { userId: demoId }, feature: "HIDE_TOOLBAR", actor: "test" });
    }
  }, 120_000);
});
