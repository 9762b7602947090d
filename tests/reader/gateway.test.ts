import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PDFDocument from "pdfkit";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { ringsAndBars } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { form, postTo, uploadPdf } from "../support/system.js";

// The reader's settings the gateway takes part in, on the seven built processes and the real stores: embed-only and
// WeChat-only reading refused by the gateway, the sandboxed analytics page, the book's languages and their labels,
// and a full-vector book drawn by pdf.js from its original PDF.
const services = await workerSystem();
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");
let browser: Browser;

beforeAll(async () => {
  await mkdir(screenshots, { recursive: true });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const post = (path: string, body: string | Blob, contentType?: string) =>
  postTo(services.gatewayUrl, path, body, contentType);

function samplePdf(pages: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A5", autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (let page = 1; page <= pages; page += 1) {
      doc.addPage();
      doc.fontSize(30).text(`Vector page ${page}`, 40, 80);
      doc
        .lineWidth(3)
        .circle(210, 320, 80 + page * 10)
        .stroke("#1f5f99");
    }
    doc.end();
  });
}

/** Uploads a PDF and waits until its conversion is done: the book's number and id. */
function publish(title: string, pages: number, engineType?: string) {
  return samplePdf(pages).then((pdf) =>
    uploadPdf(services.gatewayUrl, pdf, { title, ...(engineType ? { engineType } : {}) }),
  );
}

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

