/**
 * How the PDFium renderer stores a page (PDFs made here with pdfkit): grey text as a 4-bit grey PNG of 16 levels
 * close to what PDFium drew, coloured text and drawings as indexed PNGs, photos as baseline JPEGs, WebP when asked,
 * and each page within the reader's 200 KB. Where it draws and what it reads: pdfium-placement.test.ts.
 */
import { jpegOf, renditionSizes } from "@turnleaf/conversion/render";
import { deriveRendition } from "@turnleaf/gateway/in-process";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { denseChart, photo, ringsAndBars } from "../fixtures/pdf/generate.js";
import { dark, expectIndexedPng, inkBox, oneWord, pdf, pdfFiles, render, rgbaOf } from "./pdfium-fixtures.js";

const { file, releaseAll } = pdfFiles();
const photoBytes = await photo(600, 400, 3);
/** Noise on every pixel at 1131×1600: its JPEG at q75 is past 200 KB. */
const detailedPhoto = await photo(1131, 1600, 4);
const tallPhoto = await photo(1200, 1600, 2);

afterAll(releaseAll);

describe("PDFium renderer: how a page is stored", () => {
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
});
