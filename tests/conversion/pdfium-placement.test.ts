/**
 * The PDFium renderer on PDFs made here with pdfkit: text boxes and link hotspots sit where PDFium draws their
 * ink (also on a page turned by /Rotate), form fields and Type 3 glyphs are drawn, passwords, the outline and unsafe
 * links, pixels for OCR, regions and worker threads, a long document reopened, a grown heap given back. How pages
 * are stored (PNG, WebP, JPEG, the 200 KB budget): pdfium-encoding.test.ts.
 */
import { readFile } from "node:fs/promises";
import {
  createRenderPool,
  loadPdfium,
  openDocument,
  type PagePixels,
  type Region,
  readPdf,
  recycleIfLarge,
  releaseDocuments,
  renderPage,
  renditionSizes,
  safeUrl,
} from "@turnleaf/conversion/render";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { labelledPdf, passwordPdf, richPdf, type3ColourPdf } from "../fixtures/pdf/generate.js";
import {
  type Box,
  blue,
  blueLink,
  dark,
  expectInside,
  inkBox,
  oneWord,
  pdf,
  pdfFiles,
  render,
  rotated,
} from "./pdfium-fixtures.js";

const { file, written, releaseAll } = pdfFiles();

afterAll(releaseAll);

describe("PDFium renderer: where it draws and what it reads", () => {
  it("places each text run over its ink, on an upright and on a rotated page", async () => {
    for (const [name, bytes] of [
      ["upright", await oneWord()],
      ["rotated", rotated(await oneWord())],
    ] as const) {
      const { info, page, pixels, scale } = await render(await file(bytes, `word-${name}`));
      expect(page.text.map((run) => run.text)).toEqual(["PLACED"]);
      const run = page.text[0] as Box;
      const ink = inkBox(pixels, scale, dark);
      // The loose box spans the font's ascent to descent: the glyphs' ink lies inside it and fills its length.
      expectInside(ink, run, 1.5);
      if (name === "upright") {
        expect(info.pages[0]?.width).toBeCloseTo(595.28, 1);
        expect(run.width / ink.width).toBeGreaterThan(0.95);
        expect(run.width / ink.width).toBeLessThan(1.1);
        expect(run.x).toBeCloseTo(120, 0);
      } else {
        expect(info.pages[0]?.width).toBeCloseTo(841.89, 1);
        // Turned a quarter: the word runs down the page.
        expect(run.height / ink.height).toBeGreaterThan(0.95);
        expect(run.height).toBeGreaterThan(run.width * 2);
      }
    }
  });

  it("places link hotspots over the drawing they belong to, also on a rotated page", async () => {
    for (const [name, bytes] of [
      ["upright", await blueLink()],
      ["rotated", rotated(await blueLink())],
    ] as const) {
      const { page, pixels, scale } = await render(await file(bytes, `link-${name}`));
      expect(page.links).toHaveLength(1);
      const link = page.links[0] as Box & { url?: string };
      expect(link.url).toBe("https://turnleaf.example/here");
      const ink = inkBox(pixels, scale, blue);
      for (const key of ["x", "y", "width", "height"] as const) expect(Math.abs(link[key] - ink[key])).toBeLessThan(1);
    }
  });

  it("keeps web, mail and page links and drops javascript:, file: and other schemes", async () => {
    const bytes = await pdf((doc) => {
      doc.fontSize(12).text("web", 50, 50, { link: "https://turnleaf.example/a" });
      doc.text("mail", 50, 80, { link: "mailto:someone@turnleaf.example" });
      doc.text("script", 50, 110, { link: "javascript:alert(1)" });
      doc.text("file", 50, 140, { link: "file:///etc/passwd" });
      doc.text("data", 50, 170, { link: "data:text/html,<b>x</b>" });
    });
    const { page } = await render(await file(bytes, "schemes"));
    expect(page.links.map((link) => link.url)).toEqual([
      "https://turnleaf.example/a",
      "mailto:someone@turnleaf.example",
    ]);
    expect(safeUrl(" JavaScript:alert(1)")).toBeUndefined();
    expect(safeUrl("http://x.example/")).toBe("http://x.example/");

    const rich = await render(await file(await richPdf(), "rich"));
    expect(rich.page.links.find((link) => link.targetSourcePage !== undefined)?.targetSourcePage).toBe(2);
  });

  it("draws AcroForm fields and their values", async () => {
    const bytes = await pdf((doc) => {
      doc.initForm();
      doc.formText("name", 100, 200, 300, 40, { value: "FIELDVALUE", backgroundColor: "#ffff00", fontSize: 20 });
    });
    const { pixels, scale } = await render(await file(bytes, "form"));
    const field = inkBox(pixels, scale, (r, g, b) => r > 220 && g > 220 && b < 60);
    expect(field.x).toBeCloseTo(100, 0);
    expect(field.width).toBeGreaterThan(250);
    // The value is drawn inside the field.
    const value = inkBox(pixels, scale, dark);
    expectInside(value, { x: 100, y: 200, width: 300, height: 40 }, 1);
    expect(value.width).toBeGreaterThan(60);
  });

  it("draws a Type 3 glyph that paints itself in colour in colour, though its text's fill is black", async () => {
    const page = await render(await file(type3ColourPdf(), "type3"));
    expect(page.pixels.channels ?? 4).toBe(4);
    const red = inkBox(page.pixels, page.scale, (r, g, b) => r > 200 && g < 60 && b < 60);
    // The glyph's square: 48 pt at (100, 400) from the bottom left of the 842 pt page.
    expect(red.x).toBeCloseTo(100, 0);
    expect(red.width).toBeCloseTo(48, 0);
    expect(red.y).toBeCloseTo(842 - 400 - 48, 0);
  });

  it("gives a grown heap back once no document is open, and renders on with a fresh PDFium", async () => {
    const path = await file(await oneWord(), "recycle");
    const before = await loadPdfium();
    await render(path);
    const open = await openDocument(new Uint8Array(await readFile(path)), "");
    expect(await recycleIfLarge(0)).toBe(false);
    open.close();
    for (const earlier of written) await releaseDocuments(earlier);
    expect(await recycleIfLarge(0)).toBe(true);
    const { page } = await render(path);
    expect(page.text.map((run) => run.text)).toEqual(["PLACED"]);
    expect(await loadPdfium()).not.toBe(before);
  });

  it("opens a password PDF only with its password", async () => {
    const path = await file(await passwordPdf("open-sesame"), "password");
    const bytes = new Uint8Array(await readFile(path));
    await expect(readPdf(bytes, "", false)).rejects.toMatchObject({ name: "PdfPasswordError" });
    await expect(readPdf(bytes, "wrong", false)).rejects.toMatchObject({ name: "PdfPasswordError" });
    const { page } = await render(path, { password: "open-sesame" });
    expect(page.text.map((run) => run.text).join(" ")).toContain("SECRET PAGE");
    await expect(readPdf(new Uint8Array(Buffer.from("not a pdf")), "", false)).rejects.toMatchObject({
      name: "PdfReadError",
    });
  });

  it("reads the outline with nested entries and their target pages", async () => {
    const info = await readPdf(new Uint8Array(await richPdf()), "", true);
    expect(info.pages).toHaveLength(3);
    expect(info.outline).toEqual([
      { title: "Chapter One", targetSourcePage: 0, children: [] },
      {
        title: "Chapter Two",
        targetSourcePage: 1,
        children: [{ title: "Section 2.1", targetSourcePage: 1, children: [] }],
      },
    ]);
  });

  it("hands a page's pixels back for OCR only when its region holds no text, when asked so", async () => {
    const bytes = await pdf((doc) => {
      doc.fontSize(24).fillColor("#000000").text("Words on the left half", 40, 200, { width: 220 });
      doc.rect(340, 200, 200, 300).fill("#0000ff");
    });
    const path = await file(bytes, "ocr-halves");
    const left: Region = { x: 0, y: 0, width: 297.64, height: 841.89 };
    const right: Region = { x: 297.64, y: 0, width: 297.64, height: 841.89 };
    const withText = await render(path, { region: left, wantPixels: "without-text" });
    expect(withText.page.text.map((run) => run.text).join(" ")).toContain("Words");
    expect(withText.page.pixels).toBeUndefined();
    const withoutText = await render(path, { region: right, wantPixels: "without-text" });
    expect(withoutText.pixels.width).toBeGreaterThan(0);
    // Asked always, the page with text hands its pixels back too.
    expect((await render(path, { region: left, wantPixels: true })).pixels.width).toBeGreaterThan(0);
  });

  it("renders a region (a cut half) and in worker threads encodes only the main rendition (no thumbnail) when the rest is derived on request", async () => {
    const bytes = await pdf((doc) => {
      doc.rect(297.64, 0, 297.64, 841.89).fill("#0000ff");
    });
    const path = await file(bytes, "halves");
    const right: Region = { x: 297.64, y: 0, width: 297.64, height: 841.89 };
    const { pixels } = await render(path, { region: right });
    const centre = (pixels.height / 2) * pixels.width * 4 + (pixels.width / 2) * 4;
    expect([pixels.data[centre], pixels.data[centre + 2]]).toEqual([0, 255]);

    const pool = createRenderPool(1, { deriveOnRequest: true });
    try {
      const left: Region = { x: 0, y: 0, width: 297.64, height: 841.89 };
      const sizes = renditionSizes(left, 1600, 0);
      const page = await pool.render({
        kind: "pdf",
        path,
        password: "",
        pageIndex: 0,
        region: left,
        sizes,
        quality: 75,
        jpegQuality: 85,
        webpEffort: 2,
        watermark: true,
        wantText: false,
        wantLinks: false,
        wantPixels: true,
      });
      expect(sizes.widths).toHaveLength(2);
      expect(page.webp.map((image) => image.width)).toEqual([sizes.width]);
      expect(page.jpg).toBeUndefined();
      expect((await sharp(page.webp[0]?.data).metadata()).height).toBe(1600);
      expect(page.thumb).toBeUndefined();
      const { width, height, data } = page.pixels as PagePixels;
      expect(data.length).toBe(width * height * 4);
      // The trial watermark's red is in the WebP but not in the pixels handed back for OCR; the right half's blue
      // is in neither (at most the antialiased column where the halves meet).
      const colours = (pixels: Uint8Array, channels: number) => {
        let [reddish, bluish] = [0, 0];
        for (let offset = 0; offset < pixels.length; offset += channels) {
          const [r, g, b] = [pixels[offset] ?? 0, pixels[offset + 1] ?? 0, pixels[offset + 2] ?? 0];
          if (r - g > 25 && r - b > 25) reddish++;
          if (blue(r, g, b)) bluish++;
        }
        return { reddish, bluish };
      };
      const webp = await sharp(page.webp[0]?.data).raw().toBuffer({ resolveWithObject: true });
      expect(colours(webp.data, webp.info.channels).reddish).toBeGreaterThan(1000);
      expect(colours(webp.data, webp.info.channels).bluish).toBeLessThanOrEqual(height);
      expect(colours(data, 4)).toEqual({ reddish: 0, bluish: expect.any(Number) });
    } finally {
      await pool.release(path);
      await pool.close();
    }
  });

  it("draws every page of a long document right while it is closed and reopened between pages", async () => {
    // More pages than a document stays open for (page-renderer's pagesPerOpening), all asked for at once.
    const path = await file(await labelledPdf("L", 60), "long");
    const region: Region = { x: 0, y: 0, width: 595.28, height: 841.89 };
    const pages = await Promise.all(
      Array.from({ length: 60 }, (_, pageIndex) =>
        renderPage({
          kind: "pdf",
          path,
          password: "",
          pageIndex,
          region,
          sizes: renditionSizes(region, 400, 0),
          quality: 75,
          jpegQuality: 85,
          webpEffort: 0,
          watermark: false,
          wantText: true,
          wantLinks: false,
        }),
      ),
    );
    expect(pages.map((page) => page.text.map((run) => run.text).join(" "))).toEqual(
      Array.from({ length: 60 }, (_, index) => `PAGE L${index + 1}`),
    );
  });
});
