import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renditionSizes } from "../domain/renditions.js";
import { encodePage } from "./encode.js";
import { palettePng } from "./palette-png.js";

/** A4 at a longest side of 1600 px: 1131 × 1600. */
const sizes = renditionSizes({ x: 0, y: 0, width: 595.28, height: 841.89 }, 1600, 0);
const options = { sizes, quality: 75, jpegQuality: 85, webpEffort: 2, deriveOnRequest: true };

/** A white page with 4-px squares of `count` random colours on an 8-px grid from the top-left margin. */
function squares(count: number) {
  const { width, height } = sizes;
  const data = new Uint8Array(width * height * 4).fill(255);
  let seed = 1;
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed >>> 24;
  };
  const perRow = Math.floor((width - 120) / 8);
  for (let index = 0; index < count; index++) {
    const left = 60 + (index % perRow) * 8;
    const top = 200 + Math.floor(index / perRow) * 8;
    const colour = [next(), next(), next(), 255];
    for (let y = top; y < top + 4; y++) for (let x = left; x < left + 4; x++) data.set(colour, (y * width + x) * 4);
  }
  return { width, height, data };
}

/** A white page of `colours` colours in vertical stripes `stripe` px wide (a chart's bars when wide, dense when narrow). */
function stripes(colours: number, stripe: number) {
  const { width, height } = sizes;
  const data = new Uint8Array(width * height * 4).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const shade = Math.floor(x / stripe) % colours;
      data.set([(shade * 37) % 256, (shade * 91) % 256, (shade * 53) % 256, 255], (y * width + x) * 4);
    }
  return { width, height, data };
}

/** The zlib level class of a PNG's first IDAT chunk (FLEVEL of its zlib header: 1 fast, 2 default). */
function deflateLevelClass(png: Buffer): number {
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString("latin1", at + 4, at + 8) === "IDAT") return (png[at + 9] as number) >> 6;
    at += 12 + length;
  }
  return -1;
}

describe("encodePage", () => {
  it("writes a chart-like page's indexed PNG at a fast zlib level and a dense one's at the default, every colour kept", async () => {
    for (const [page, levelClass] of [
      [stripes(20, 20), 1],
      [stripes(20, 2), 2],
    ] as const) {
      const encoded = await encodePage(page, { ...options, lossless: true, photo: false });
      const main = Buffer.from(encoded.webp[0]?.data ?? []);
      expect(encoded.webp[0]?.format).toBe("png");
      // IHDR: 8 bits a pixel, colour type 3 (indexed).
      expect([main[24], main[25]]).toEqual([8, 3]);
      expect(deflateLevelClass(main)).toBe(levelClass);
      const stored = await sharp(main).ensureAlpha().raw().toBuffer();
      expect(stored.equals(Buffer.from(page.data))).toBe(true);
    }
  });

  it("stores a paper page of more colours than an indexed PNG holds as an RGB(A) PNG when it fits, pixel for pixel", async () => {
    // 7,000 squares: too many colours for 256 palette entries, too many colour changes for the small-PNG rule.
    const page = squares(7_000);
    expect(await palettePng(page, 6)).toBeUndefined();
    const encoded = await encodePage(page, { ...options, lossless: true, photo: false });
    const main = Buffer.from(encoded.webp[0]?.data ?? []);
    expect(encoded.webp[0]?.format).toBe("png");
    // IHDR: 8 bits a channel, colour type 6 (RGBA: the drawn pixels' opaque alpha kept, encode.ts).
    expect([main[24], main[25]]).toEqual([8, 6]);
    expect(main.length).toBeLessThanOrEqual(200 * 1024);
    const stored = await sharp(main).raw().toBuffer();
    expect(stored.equals(Buffer.from(page.data))).toBe(true);
  });

  it("encodes a photo page drawn as RGB to its JPEG, and its thumbnail as a JPEG", async () => {
    const page = squares(7_000);
    const rgb = new Uint8Array(page.width * page.height * 3);
    for (let pixel = 0; pixel < page.width * page.height; pixel++)
      rgb.set(page.data.subarray(pixel * 4, pixel * 4 + 3), pixel * 3);
    const pixels = { width: page.width, height: page.height, data: rgb, channels: 3 as const };
    // The indexed PNG reads RGBA words only.
    expect(await palettePng(pixels, 6)).toBeUndefined();
    const encoded = await encodePage(pixels, { ...options, deriveOnRequest: false, lossless: false, photo: true });
    expect(encoded.webp[0]?.format).toBe("jpg");
    expect(await sharp(Buffer.from(encoded.webp[0]?.data ?? [])).metadata()).toMatchObject({
      format: "jpeg",
      width: sizes.width,
      height: sizes.height,
    });
    expect(encoded.thumb?.format).toBe("jpg");
    expect(await sharp(Buffer.from(encoded.thumb?.data ?? [])).metadata()).toMatchObject({
      format: "jpeg",
      width: 200,
    });
    // A JPEG page is its own fallback.
    expect(encoded.jpg).toBeUndefined();
    // Deriving on request (the service), the page's JPEG alone.
    const alone = await encodePage(pixels, { ...options, lossless: false, photo: true });
    expect(alone.webp.map((image) => image.format)).toEqual(["jpg"]);
    expect(alone.thumb).toBeUndefined();
  });
});
