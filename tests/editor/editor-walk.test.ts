// The online editor as owners use it, in Chromium against the seven built processes and the real stores. The
// first test is the "Done means" walk, which makes the book the others use; the others cover the routes,
// languages, overwriting and the power alerts (editor-harness.ts opens the browser).
import { join } from "node:path";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PlanKind, Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import { guideSteps } from "@turnleaf/editor/testing";
import { createClient } from "@turnleaf/kit";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import {
  book,
  browser,
  context,
  frameBackground,
  jsQR,
  lastToast,
  leaveEditor,
  page,
  screenshots,
  serverBook,
  setBook,
  useEditor,
} from "./editor-harness.js";
import { chunkyPdf } from "./fixtures.js";

const services = await workerSystem();
useEditor(services);

describe("the online editor", () => {
  it("walks a new owner from upload to a saved, protected, shared book", async () => {
    // Upload: the title is required, then the PDF goes up in chunks, interrupted by a pause.
    await page.goto(`${services.gatewayUrl}/book_edit2/?lang=en`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/book_edit2/upload");
    expect(await page.title()).toBe("please upload a file - Turnleaf");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect.poll(() => page.locator(".messages").textContent()).toContain("please enter a title");

    const pdf = await chunkyPdf();
    expect(pdf.length).toBeGreaterThan(2 * 1024 * 1024);
    // The second chunk waits until the owner has paused: the pause lands between two chunks.
    let releaseChunk: () => void = () => undefined;
    const chunkHeld = new Promise<void>((held) => {
      let chunks = 0;
      void page.route("**/api/book/upload-book-files**", async (route) => {
        chunks += 1;
        if (chunks === 2) {
          held();
          await new Promise<void>((release) => {
            releaseChunk = release;
          });
        }
        await route.continue();
      });
    });
    await page.getByLabel("Title").fill("Editor Walkthrough");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "walkthrough.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await chunkHeld;
    await page.getByRole("button", { name: "Pause" }).click();
    releaseChunk();
    const phase = page.getByTestId("upload-phase");
    await expect.poll(() => phase.getAttribute("data-phase")).toBe("paused");
    const pausedAt = Number(
      (await page.getByTestId("upload-bytes").textContent())?.split(" / ")[0]?.replace(/\D/g, ""),
    );
    expect(pausedAt).toBeGreaterThan(0);
    expect(pausedAt).toBeLessThan(pdf.length);
    await page.screenshot({ path: join(screenshots, "editor-upload-paused.png") });
    await page.unroute("**/api/book/upload-book-files**");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => phase.getAttribute("data-phase"), { timeout: 90_000 }).toBe("ready");
    expect(await page.getByTestId("upload-bytes").textContent()).toBe(
      `${pdf.length.toLocaleString("en-US")} / ${pdf.length.toLocaleString("en-US")} bytes`,
    );
    expect(await page.getByTestId("upload-pages").textContent()).toBe("4 / 4 pages");
    await page.screenshot({ path: join(screenshots, "editor-upload.png") });

    // The editor: the onboarding guide's fourteen steps on the first visit.
    await page.getByRole("button", { name: "Edit this book" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/book_edit2/editor");
    const number = new URL(page.url()).searchParams.get("num") ?? "";
    const ready = await context.request.post(`${services.gatewayUrl}/api/book/get-ready-config`, { form: { number } });
    // The book the other tests of this file work on.
    const made = { number, bookId: ((await ready.json()) as { data: { bookId: string } }).data.bookId };
    setBook(made);
    expect(made.bookId).not.toBe("");
    await expect.poll(() => page.title()).toBe("book edit - Turnleaf");
    const guide = page.getByRole("dialog", { name: "Guide" });
    const seen: string[] = [];
    for (let step = 1; step <= 14; step++) {
      expect(await guide.locator(".guide-count").textContent()).toBe(`${step} / 14`);
      const id = (await guide.getAttribute("data-step")) ?? "";
      seen.push(id);
      // Every step outlines its control; steps 7 (replace content) and 13 (flip mode) open the tab it lives in.
      await expect.poll(() => page.locator(`[data-guide="${id}"].guide-target`).count(), { timeout: 5_000 }).toBe(1);
      if (step === 3) await page.screenshot({ path: join(screenshots, "editor-guide.png") });
      await guide.getByRole("button", { name: step === 14 ? "Done" : "Next" }).click();
    }
    // The order itself is checked against the spec in editor-logic.test.ts.
    expect(seen).toEqual(guideSteps.map((guideStep) => guideStep.id));
    expect(await guide.count()).toBe(0);

    // A setting changes the preview through its message, the server keeps it, undo and redo step through it.
    const iframe = page.locator('iframe[name="bookEditIframe"]');
    await expect.poll(() => iframe.getAttribute("data-ready"), { timeout: 20_000 }).toBe("true");
    const frame = page.frameLocator('iframe[name="bookEditIframe"]');
    expect(await frameBackground(frame)).toBe("rgb(58, 63, 71)");
    await frame.locator("body").evaluate((body) => body.setAttribute("data-loaded-once", "yes"));
    await page.locator('.setting[data-key="bgColor"] input[type="color"]').fill("#204060");
    await expect.poll(() => frameBackground(frame)).toBe("rgb(32, 64, 96)");
    await expect.poll(() => page.getByTestId("save-state").getAttribute("data-state")).toBe("success");
    expect((await serverBook()).htmlConfig.bgColor).toBe("#204060");
    // No reload: the frame's document is still the one marked before the change.
    expect(await frame.locator("body").getAttribute("data-loaded-once")).toBe("yes");
    await page.screenshot({ path: join(screenshots, "editor-design.png") });
    await page.getByRole("button", { name: /Undo/ }).click();
    await expect.poll(() => frameBackground(frame)).toBe("rgb(58, 63, 71)");
    await expect.poll(async () => (await serverBook()).htmlConfig.bgColor).toBe("#3a3f47");
    await page.getByRole("button", { name: /Undo/ }).click();
    await expect.poll(() => page.getByRole("status").last().textContent()).toBe("current is initial state");
    await page.getByRole("button", { name: /Redo/ }).click();
    await expect.poll(() => frameBackground(frame)).toBe("rgb(32, 64, 96)");
    await page.getByRole("button", { name: /Redo/ }).click();
    await expect.poll(() => page.getByRole("status").last().textContent()).toBe("current is latest state");

    // The settings search filters case-insensitively.
    await page.getByRole("searchbox", { name: "Search settings" }).fill("FLIP");
    expect(await page.locator(".setting").count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.setting[data-key="bgColor"] input[type="color"]').count()).toBe(0);
    await page.getByRole("searchbox", { name: "Search settings" }).fill("");

    // PHONE preview with its one-time hint; PAD only in view mode.
    expect(await page.getByRole("button", { name: "PAD" }).count()).toBe(0);
    await page.getByRole("button", { name: "PHONE" }).click();
    await expect.poll(async () => Math.round((await iframe.boundingBox())?.width ?? 0)).toBe(375);
    expect(await page.getByTestId("preview-hint").getAttribute("data-device")).toBe("phone");
    expect(await page.getByTestId("preview-hint").textContent()).toBe(
      "PHONE preview: the book one page at a time on a phone",
    );
    await page.screenshot({ path: join(screenshots, "editor-phone.png") });
    await page.getByRole("button", { name: "PC" }).click();
    expect(await page.getByTestId("preview-hint").count()).toBe(0);
    await page.getByRole("button", { name: "PHONE" }).click();
    expect(await page.getByTestId("preview-hint").count()).toBe(0);
    await page.getByRole("button", { name: "PC" }).click();

    // The assistant changes the background; the preview shows it.
    await page.getByRole("tab", { name: "Assistant" }).click();
    await page.getByRole("textbox", { name: /Type an instruction/ }).fill("把背景换成蓝色");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => page.locator(".chat-assistant").last().textContent()).toBe("Done: bgColor = #1f5fbf");
    await expect.poll(() => frameBackground(frame)).toBe("rgb(31, 95, 191)");
    await expect.poll(async () => (await serverBook()).htmlConfig.bgColor).toBe("#1f5fbf");
    await page.getByRole("textbox", { name: /Type an instruction/ }).fill("turn on auto flip every 5 seconds");
    await page.getByRole("button", { name: "Send" }).click();
    await expect.poll(async () => (await serverBook()).htmlConfig.autoFlipIntervalSeconds).toBe(5);
    await page.getByRole("textbox", { name: /Type an instruction/ }).fill("sing me a song");
    await page.getByRole("button", { name: "Send" }).click();
    await expect
      .poll(() => page.locator(".chat-assistant").last().textContent())
      .toContain("Sorry, I did not understand. I can:");
    await page.screenshot({ path: join(screenshots, "editor-assistant.png") });

    // A bookmark and a TOC entry.
    await page.getByRole("tab", { name: "Bookmarks" }).click();
    await page.getByRole("button", { name: "Add bookmark" }).click();
    await expect.poll(() => page.getByLabel("Bookmark text 1").inputValue()).toBe("bookmark");
    await page.getByRole("button", { name: "Add bookmark" }).click();
    await expect.poll(() => page.getByLabel("Page 2").inputValue()).toBe("2");
    await page.getByRole("tab", { name: "Contents" }).click();
    await page.getByRole("button", { name: "Add entry" }).click();
    await page.getByLabel("Title 1", { exact: true }).fill("Chapter A");
    await page.getByLabel("Page 1", { exact: true }).fill("3");
    // The contents save by themselves, as the look does (no Save button).
    await expect.poll(() => page.getByTestId("list-save-state").getAttribute("data-state")).toBe("success");
    await expect.poll(() => page.getByTestId("list-save-state").textContent()).toBe("Saved");

    // A password the reader asks for.
    await page.getByRole("tab", { name: "Password" }).click();
    await page.getByLabel("Password", { exact: true }).first().check();
    await page.locator('input[type="password"]').fill("open-sesame");
    await page.getByLabel("Password hint").fill("the magic words");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").last().textContent()).toBe("Access settings saved");
    // Readers meet the password; the owner's own live preview does not (issue #35 item 7).
    await expect
      .poll(
        async () => {
          const reader = (await (await fetch(`${services.gatewayUrl}/b/${book?.number ?? ""}/book.json`)).json()) as {
            lock?: { mode: string } | null;
          };
          return reader.lock?.mode;
        },
        { timeout: 15_000 },
      )
      .toBe("single");
    expect(await frame.getByRole("button", { name: "Enter password" }).count()).toBe(0);
    await page.screenshot({ path: join(screenshots, "editor-password.png") });

    // Reload: everything is kept.
    await page.reload();
    await page.getByRole("tab", { name: "Design" }).waitFor();
    expect(await page.locator('.setting[data-key="bgColor"] input[type="color"]').inputValue()).toBe("#1f5fbf");
    await page.getByRole("tab", { name: "Bookmarks" }).click();
    await expect.poll(() => page.getByLabel("Bookmark text 2").inputValue()).toBe("bookmark");
    await page.getByRole("tab", { name: "Contents" }).click();
    expect(await page.getByLabel("Title 1", { exact: true }).inputValue()).toBe("Chapter A");
    expect(await page.getByLabel("Page 1", { exact: true }).inputValue()).toBe("3");
    await page.getByRole("tab", { name: "Password" }).click();
    await expect.poll(() => page.getByLabel("Password", { exact: true }).first().isChecked()).toBe(true);
    expect(await page.getByLabel("Password hint").inputValue()).toBe("the magic words");
    // The guide and the phone hint were shown once: not again.
    expect(await page.getByRole("dialog", { name: "Guide" }).count()).toBe(0);

    // The share dialog's QR code decodes to the link.
    await page.getByRole("button", { name: "Share" }).click();
    const qr = page.getByRole("img", { name: "QR code" });
    await qr.waitFor();
    const source = (await qr.getAttribute("src")) ?? "";
    const png = Buffer.from(source.replace(/^data:image\/png;base64,/, ""), "base64");
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toBe(`${services.gatewayUrl}/b/${made.number}`);
    expect(await page.getByLabel("Embed code").inputValue()).toContain(`src="${services.gatewayUrl}/b/${made.number}"`);
    await page.screenshot({ path: join(screenshots, "editor-share.png") });
    // Manage: the book off for readers (its link answers 404), then on again.
    await page.getByRole("button", { name: "Manage" }).click();
    const manage = page.getByTestId("share-manage");
    expect(await manage.getAttribute("data-status")).toBe("normal");
    await manage.getByRole("button", { name: "Disable" }).click();
    await expect.poll(() => manage.getAttribute("data-status")).toBe("disabled");
    expect((await context.request.get(`${services.gatewayUrl}/b/${made.number}`)).status()).toBe(404);
    await manage.getByRole("button", { name: "Enable" }).click();
    await expect.poll(() => manage.getAttribute("data-status")).toBe("normal");
    expect((await context.request.get(`${services.gatewayUrl}/b/${made.number}`)).status()).toBe(200);
    await page.getByRole("button", { name: "Close" }).click();
    await leaveEditor(page);
  }, 240_000);

  it("shows Chinese by default, English and the other languages when switched", async () => {
    const visit = await context.newPage();
    const asked: string[] = [];
    visit.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await visit.goto(`${services.gatewayUrl}/book_edit2/upload`);
    await expect.poll(() => visit.title()).toBe("请上传文件 - Turnleaf");
    await visit.locator(".upload-form").waitFor();
    // Spec 000 §2: ready-config, custom power and power limits before the route shows.
    expect(asked).toEqual(
      expect.arrayContaining([
        "/api/book/get-ready-config",
        "/api/power/get-user-custom-config",
        "/resourceFiles/manage/power/powerConfig.json",
      ]),
    );
    expect(await visit.locator("h1").textContent()).toBe("请上传文件");
    const switcher = visit.locator(".lang-switch select");
    expect(await switcher.locator("option").allTextContents()).toEqual([
      "中文",
      "English",
      "日本語",
      "हिन्दी",
      "Français",
      "العربية",
      "Deutsch",
      "한국어",
      "Português",
      "Română",
      "Español",
      "ไทย",
    ]);
    await expect.poll(() => switcher.getAttribute("aria-label")).toBe("语言");
    await visit.screenshot({ path: join(screenshots, "editor-upload-zh.png") });
    await switcher.selectOption("en");
    await expect.poll(() => visit.title()).toBe("please upload a file - Turnleaf");
    expect(new URL(visit.url()).searchParams.get("lang")).toBe("en");
    expect(await visit.locator("h1").textContent()).toBe("please upload a file");
    await switcher.selectOption("ja");
    // Languages other than zh/en: every text from the language service's editor catalogue.
    await expect.poll(() => switcher.getAttribute("aria-label")).toBe("言語");
    await expect.poll(() => visit.locator("h1").textContent()).toBe("ファイルをアップロードしてください");
    await switcher.selectOption("ar");
    await expect.poll(() => visit.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await visit.close();
  });

  it("redirects /create to /convert keeping the query, overwrites the book, and uploads a batch with per-file status", async () => {
    const visit = await context.newPage();
    await visit.goto(`${services.gatewayUrl}/book_edit2/create?tid=0&fid=0&num=${book?.number ?? ""}&lang=en`);
    await expect.poll(() => new URL(visit.url()).pathname).toBe("/book_edit2/convert");
    expect(new URL(visit.url()).search).toBe(`?tid=0&fid=0&num=${book?.number ?? ""}&lang=en`);
    await expect.poll(() => visit.title()).toBe("book creation - Turnleaf");
    await expect.poll(() => visit.getByRole("button", { name: "Convert this book again" }).count()).toBe(1);
    await visit.screenshot({ path: join(screenshots, "editor-convert.png") });
    // The overwrite choice: the book of the query, by its number; new content goes into it.
    await visit.getByLabel("Overwrite an existing book").check();
    expect(await visit.getByLabel("Book to overwrite (number)").inputValue()).toBe(book?.number);
    await visit.getByLabel("Title").fill("Overwritten");
    await visit.locator('input[type="file"]').setInputFiles({
      name: "again.pdf",
      mimeType: "application/pdf",
      buffer: await labelledPdf("O", 4),
    });
    await visit.getByRole("button", { name: "Upload", exact: true }).click();
    await expect
      .poll(() => visit.getByTestId("upload-phase").getAttribute("data-phase"), { timeout: 90_000 })
      .toBe("ready");
    await visit.getByRole("button", { name: "Edit this book" }).click();
    await expect.poll(() => new URL(visit.url()).searchParams.get("num")).toBe(book?.number);

    await visit.goto(`${services.gatewayUrl}/book_edit2/batch-upload?lang=en`);
    await expect.poll(() => visit.title()).toBe("please upload a file - Turnleaf");
    await visit.locator('input[type="file"]').setInputFiles([
      { name: "First.pdf", mimeType: "application/pdf", buffer: await labelledPdf("F", 2) },
      { name: "Second.pdf", mimeType: "application/pdf", buffer: await labelledPdf("S", 3) },
    ]);
    const rows = visit.getByTestId("batch-row");
    expect(await rows.count()).toBe(2);
    await visit.getByRole("button", { name: "Upload", exact: true }).click();
    await expect
      .poll(async () => (await rows.evaluateAll((all) => all.map((row) => row.getAttribute("data-status")))).join(), {
        timeout: 90_000,
      })
      .toBe("ready,ready");
    expect(await rows.nth(1).locator("td").nth(2).textContent()).toBe("3 / 3");
    await visit.screenshot({ path: join(screenshots, "editor-batch.png") });
    await visit.close();
  }, 180_000);

  it("answers power refusals as spec 000 says: free users, the book limit with support QR, the unpaid warning, a network error", async () => {
    const email = `owner-${Date.now()}@turnleaf.local`;
    const owner = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const registered = await owner.request.post(`${services.gatewayUrl}/api/user/register`, {
      form: { email, password: "a good password" },
    });
    expect(((await registered.json()) as { code: string }).code).toBe("OK");
    await owner.request.post(`${services.gatewayUrl}/api/user/login`, { form: { email, password: "a good password" } });
    const user = await owner.request.post(`${services.gatewayUrl}/api/user/get-user`);
    const userId = ((await user.json()) as { data: { userId: string } }).data.userId;
    const admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
    const visit = await owner.newPage();
    const tryUpload = async () => {
      await visit.goto(`${services.gatewayUrl}/book_edit2/upload?lang=en`);
      await visit.getByLabel("Title").fill("Refused");
      await visit.locator('input[type="file"]').setInputFiles({
        name: "refused.pdf",
        mimeType: "application/pdf",
        buffer: await labelledPdf("R", 1),
      });
      await visit.getByRole("button", { name: "Upload", exact: true }).click();
    };
    try {
      await admin.setPlan({ account: { userId }, plan: { kind: PlanKind.FREE, points: 0 }, actor: "test" });
      await tryUpload();
      await expect.poll(() => lastToast(visit)).toBe("free users cannot use upload");

      await admin.setPlan({ account: { userId }, plan: { kind: PlanKind.POINTS, points: 50 }, actor: "test" });
      await admin.setQuotaOverride({ account: { userId }, quota: Quota.BOOK_FILE_NUM, limit: 0, actor: "test" });
      await tryUpload();
      const alert = visit.getByRole("alertdialog", { name: "Limit reached" });
      await alert.waitFor();
      expect(await alert.textContent()).toContain("The hosted books limit is reached (BOOK_FILE_NUM)");
      await visit.screenshot({ path: join(screenshots, "editor-limit-alert.png") });
      await alert.getByRole("button", { name: "cancel" }).click();
      const support = visit.getByRole("alertdialog", { name: "Support QR code" });
      await support.getByRole("img", { name: "Support QR code" }).waitFor();
      await visit.screenshot({ path: join(screenshots, "editor-support-qr.png") });
      await support.getByRole("button", { name: "Close" }).click();

      await admin.setQuotaOverride({ account: { userId }, quota: Quota.BOOK_FILE_NUM, limit: 10, actor: "test" });
      await admin.setPlan({ account: { userId }, plan: { kind: PlanKind.POINTS, points: 0 }, actor: "test" });
      const asked = new Promise<string>((resolve) =>
        visit.once("dialog", (dialog) => {
          resolve(dialog.message());
          void dialog.dismiss();
        }),
      );
      await tryUpload();
      expect(await asked).toMatch(
        /^no points left: the book will be paused after 24 hours if uploaded .*\nUpload anyway\?$/s,
      );
      await expect.poll(() => visit.getByTestId("upload-phase").count()).toBe(0);

      await visit.route("**/api/book/begin-upload", (route) => route.abort("internetdisconnected"));
      await tryUpload();
      await expect.poll(() => lastToast(visit)).toBe("network error, refresh and retry or contact support");

      // A gated feature denied to the demo owner: its switch is disabled from the start, and its note opens the
      // contact-support confirm with the server's text.
      const demo = await context.request.post(`${services.gatewayUrl}/api/user/get-user`);
      const demoId = ((await demo.json()) as { data: { userId: string } }).data.userId;
      await admin.setFeatureOverride({
        account: { userId: demoId },
        feature: "HIDE_TOOLBAR",
        allowed: false,
        actor: "test",
      });
      const editor = await context.newPage();
      try {
        await editor.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book?.number ?? ""}&lang=en`);
        const hide = editor.locator('.setting[data-key="hideToolbar"]');
        expect(await hide.locator("input").isDisabled()).toBe(true);
        await hide.getByRole("button", { name: "Not included in your plan" }).click();
        const confirm = editor.getByRole("alertdialog", { name: "contact support" });
        await confirm.waitFor();
        expect(await confirm.textContent()).toContain("reached the customised quota, contact support");
        await editor.screenshot({ path: join(screenshots, "editor-power-limit.png") });
        await confirm.getByRole("button", { name: "contact support" }).click();
        await editor.getByRole("img", { name: "Support QR code" }).waitFor();
      } finally {
        await admin.setFeatureOverride({ account: { userId: demoId }, feature: "HIDE_TOOLBAR", actor: "test" });
        await leaveEditor(editor);
        await editor.close();
      }
    } finally {
      admin.close();
      await owner.close();
    }
  }, 90_000);
});