describe("the hosted reader at the gateway", () => {
  let book: { number: string; bookId: string };

  it("refuses an embed-only book in a top-level window, reads it in a frame, and frames analytics in a sandbox", async () => {
    book = await publish("Framed catalogue", 3);
    const updated = await post(
      "/api/book/update-book",
      form({
        bookId: book.bookId,
        bookConfig: JSON.stringify({
          OnlyOpenInIframe: "Yes",
          OnlyOpenInIframeInfo: "Read it on our site",
          googleAnalyticsID: "G-TEST1234",
        }),
      }),
    );
    expect(updated, updated.msg).toMatchObject({ code: "OK" });
    const url = `${services.gatewayUrl}/b/${book.number}`;
    const top = await fetch(url, { headers: { "sec-fetch-dest": "document", "sec-fetch-site": "none" } });
    expect(top.status).toBe(403);
    const refusal = await top.text();
    expect(refusal).toContain("Read it on our site");
    expect(refusal).not.toContain("turnleaf-book");
    expect((await fetch(url, { headers: { "sec-fetch-dest": "iframe", "sec-fetch-site": "cross-site" } })).status).toBe(
      200,
    );

    const analytics = await fetch(`${url}/analytics`);
    expect(analytics.status).toBe(200);
    expect(analytics.headers.get("content-security-policy")).toBe("sandbox allow-scripts");
    expect(await analytics.text()).toContain("gtag/js?id=G-TEST1234");

    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const direct = await context.newPage();
    const response = await direct.goto(`${url}?lang=en`);
    expect(response?.status()).toBe(403);
    expect(await direct.getByRole("alert").textContent()).toBe("Read it on our site");

    const requested: string[] = [];
    const host = await context.newPage();
    host.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await host.setContent(`<iframe src="${url}/2?lang=en" width="1100" height="700" title="book"></iframe>`);
    const reader = host.frameLocator("iframe");
    await reader.getByTestId("stage").waitFor({ timeout: 15_000 });
    // The reader frames the analytics page, which hears the page views.
    const analyticsFrame = () => host.frames().find((frame) => frame.url().endsWith("/analytics"));
    await expect.poll(() => analyticsFrame() !== undefined, { timeout: 10_000 }).toBe(true);
    await expect
      .poll(
        () => analyticsFrame()?.evaluate(() => (window as { turnleafPage?: { page: number } }).turnleafPage?.page),
        {
          timeout: 10_000,
        },
      )
      .toBe(2);
    // The reader's own origin stays out of reach of the analytics frame.
    expect(await analyticsFrame()?.evaluate(() => window.origin)).toBe("null");
    // pdf.js is not loaded for a book that is not full-vector.
    expect(requested.some((path) => /\/reader\/assets\/vector-/.test(path))).toBe(false);
    await host.screenshot({ path: join(screenshots, "gateway-embedded.png") });
    await context.close();
  }, 150_000);

  it("reads a WeChat-only book only in WeChat's browser", async () => {
    const updated = await post(
      "/api/book/update-book",
      form({ bookId: book.bookId, bookConfig: JSON.stringify({ OnlyOpenInIframe: "No", OnlyOpenInWeChat: "Yes" }) }),
    );
    expect(updated, updated.msg).toMatchObject({ code: "OK" });
    const url = `${services.gatewayUrl}/b/${book.number}`;
    const headers = { "sec-fetch-dest": "document", "sec-fetch-site": "none" };
    expect((await fetch(url, { headers: { ...headers, "user-agent": chrome } })).status).toBe(403);
    const inWeChat = await fetch(url, { headers: { ...headers, "user-agent": `${chrome} MicroMessenger/8.0.42` } });
    expect(inWeChat.status).toBe(200);
    expect((await fetch(`${url}/book.json`, { headers: { "user-agent": chrome } })).status).toBe(403);
    // The editor's preview frame (same origin) still shows it.
    expect(
      (
        await fetch(url, {
          headers: { "sec-fetch-dest": "iframe", "sec-fetch-site": "same-origin", "user-agent": chrome },
        })
      ).status,
    ).toBe(200);
    await post(
      "/api/book/update-book",
      form({ bookId: book.bookId, bookConfig: JSON.stringify({ OnlyOpenInWeChat: "No" }) }),
    );
  }, 30_000);

  it("offers the book's languages and shows the interface in the one chosen, with the language service's labels", async () => {
    const saved = await post(
      "/api/book/save-book-language",
      form({
        bookId: book.bookId,
        languages: JSON.stringify([
          { code: "zh-CN", name: "中文", checked: true },
          { code: "ja", name: "日本語", checked: true },
          { code: "en", name: "English", checked: true },
        ]),
      }),
    );
    expect(saved, saved.msg).toMatchObject({ code: "OK" });
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${services.gatewayUrl}/b/${book.number}/1?lang=ja`);
    await page.getByRole("button", { name: "次のページ" }).waitFor({ timeout: 15_000 });
    const switcher = page.getByRole("combobox", { name: "言語" });
    expect(await switcher.locator("option").allTextContents()).toEqual(["中文", "日本語", "English"]);
    await switcher.selectOption("en");
    await page.getByRole("button", { name: "Next page" }).waitFor();
    expect(new URL(page.url()).searchParams.get("lang")).toBe("en");
    await page.screenshot({ path: join(screenshots, "gateway-languages.png") });
    await context.close();
  }, 60_000);

  it("serves a grey text page and a chart stored as PNG and a photo page as JPEG, derives their lighter WebP (a PNG or JPEG page its own fallback), and shows them", async () => {
    // A colour picture (a photo for PDFium: an image object), a page of black text (no colour) and a chart (coloured
    // drawings, no picture).
    const [side, channels] = [400, 3 as const];
    const shades = Buffer.alloc(side * side * channels);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++)
        shades.set([(x * 255) / side, (y * 255) / side, 128 + 100 * Math.sin((x + y) / 20)], (y * side + x) * 3);
    const photo = await sharp(shades, { raw: { width: side, height: side, channels } })
      .png()
      .toBuffer();
    const pdf = await new Promise<Buffer>((resolve, reject) => {
      const doc = new PDFDocument({ size: "A5", autoFirstPage: false });
      const chunks: Buffer[] = [];
      doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      doc.on("end", () => resolve(Buffer.concat(chunks)));
      doc.on("error", reject);
      doc.addPage().fontSize(14).fillColor("#000000").text("Grey text page. ".repeat(60), 40, 60);
      doc.addPage().image(photo, 30, 30, { fit: [360, 520] });
      ringsAndBars(doc.addPage(), {
        centre: [210, 200],
        rings: 30,
        firstRadius: 8,
        ringGap: 5,
        bars: 40,
        left: 20,
        barGap: 9.5,
        baseline: 570,
        barHeight: () => 150,
      });
      doc.end();
    });
    const encoded = await uploadPdf(services.gatewayUrl, pdf, { title: "Encodings" });
    const json = (await (await fetch(`${services.gatewayUrl}/b/${encoded.number}/book.json`)).json()) as {
      pages: { renditions: { width: number; url: string }[] }[];
    };
    const [grey, pictured, chart] = json.pages.map((page) => [...page.renditions].sort((a, b) => b.width - a.width));
    const expected = [
      { renditions: grey, extension: "png", type: "image/png", format: "png" },
      { renditions: pictured, extension: "jpg", type: "image/jpeg", format: "jpeg" },
      { renditions: chart, extension: "png", type: "image/png", format: "png" },
    ];
    for (const { renditions, extension, type, format } of expected) {
      const [main, lighter] = renditions ?? [];
      expect(main?.url).toMatch(new RegExp(`/pages/\\d+/${main?.width}\\.${extension}$`));
      const served = await fetch(`${services.gatewayUrl}${main?.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(type);
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(bytes.length).toBeLessThanOrEqual(200 * 1024);
      expect(await sharp(bytes).metadata()).toMatchObject({ format, width: main?.width });
      // The lighter width is a WebP the gateway derives from the main PNG or JPEG on first request.
      expect(lighter?.url).toMatch(/\.webp$/);
      const small = await fetch(`${services.gatewayUrl}${lighter?.url}`);
      expect(small.status).toBe(200);
      expect(small.headers.get("content-type")).toBe("image/webp");
      const smallBytes = Buffer.from(await small.arrayBuffer());
      expect(await sharp(smallBytes).metadata()).toMatchObject({ format: "webp", width: lighter?.width });
      // A PNG page stays lossless when made smaller, at 16 levels a channel as the conversion stores it.
      if (extension === "png") {
        expect(smallBytes.subarray(12, 16).toString("latin1")).toBe("VP8L");
        expect((await sharp(smallBytes).raw().toBuffer()).every((value) => value % 17 === 0)).toBe(true);
      }
      // A PNG or JPEG page is its own fallback for browsers without WebP: no JPEG is listed beside a PNG (one made
      // from a dense text page was twice the budget), so none is derived.
      const fallback = await fetch(`${services.gatewayUrl}${main?.url.replace(/\.(png|jpg)$/, ".jpg")}`);
      expect(fallback.status).toBe(extension === "jpg" ? 200 : 404);
      if (extension === "jpg") expect(Buffer.from(await fallback.arrayBuffer())).toEqual(bytes);
    }
    // The PNGs' headers: the text page 4-bit greyscale (colour type 0), no palette; the chart indexed (colour type
    // 3, a palette of its flat colours and 16-level edges).
    const png = Buffer.from(await (await fetch(`${services.gatewayUrl}${grey?.[0]?.url}`)).arrayBuffer());
    expect([png[24], png[25]]).toEqual([4, 0]);
    const chartPng = Buffer.from(await (await fetch(`${services.gatewayUrl}${chart?.[0]?.url}`)).arrayBuffer());
    expect(chartPng[25]).toBe(3);

    // On a screen of density 2 the reader asks for the main rendition.
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(`${services.gatewayUrl}/b/${encoded.number}/2?lang=en`);
    // The reader shows each page from its main rendition (decoded by Chromium: naturalWidth > 0).
    const shown = () =>
      page
        .locator("img.tl-page-image")
        .evaluateAll((nodes) =>
          nodes
            .filter((node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth > 0)
            .map((node) => (node as HTMLImageElement).currentSrc.replace(/^.*\./, "")),
        );
    // Pages 2 and 3 face each other: the photo's JPEG and the chart's PNG.
    await expect.poll(shown, { timeout: 20_000 }).toEqual(expect.arrayContaining(["jpg", "png"]));
    await page.goto(`${services.gatewayUrl}/b/${encoded.number}/1?lang=en`);
    await expect.poll(shown, { timeout: 20_000 }).toEqual(expect.arrayContaining(["png"]));
    await page.screenshot({ path: join(screenshots, "gateway-encodings.png") });
    await context.close();
  }, 150_000);

  it("draws a full-vector book from its PDF with pdf.js, and withholds the PDF behind a password", async () => {
    const vector = await publish("Vector sample", 4, "5");
    const json = (await (await fetch(`${services.gatewayUrl}/b/${vector.number}/book.json`)).json()) as {
      settings: { vectorPdfUrl?: string };
    };
    const pdfUrl = json.settings.vectorPdfUrl ?? "";
    expect(pdfUrl).toMatch(/\/assets\/\d+\/source\.pdf$/);
    const pdf = await fetch(`${services.gatewayUrl}${pdfUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // Another book's source is not served: only full-vector revisions keep theirs for readers.
    const other = (await (await fetch(`${services.gatewayUrl}/b/${book.number}/book.json`)).json()) as {
      pages: { renditions: { url: string }[] }[];
    };
    const otherPdf = (other.pages[0]?.renditions[0]?.url ?? "").replace(/pages\/.*$/, "source.pdf");
    expect((await fetch(`${services.gatewayUrl}${otherPdf}`)).status).toBe(404);

    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${services.gatewayUrl}/b/${vector.number}/2?lang=en`);
    await page.locator('.tl-vector[data-drawn="yes"]').first().waitFor({ timeout: 20_000 });
    expect(requested.some((path) => /\/reader\/assets\/vector-.*\.js$/.test(path))).toBe(true);
    // pdf.js's data (CMaps for CJK text without embedded fonts, standard fonts) is served beside the reader.
    const { version } = createRequire(import.meta.url)("pdfjs-dist/package.json") as { version: string };
    const cmap = await fetch(`${services.gatewayUrl}/reader/assets/pdfjs-${version}/cmaps/UniGB-UCS2-H.bcmap`);
    expect(cmap.status).toBe(200);
    // The canvas is drawn at the page's size × pixel density: pdf.js drew, not a scaled picture.
    const size = await page
      .locator('.tl-vector[data-drawn="yes"]')
      .first()
      .evaluate((canvas) => ({
        width: (canvas as HTMLCanvasElement).width,
        css: canvas.getBoundingClientRect().width,
      }));
    expect(Math.abs(size.width - size.css)).toBeLessThanOrEqual(2);
    await page.screenshot({ path: join(screenshots, "gateway-vector.png") });
    await context.close();

    const locked = await post(
      "/api/book/set-book-privacy",
      form({
        bookId: vector.bookId,
        access: "password",
        mode: "single",
        password: "vectorpw",
        hint: "",
        fromPage: "3",
      }),
    );
    expect(locked, locked.msg).toMatchObject({ code: "OK" });
    expect((await fetch(`${services.gatewayUrl}${pdfUrl}`)).status).toBe(403);
    const lockedJson = (await (await fetch(`${services.gatewayUrl}/b/${vector.number}/book.json`)).json()) as {
      settings: { vectorPdfUrl?: string };
    };
    expect(lockedJson.settings.vectorPdfUrl).toBeUndefined();
  }, 180_000);
});
