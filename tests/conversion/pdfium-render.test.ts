/**
 * The PDFium renderer on PDFs made here with pdfkit: text boxes and link hotspots sit where PDFium draws their
 * ink (also on a page turned by /Rotate), form fields are drawn, passwords, the outline and unsafe links.
 */
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createRenderPool,
  jpegOf,
  loadPdfium,
  openDocument,
  type PagePixels,
  type PdfPageTask,
  type Region,
  readPdf,
  recycleIfLarge,
  releaseDocuments,
  renderPage,
  renditionSizes,
  safeUrl,
} from "@turnleaf/conversion/render";
import { deriveRendition } from "@turnleaf/gateway/in-process";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  denseChart,
  labelledPdf,
  passwordPdf,
  photo,
  richPdf,
  ringsAndBars,
  type3ColourPdf,
} from "../fixtures/pdf/generate.js";

type Doc = PDFKit.PDFDocument & {
  link(x: number, y: number, width: number, height: number, url: string): Doc;
  initForm(): Doc;
  formText(name: string, x: number, y: number, width: number, height: number, options?: object): Doc;
};

async function pdf(draw: (doc: Doc) => void, options: Record<string, unknown> = {}): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: false, ...options }) as Doc;
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.addPage({ size: [595.28, 841.89], margin: 0 });
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The same file with every page turned a quarter clockwise (/Rotate 90; PDFium repairs the shifted offsets). */
const rotated = (bytes: Buffer) =>
  Buffer.from(bytes.toString("latin1").replace(/\/Type \/Page\n/g, "/Type /Page\n/Rotate 90\n"), "latin1");

const written: string[] = [];
const photoBytes = await photo(600, 400, 3);
/** Noise on every pixel at 1131×1600: its JPEG at q75 is past 200 KB. */
const detailedPhoto = await photo(1131, 1600, 4);
const tallPhoto = await photo(1200, 1600, 2);
async function file(bytes: Buffer, name: string): Promise<string> {
  const path = join(tmpdir(), `turnleaf-pdfium-${process.pid}-${name}.pdf`);
  await writeFile(path, bytes);
  written.push(path);
  return path;
}

afterAll(async () => {
  for (const path of written) await releaseDocuments(path);
});

async function render(path: string, options: Partial<PdfPageTask> & { password?: string } = {}) {
  const info = await readPdf(new Uint8Array(await readFile(path)), options.password ?? "", true);
  const size = info.pages[0] as { width: number; height: number };
  const region: Region = options.region ?? { x: 0, y: 0, width: size.width, height: size.height };
  const sizes = renditionSizes(region, 1200, 0);
  const page = await renderPage({
    kind: "pdf",
    path,
    password: "",
    pageIndex: 0,
    region,
    sizes,
    quality: 75,
    jpegQuality: 85,
    webpEffort: 0,
    watermark: false,
    wantText: true,
    wantLinks: true,
    wantPixels: true,
    ...options,
  });
  return { info, page, scale: sizes.scale, pixels: page.pixels as PagePixels };
}

/** The box (in points of the rendered region) around the pixels `matches` picks. */
function inkBox(pixels: PagePixels, scale: number, matches: (r: number, g: number, b: number) => boolean) {
  let [left, top, right, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  // Pages without colour come back grey (one byte a pixel), the others RGBA.
  const channels = pixels.channels ?? 4;
  const green = channels === 1 ? 0 : 1;
  const blue = channels === 1 ? 0 : 2;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const offset = (y * pixels.width + x) * channels;
      const data = pixels.data;
      if (!matches(data[offset] ?? 0, data[offset + green] ?? 0, data[offset + blue] ?? 0)) continue;
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x + 1);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return { x: left / scale, y: top / scale, width: (right - left) / scale, height: (bottom - top) / scale };
}

/**
 * The main rendition is an indexed PNG showing what PDFium drew: every pixel within half of 16 levels a channel,
 * and `exact` (a flat colour of the page) kept exactly.
 */
