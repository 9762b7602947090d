import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQRModule from "jsqr";
import { pino } from "pino";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freeServicePorts, type RunningServices, startServices } from "../../scripts/src/services.js";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";

// jsqr is CommonJS whose function also hangs on `default`: under NodeNext its default import is the module object.
const jsQR = jsQRModule.default;

// The online editor as an owner uses it, in Chromium against the seven built processes and the real stores:
// log in, upload a PDF on /upload and watch it convert, edit its look with the live preview, undo, bookmark,
// protect it, share it; and the login redirect of a visitor without a session.
const stores = inject("stores");
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? tmpdir();
let services: RunningServices;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let book: { number: string; bookId: string } | undefined;

beforeAll(async () => {
  const ports = await freeServicePorts();
  services = await startServices({
    stores: { ...stores, stop: async () => undefined },
    ports,
    demo: true,
    log: pino({ level: "warn" }),
    logDir: await mkdtemp(join(tmpdir(), "turnleaf-editor-")),
  });
  await services.waitHealthy(60_000);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 860 } });
  // A real session: the demo user's (DEMO_SEED), its cookie shared with the pages of this context.
  const login = await context.request.post(`${services.gatewayUrl}/api/user/login`, {
    form: { email: "demo@turnleaf.local", password: "turnleaf-demo" },
  });
  expect(((await login.json()) as { code: string }).code).toBe("OK");
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await services?.stopAll();
});

/** The owner's book as the server has it (get-book through the session). */
async function serverBook(): Promise<{ htmlConfig: Record<string, unknown> }> {
  const reply = await context.request.post(`${services.gatewayUrl}/api/book/get-book`, {
    form: { bookId: book?.bookId ?? "" },
  });
  return ((await reply.json()) as { data: { htmlConfig: Record<string, unknown> } }).data;
}

const frameBackground = (frame: FrameLocator) =>
  frame.locator(".tl-reader").evaluate((element) => getComputedStyle(element).backgroundColor);

