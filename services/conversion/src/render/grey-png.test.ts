import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { levelStep } from "./grey-levels.js";
import { greyPng } from "./grey-png.js";

/** Grey pixels: blank rows between rows of every grey value (a text page's line gaps and lines). */
function page(width: number, height: number) {
  const grey = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y += 3) for (let x = 0; x < width; x++) grey[y * width + x] = (x * 37 + y * 11) % 256;
  return grey;
}

describe("greyPng", () => {
  it("stores every pixel at its nearest of 16 levels, blank rows and odd widths included", async () => {
    for (const [width, height] of [
      [7, 9],
      [8, 9],
      [1131, 40],
    ] as const) {
      const grey = page(width, height);
      const png = await greyPng(grey, width, height, 3);
      // IHDR: 4 bits a pixel, colour type 0 (grey).
      expect([png[24], png[25]]).toEqual([4, 0]);
      const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([width, height, 1]);
      const expected = grey.map((value) => Math.round(Math.round(value / levelStep) * levelStep));
      expect(Buffer.from(data).equals(Buffer.from(expected))).toBe(true);
    }
  });
});