async function expectIndexedPng(
  image: { data: Uint8Array; format?: string } | undefined,
  drawn: PagePixels,
  exact: number[],
) {
  expect(image?.format).toBe("png");
  const png = Buffer.from(image?.data ?? []);
  expect(png[25]).toBe(3);
  expect(png.includes(Buffer.from("PLTE"))).toBe(true);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.width).toBe(drawn.width);
  let worst = 0;
  let exactPixels = 0;
  let exactMoved = 0;
  for (let pixel = 0; pixel < drawn.width * drawn.height; pixel++) {
    const rgb = [0, 1, 2].map((channel) => drawn.data[pixel * 4 + channel] as number);
    for (const [channel, value] of rgb.entries())
      worst = Math.max(worst, Math.abs(value - (data[pixel * 3 + channel] as number)));
    if (!rgb.every((value, channel) => value === exact[channel])) continue;
    exactPixels++;
    if (rgb.some((value, channel) => value !== data[pixel * 3 + channel])) exactMoved++;
  }
  expect(exactPixels).toBeGreaterThan(100);
  expect(exactMoved).toBe(0);
  expect(worst).toBeLessThanOrEqual(8);
}

/** Decoded pixels of `channels` a pixel as RGBA (inkBox reads RGBA). */
function rgbaOf(data: Buffer, channels: number): Uint8Array {
  const rgba = new Uint8Array((data.length / channels) * 4);
  for (let index = 0; index < data.length / channels; index++)
    for (let channel = 0; channel < 3; channel++)
      rgba[index * 4 + channel] = data[index * channels + Math.min(channel, channels - 1)] ?? 0;
  return rgba;
}

const dark = (r: number, g: number, b: number) => r < 110 && g < 110 && b < 110;
const blue = (r: number, g: number, b: number) => b > 180 && r < 90 && g < 90;

function expectInside(inner: Box, outer: Box, slack: number) {
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - slack);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y - slack);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + slack);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + slack);
}

type Box = { x: number; y: number; width: number; height: number };

const oneWord = () =>
  pdf((doc) => {
    doc.fontSize(40).fillColor("#000000").text("PLACED", 120, 300, { lineBreak: false });
  });

const blueLink = () =>
  pdf((doc) => {
    doc.rect(100, 400, 180, 40).fill("#0000ff");
    doc.link(100, 400, 180, 40, "https://turnleaf.example/here");
  });

