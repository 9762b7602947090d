import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { unzipSync } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { run } from "../publish/package-fixtures.js";
import { workerSystem } from "../setup/worker-stores.js";
import { newOwner, postForm, uploadBook } from "./bookcase-fixtures.js";

// The editor's download/publish dialog in Chromium (issue #37 item 4, spec 001 §3–§5): the owner opens it beside
// share, creates a signature in it, builds an APK with the APK info given — the server builds it from the online
// book — and downloads it: apksigner verifies it and aapt's badging shows the ID, version and label. An HTML zip
// downloaded from the same dialog, unpacked, opens from disk in Chromium with the book's pages.
const services = await workerSystem();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let outDir: string;
let book: { bookId: string; number: string };

beforeAll(async () => {
  browser = await launchChromium();
  outDir = await mkdtemp(join(tmpdir(), "turnleaf-publish-dialog-"));
  const owner = await newOwner(browser, services.gatewayUrl, services.ports.power);
  context = owner.context;
  book = await uploadBook(context.request, services.gatewayUrl, await labelledPdf("D", 3), { title: "Dialog Book" });
  // The conversion finishes: the book has its 3 pages.
  const until = Date.now() + 180_000;
  for (;;) {
    const pages = await postForm(context.request, `${services.gatewayUrl}/api/book/get-pages`, { bookId: book.bookId });
    if ((pages.data as { pageCount?: number } | null)?.pageCount === 3) break;
    if (Date.now() > until) throw new Error(`the book was not converted: ${JSON.stringify(pages)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  page = await context.newPage();
  await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
  await page.getByTestId("open-publish").click();
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** Waits for the dialog's build to finish and saves the download it offers. */
async function downloaded(file: string): Promise<string> {
  await expect
    .poll(() => page.getByTestId("publish-state").getAttribute("data-state"), { timeout: 300_000, interval: 1000 })
    .toMatch(/ready|failed/);
  const error = await page
    .getByTestId("publish-error")
    .textContent({ timeout: 100 })
    .catch(() => "");
  expect(await page.getByTestId("publish-state").getAttribute("data-state"), error ?? "").toBe("ready");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("publish-download").click()]);
  const path = join(outDir, file);
  await download.saveAs(path);
  return path;
}

describe("the editor's publish dialog", { timeout: 600_000 }, () => {
  it("builds a signed APK with the info given and a signature created in the dialog", async () => {
    await page.getByTestId("publish-format-apk").click();
    await page.getByTestId("publish-new-signature").click();
    await page.getByTestId("signature-name").fill("Dialog key");
    await page.getByTestId("signature-password").fill("short");
    await page.getByTestId("signature-confirm").fill("short");
    await page.getByTestId("signature-save").click();
    // The server's rule, in the spec's words.
    await expect
      .poll(() => page.getByTestId("signature-error").textContent(), { timeout: 30_000 })
      .toBe("Must contain no less than 6 characters!");
    await page.getByTestId("signature-password").fill("dialog-key-1");
    await page.getByTestId("signature-confirm").fill("dialog-key-1");
    await page.getByTestId("signature-organisation").fill("Dialog Press");
    await page.getByTestId("signature-save").click();
    await expect.poll(() => page.getByTestId("publish-signature").inputValue(), { timeout: 60_000 }).toBe("Dialog key");

    // The icon of the APK info: a red square in place of the book's cover.
    const red = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#e01010" } })
      .png()
      .toBuffer();
    await page.getByTestId("publish-icon").setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: red });
    await expect.poll(() => page.getByTestId("publish-icon-preview").count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId("publish-app-name").fill("Dialog Reader");
    await page.getByTestId("publish-app-id").fill("9dialog.book");
    await page.getByTestId("publish-version-code").fill("1");
    await page.getByTestId("publish-version-name").fill("1.0");
    await page.getByTestId("publish-signature-password").fill("dialog-key-1");
    await page.getByTestId("publish-build").click();
    await expect
      .poll(() => page.getByTestId("publish-error").textContent(), { timeout: 30_000 })
      .toBe("Application ID format error");

    await page.getByTestId("publish-app-id").fill("com.example.dialog");
    await page.getByTestId("publish-build").click();
    const apk = await downloaded("dialog.apk");
    const verified = await run("apksigner", ["verify", "--print-certs", apk]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain("O=Dialog Press");
    const badging = await run("aapt", ["dump", "badging", apk]);
    expect(badging.stdout).toContain("package: name='com.example.dialog' versionCode='1' versionName='1.0'");
    expect(badging.stdout).toContain("application-label:'Dialog Reader'");
    // The launcher icon is the chosen picture, not the white labelled page of the cover.
    const icon = await run("unzip", ["-o", apk, "res/drawable/icon.png", "-d", join(outDir, "apk-icon")]);
    expect(icon.code, icon.stderr).toBe(0);
    const { channels } = await sharp(join(outDir, "apk-icon", "res", "drawable", "icon.png")).stats();
    expect(channels[0]?.mean ?? 0).toBeGreaterThan(200);
    expect(channels[1]?.mean ?? 255).toBeLessThan(40);
  });

  it("downloads the offline HTML zip, which opens from disk in Chromium", async () => {
    await page.getByTestId("publish-format-html").click();
    await page.getByTestId("publish-title").fill("Dialog Offline");
    await page.getByTestId("publish-build").click();
    const zipPath = await downloaded("dialog.zip");
    const files = unzipSync(await readFile(zipPath));
    for (const [name, bytes] of Object.entries(files)) {
      if (name.endsWith("/")) continue;
      await mkdir(dirname(join(outDir, "html", name)), { recursive: true });
      await writeFile(join(outDir, "html", name), bytes);
    }
    const offline = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await offline.goto(pathToFileURL(join(outDir, "html", "FlipBook", "index.html")).href);
      expect(await offline.title()).toBe("Dialog Offline");
      const announcer = offline.getByTestId("announcer");
      // In the book's language (the online book's default, Chinese): its settings travelled with it.
      await expect.poll(() => announcer.textContent(), { timeout: 20_000 }).toBe("第 1 页，共 3 页");
      // The first page's picture loaded from the unpacked folder.
      await expect
        .poll(
          () =>
            offline.evaluate(() =>
              [...document.images].some(
                (image) => image.complete && image.naturalWidth > 0 && image.src.startsWith("file:"),
              ),
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
    } finally {
      await offline.close();
    }
  });
});