describe("the online editor", () => {
  it("uploads a PDF on /upload: bytes, then conversion pages, to ready", async () => {
    await page.goto(`${services.gatewayUrl}/book_edit2/?lang=en`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/book_edit2/upload");
    expect(await page.title()).toBe("please upload a file - Turnleaf");

    // Title required, as the spec words it.
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect.poll(() => page.locator(".messages").textContent()).toContain("please enter a title");

    const pdf = await labelledPdf("E", 4);
    await page.getByLabel("Title").fill("Editor Walkthrough");
    await page.locator('input[type="file"]').setInputFiles({
      name: "walkthrough.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    const phase = page.getByTestId("upload-phase");
    await expect.poll(() => phase.getAttribute("data-phase"), { timeout: 60_000 }).toBe("ready");
    expect(await page.getByTestId("upload-bytes").textContent()).toBe(
      `${pdf.length.toLocaleString("en-US")} / ${pdf.length.toLocaleString("en-US")} bytes`,
    );
    expect(await page.getByTestId("upload-pages").textContent()).toMatch(/^(\d+) \/ \1 pages$/);
    await page.screenshot({ path: join(screenshots, "editor-upload.png") });

    await page.getByRole("button", { name: "Edit this book" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/book_edit2/editor");
    const number = new URL(page.url()).searchParams.get("num") ?? "";
    const ready = await context.request.post(`${services.gatewayUrl}/api/book/get-ready-config`, {
      form: { number },
    });
    book = { number, bookId: ((await ready.json()) as { data: { bookId: string } }).data.bookId };
    expect(book.bookId).not.toBe("");
  }, 90_000);

  it("changes the background: the preview changes at once, the server keeps it, undo restores it", async () => {
    if (!book) throw new Error("the upload test did not run");
    await expect.poll(() => page.title()).toBe("book edit - Turnleaf");
    const iframe = page.locator('iframe[name="bookEditIframe"]');
    await expect.poll(() => iframe.getAttribute("data-ready"), { timeout: 20_000 }).toBe("true");
    const frame = page.frameLocator('iframe[name="bookEditIframe"]');
    expect(await frameBackground(frame)).toBe("rgb(58, 63, 71)");

    await page.getByLabel("Background colour").fill("#204060");
    await expect.poll(() => frameBackground(frame), { timeout: 2_000 }).toBe("rgb(32, 64, 96)");
    await expect.poll(() => page.getByTestId("save-state").getAttribute("data-state")).toBe("success");
    expect((await serverBook()).htmlConfig.bgColor).toBe("#204060");
    // The preview came from the message, not a reload: the frame's document is the same one.
    await page.screenshot({ path: join(screenshots, "editor-design.png") });

    await page.getByRole("button", { name: /Undo/ }).click();
    await expect.poll(() => frameBackground(frame), { timeout: 2_000 }).toBe("rgb(58, 63, 71)");
    await expect.poll(async () => (await serverBook()).htmlConfig.bgColor).toBe("#3a3f47");
    await page.getByRole("button", { name: /Undo/ }).click();
    await expect.poll(() => page.getByRole("status").last().textContent()).toBe("current is initial state");
    await page.getByRole("button", { name: /Redo/ }).click();
    await expect.poll(() => frameBackground(frame), { timeout: 2_000 }).toBe("rgb(32, 64, 96)");

    // The settings search filters case-insensitively.
    await page.getByRole("searchbox", { name: "Search settings" }).fill("FLIP");
    expect(await page.locator(".setting").count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByLabel("Background colour").count()).toBe(0);
    await page.getByRole("searchbox", { name: "Search settings" }).fill("");

    // PHONE width for the preview.
    await page.getByRole("button", { name: "PHONE" }).click();
    await expect.poll(async () => Math.round((await iframe.boundingBox())?.width ?? 0)).toBe(375);
    await page.getByRole("button", { name: "PC" }).click();
  }, 60_000);

  it("adds a bookmark, sets a password the reader asks for, and shares a QR code of the link", async () => {
    if (!book) throw new Error("the upload test did not run");
    await page.getByRole("tab", { name: "Bookmarks" }).click();
    await page.getByRole("button", { name: "Add bookmark" }).click();
    await expect.poll(() => page.getByLabel("Bookmark text 1").inputValue()).toBe("bookmark");
    await page.getByRole("button", { name: "Add bookmark" }).click();
    await expect.poll(() => page.getByLabel("Page 2").inputValue()).toBe("2");

    await page.getByRole("tab", { name: "Password" }).click();
    await page.getByLabel("Password", { exact: true }).first().check();
    await page.locator('input[type="password"]').fill("open-sesame");
    await page.getByLabel("Password hint").fill("the magic words");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").last().textContent()).toBe("Access settings saved");
    const frame = page.frameLocator('iframe[name="bookEditIframe"]');
    await expect
      .poll(() => frame.getByRole("button", { name: "Enter password" }).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.screenshot({ path: join(screenshots, "editor-password.png") });

    await page.getByRole("button", { name: "Share" }).click();
    const qr = page.getByRole("img", { name: "QR code" });
    await qr.waitFor();
    const source = (await qr.getAttribute("src")) ?? "";
    const png = Buffer.from(source.replace(/^data:image\/png;base64,/, ""), "base64");
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toBe(`${services.gatewayUrl}/b/${book.number}`);
    expect(await page.getByLabel("Embed code").inputValue()).toContain(`src="${services.gatewayUrl}/b/${book.number}"`);
    await page.screenshot({ path: join(screenshots, "editor-share.png") });
    await page.getByRole("button", { name: "Close" }).click();
  }, 60_000);

  it("sends a visitor without a live session to /login.php, coming back to the editor", async () => {
    const visitor = await browser.newContext();
    // An unknown session cookie is refused even on a stack with a dev actor: LOGIN_SIGNOUT.
    await visitor.addCookies([{ name: "tl_session", value: "no-such-session", url: services.gatewayUrl }]);
    const visit = await visitor.newPage();
    await visit.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book?.number ?? "x"}`);
    await expect.poll(() => new URL(visit.url()).pathname, { timeout: 10_000 }).toBe("/login.php");
    expect(new URL(visit.url()).searchParams.get("back")).toBe(`/book_edit2/editor?num=${book?.number ?? "x"}`);
    await visitor.close();
  });
});