describe("PDFium renderer", () => {
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

  it("draws grey text in grey and stores it as a 4-bit grey PNG (16-level lossless WebP when asked), coloured text and big coloured drawings as an indexed PNG (WebP when asked), photos as baseline JPEG", async () => {
    const webpKind = (data: Uint8Array | undefined) =>
      Buffer.from(data ?? [])
        .subarray(12, 16)
        .toString("latin1");
    const greyText = await file(await oneWord(), "lossless");
    // By default the conversion's CPU comes first: the page is drawn in grey, one byte a pixel, and packed two
    // pixels a byte into a PNG.
    const text = await render(greyText);
    expect(text.pixels.channels).toBe(1);
    expect(text.pixels.data.length).toBe(text.pixels.width * text.pixels.height);
    const png = Buffer.from(text.page.webp[0]?.data ?? []);
    expect(text.page.webp[0]?.format).toBe("png");
    // IHDR: bit depth 4, colour type 0 (grey, no palette: no quantiser ran).
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png[24], png[25]]).toEqual([4, 0]);
    expect(png.includes(Buffer.from("PLTE"))).toBe(false);
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: text.pixels.width, channels: 1 });
    // Readers' bytes first: one grey channel of 16 levels, lossless WebP.
    const asked = await render(greyText, { paperPages: "webp" });
    expect(asked.page.webp[0]?.format).toBeUndefined();
    expect(webpKind(asked.page.webp[0]?.data)).toBe("VP8L");
    const blue = await pdf((doc) => {
      doc.fontSize(40).fillColor("#0000ff").text("BLUE", 120, 300, { lineBreak: false });
    });
    const colouredText = await file(blue, "coloured-text");
    const coloured = await render(colouredText);
    // A coloured fill is read from the page's objects before drawing: drawn in colour. So little ink makes a small
    // RGBA PNG (colour type 6, the drawn alpha opaque), every pixel as drawn; lossless WebP when asked.
    expect(coloured.pixels.channels ?? 4).toBe(4);
    const rgbPng = Buffer.from(coloured.page.webp[0]?.data ?? []);
    expect(coloured.page.webp[0]?.format).toBe("png");
    expect([rgbPng[24], rgbPng[25]]).toEqual([8, 6]);
    const { data: storedRgb } = await sharp(rgbPng).raw().toBuffer({ resolveWithObject: true });
    expect(storedRgb.equals(Buffer.from(coloured.pixels.data))).toBe(true);
    expect(coloured.pixels.data.every((value, index) => index % 4 !== 3 || value === 255)).toBe(true);
    const colouredWebp = await render(colouredText, { paperPages: "webp" });
    expect(colouredWebp.page.webp[0]?.format).toBeUndefined();
    expect(webpKind(colouredWebp.page.webp[0]?.data)).toBe("VP8L");
    // A dense text page with a coloured heading: an indexed PNG (colour type 3), its heading's blue exact, every
    // antialiased edge within half of 16 levels (an RGB PNG would be past 200 KB, lossless WebP 3-4× the CPU).
    const headed = await render(
      await file(
        await pdf((doc) => {
          doc.fontSize(48).fillColor("#1a4d8f").text("Chapter One", 50, 40);
          doc.fontSize(9).fillColor("#222222");
          for (let line = 0; line < 70; line++)
            doc.text("words that fill a dense page of text ".repeat(3), 50, 90 + line * 10.5);
        }),
        "headed-text",
      ),
      { sizes: renditionSizes({ x: 0, y: 0, width: 595.28, height: 841.89 }, 1600, 0) },
    );
    await expectIndexedPng(headed.page.webp[0], headed.pixels, [0x1a, 0x4d, 0x8f]);
    // Its lighter width, derived by the gateway on first request: lossless at 16 levels a channel, and lighter
    // than the page itself (resampled shades kept one by one made it larger).
    const headedPng = Buffer.from(headed.page.webp[0]?.data ?? []);
    const lighterHeaded = await deriveRendition(headedPng, { width: 679, format: "webp" });
    expect(webpKind(lighterHeaded)).toBe("VP8L");
    expect(lighterHeaded.length).toBeLessThan(headedPng.length);
    const lighterPixels = await sharp(lighterHeaded).raw().toBuffer();
    expect(lighterPixels.every((value) => value % 17 === 0)).toBe(true);
    // The same width written by the job itself (offline books write every width): 16 levels a channel too, lighter
    // than the page. So is a dense grey text page's.
    const dense = await render(
      await file(
        await pdf((doc) => {
          doc.fontSize(9).fillColor("#222222");
          for (let line = 0; line < 74; line++)
            doc.text("words that fill a dense page of text ".repeat(3), 50, 50 + line * 10.5);
        }),
        "dense-grey-text",
      ),
      { sizes: renditionSizes({ x: 0, y: 0, width: 595.28, height: 841.89 }, 1600, 0) },
    );
    expect(dense.page.webp[0]?.format).toBe("png");
    for (const written of [headed, dense]) {
      const [main, lighter] = written.page.webp;
      expect(lighter?.width).toBe(679);
      expect(webpKind(lighter?.data)).toBe("VP8L");
      expect(lighter?.data.length).toBeLessThan(main?.data.length ?? 0);
      const values = await sharp(Buffer.from(lighter?.data ?? []))
        .raw()
        .toBuffer();
      expect(values.every((value) => value % 17 === 0)).toBe(true);
    }
    const pictured = await pdf((doc) => {
      doc.image(photoBytes, 50, 50, { fit: [400, 400] });
    });
    const picture = await render(await file(pictured, "lossy"));
    const jpeg = Buffer.from(picture.page.webp[0]?.data ?? []);
    expect(picture.page.webp[0]?.format).toBe("jpg");
    expect(await sharp(jpeg).metadata()).toMatchObject({
      format: "jpeg",
      isProgressive: false,
      chromaSubsampling: "4:2:0",
      width: picture.pixels.width,
    });
    // Baseline (SOF0), and the main JPEG is the fallback itself: no second JPEG is encoded.
    expect(jpeg.includes(Buffer.from([0xff, 0xc0]))).toBe(true);
    expect(picture.page.jpg).toBeUndefined();
    // Drawn in RGB order (FPDF_REVERSE_BYTE_ORDER): the photo's red grows to the right, its green downwards, its blue
    // in between (fixtures' photo()); PDFium's own BGR order would swap red and blue.
    expect(picture.pixels.channels ?? 4).toBe(4);
    const decoded = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const colourAt = (x: number, y: number) => {
      const offset = (Math.round(y * picture.scale) * decoded.info.width + Math.round(x * picture.scale)) * 3;
      return [...decoded.data.subarray(offset, offset + 3)] as [number, number, number];
    };
    // The photo spans x 50-450 and y 50-317 points; its values pass 255 (and wrap) near the right and bottom edges.
    const [rightRed, rightGreen, rightBlue] = colourAt(350, 60);
    expect(rightRed).toBeGreaterThan(170);
    expect(rightGreen).toBeLessThan(60);
    expect(rightBlue).toBeGreaterThan(rightGreen + 40);
    expect(rightBlue).toBeLessThan(rightRed - 40);
    const [lowerRed, lowerGreen] = colourAt(60, 250);
    expect(lowerRed).toBeLessThan(60);
    expect(lowerGreen).toBeGreaterThan(170);
    // Big coloured drawings: an indexed PNG too (their flat colours exact), where lossy WebP took 4-5× the CPU.
    const drawn = await pdf((doc) => ringsAndBars(doc, { ...denseChart, centre: [300, 330], barHeight: () => 200 }));
    const drawing = await render(await file(drawn, "drawing"));
    await expectIndexedPng(drawing.page.webp[0], drawing.pixels, [0x10, 0x96, 0x18]);
    // Readers' bytes first: lossy WebP as before.
    const drawingWebp = await render(await file(drawn, "drawing"), { paperPages: "webp" });
    expect(webpKind(drawingWebp.page.webp[0]?.data)).toBe("VP8 ");
  });

  it("keeps a dense coloured drawing within the reader's 200 KB a page by encoding it again, lighter", async () => {
    // Hundreds of small shapes in random colours: lossy WebP at the page's quality is past 200 KB at 1600 px.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const hex = () =>
      `#${Math.floor(random() * 0xffffff)
        .toString(16)
        .padStart(6, "0")}`;
    const dense = await pdf((doc) => {
      for (let shape = 0; shape < 6000; shape++)
        doc.rect(random() * 580, random() * 830, 2 + random() * 9, 2 + random() * 9).fill(hex());
    });
    const path = await file(dense, "dense-drawing");
    const region = { x: 0, y: 0, width: 595.28, height: 841.89 };
    const drawing = await render(path, { region, sizes: renditionSizes(region, 1600, 0), webpEffort: 2 });
    const first = await sharp(drawing.pixels.data, {
      raw: { width: drawing.pixels.width, height: drawing.pixels.height, channels: 4 },
    })
      .removeAlpha()
      .webp({ quality: 75, effort: 2, smartSubsample: false })
      .toBuffer();
    expect(first.length).toBeGreaterThan(200 * 1024);
    const stored = Buffer.from(drawing.page.webp[0]?.data ?? []);
    expect(stored.subarray(12, 16).toString("latin1")).toBe("VP8 ");
    expect(stored.length).toBeLessThanOrEqual(200 * 1024);
    expect((await sharp(stored).metadata()).width).toBe(drawing.pixels.width);
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

  it("keeps a photo page within the reader's 200 KB as a JPEG: just past it one quality step down, far past it lighter", async () => {
    const fullPage = await pdf((doc) => {
      doc.image(detailedPhoto, 0, 0, { width: 595.28, height: 841.89 });
    });
    const region = { x: 0, y: 0, width: 595.28, height: 841.89 };
    const page = await render(await file(fullPage, "detailed-photo"), {
      region,
      sizes: renditionSizes(region, 1600, 0),
    });
    // The first step down (quality 70 of 75) would not bring it within the budget: stored lighter, within it.
    expect(jpegOf(page.pixels, 70).length).toBeGreaterThan(200 * 1024);
    const stored = Buffer.from(page.page.webp[0]?.data ?? []);
    expect(page.page.webp[0]?.format).toBe("jpg");
    expect(stored.length).toBeLessThanOrEqual(200 * 1024);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "jpeg", width: page.pixels.width });
    // A photo whose JPEG at quality 75 is just past the budget is stored one step down, at 70.
    const justPast = await render(
      await file(
        await pdf((doc) => {
          doc.image(tallPhoto, 30, 30, { fit: [535, 780] });
        }),
        "photo-just-past",
      ),
      { region, sizes: renditionSizes(region, 1600, 0) },
    );
    expect(jpegOf(justPast.pixels, 75).length).toBeGreaterThan(200 * 1024);
    const stepDown = jpegOf(justPast.pixels, 70);
    expect(stepDown.length).toBeLessThanOrEqual(200 * 1024);
    expect(Buffer.from(justPast.page.webp[0]?.data ?? []).equals(stepDown)).toBe(true);
  });

  it("stores a page without colour as 16 grey levels close to what PDFium drew, and keeps a coloured word's colour", async () => {
    const decoded = async (data: Uint8Array | undefined) =>
      sharp(data).toColourspace("srgb").removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const grey = await render(await file(await oneWord(), "grey"));
    const page = await decoded(grey.page.webp[0]?.data);
    expect(page.info.width).toBe(grey.pixels.width);
    let worst = 0;
    const levels = new Set<number>();
    for (let index = 0; index < grey.pixels.width * grey.pixels.height; index++) {
      const drawn = grey.pixels.data[index * (grey.pixels.channels ?? 4)] ?? 0;
      const stored = page.data[index * page.info.channels] ?? 0;
      levels.add(stored);
      worst = Math.max(worst, Math.abs(drawn - stored));
    }
    // The antialiased edges survive (more than black and white), each pixel within half a level of the drawing.
    expect(levels.size).toBeGreaterThan(4);
    expect(levels.size).toBeLessThanOrEqual(16);
    expect(worst).toBeLessThanOrEqual(10);
    // What the gateway derives on first request from this main PNG: the lighter width stays lossless, and the
    // JPEG fallback shows the same ink.
    const lighter = await deriveRendition(Buffer.from(grey.page.webp[0]?.data ?? []), { width: 480, format: "webp" });
    expect(lighter.subarray(12, 16).toString("latin1")).toBe("VP8L");
    expect((await sharp(lighter).metadata()).width).toBe(480);
    const jpeg = await decoded(
      await deriveRendition(Buffer.from(grey.page.webp[0]?.data ?? []), { width: grey.pixels.width, format: "jpg" }),
    );
    const darkInJpeg = inkBox(
      { width: jpeg.info.width, height: jpeg.info.height, data: rgbaOf(jpeg.data, jpeg.info.channels) },
      grey.scale,
      dark,
    );
    const darkDrawn = inkBox(grey.pixels, grey.scale, dark);
    expect(Math.abs(darkInJpeg.x - darkDrawn.x)).toBeLessThan(2);
    expect(Math.abs(darkInJpeg.width - darkDrawn.width)).toBeLessThan(2);

    const coloured = await pdf((doc) => {
      doc.fontSize(40).fillColor("#000000").text("PLACED", 120, 300, { lineBreak: false });
      doc.fontSize(12).fillColor("#0000ff").text("a blue link", 120, 400, { lineBreak: false });
    });
    const mixed = await render(await file(coloured, "blue-word"));
    const stored = await decoded(mixed.page.webp[0]?.data);
    expect(
      inkBox(
        { width: stored.info.width, height: stored.info.height, data: rgbaOf(stored.data, stored.info.channels) },
        mixed.scale,
        (r, g, b) => b > 150 && r < 100 && g < 100,
      ).width,
    ).toBeGreaterThan(40);
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
