import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { palettePng } from "./palette-png.js";

/** RGBA pixels of `width` × `height` from a colour a pixel ([r, g, b]). */
function pixels(width: number, height: number, colourAt: (x: number, y: number) => number[]) {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set([...colourAt(x, y), 255], (y * width + x) * 4);
  return { width, height, data };
}

async function decoded(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("palettePng", () => {
  it("packs a page of up to 16 colours four bits a pixel, odd widths included, every colour exact", async () => {
    const flat = [
      [255, 255, 255],
      [26, 77, 143],
      [220, 57, 18],
    ];
    const page = pixels(7, 5, (x, y) => flat[(x + y) % 3] as number[]);
    const png = (await palettePng(page, 6)) as Buffer;
    expect([png[24], png[25]]).toEqual([4, 3]);
    const image = await decoded(png);
    expect([image.width, image.height]).toEqual([7, 5]);
    for (let pixel = 0; pixel < 35; pixel++)
      expect([...image.data.subarray(pixel * 3, pixel * 3 + 3)]).toEqual([
        ...page.data.subarray(pixel * 4, pixel * 4 + 3),
      ]);
  });

  it("keeps frequent colours exact and brings rare ones (antialiased edges) to 16 levels a channel", async () => {
    // A flat brand colour filling most of the page, and 40 shades each on one pixel.
    const page = pixels(200, 100, (x, y) => (y === 0 && x < 40 ? [x * 6, 100, (x * 37) % 256] : [26, 77, 143]));
    const png = (await palettePng(page, 6)) as Buffer;
    // More than 16 entries: one byte a pixel.
    expect([png[24], png[25]]).toEqual([8, 3]);
    const image = await decoded(png);
    expect([...image.data.subarray(3 * 260, 3 * 261)]).toEqual([26, 77, 143]);
    for (let x = 0; x < 40; x++) {
      const stored = [...image.data.subarray(x * 3, x * 3 + 3)];
      const drawn = [x * 6, 100, (x * 37) % 256];
      for (const [channel, value] of stored.entries())
        expect(Math.abs(value - (drawn[channel] as number))).toBeLessThanOrEqual(8);
      for (const value of stored) expect(value % 17).toBe(0);
    }
  });

  it("answers nothing for a page of more colours than 256 entries hold", async () => {
    // Every pixel another colour of the 16-level grid: 4096 of them, none frequent.
    const page = pixels(64, 64, (x, y) => [(x % 16) * 17, (y % 16) * 17, (((x >> 4) << 2) | (y >> 4)) * 17]);
    expect(await palettePng(page, 6)).toBeUndefined();
  });
});
