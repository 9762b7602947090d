/**
 * Pages without colour (black text, grey drawings) encode as one channel of 16 grey levels: lossless WebP then
 * packs two pixels a byte and costs about half the CPU of the RGB page at effort 0 (npm run bench:profile-convert:
 * 33-46 ms against 79-88 ms on text pages, 17-46 KB against 19-44 KB). 16 levels keep text's antialiasing (an
 * error of at most 8/255 a pixel, invisible at any zoom); a page with one coloured pixel keeps its colours.
 */
import type { Pixels } from "./raster.js";

/** Channels further apart than this make a pixel coloured (antialiasing on white stays well under). */
const colourTolerance = 6;
/** Grey levels kept: 16 lets lossless WebP bundle two pixels a byte. */
export const greyLevels = 16;

/** One channel of 16 levels when every pixel of the RGBA is grey, else undefined (stops at the first colour). */
/** An opaque white pixel read as one 32-bit word. */
const white = 0xffffffff;

/** Luma 0-255 to the nearest of the 16 levels. */
const nearestLevel = Uint8Array.from({ length: 256 }, (_, luma) => {
  const step = 255 / (greyLevels - 1);
  return Math.round(Math.round(luma / step) * step);
});

export function greyPlane(pixels: Pixels): Uint8Array | undefined {
  const { data } = pixels;
  const count = pixels.width * pixels.height;
  const plane = new Uint8Array(count).fill(255);
  // A page is mostly white paper: one 32-bit compare skips each white pixel (RGBA bytes, any byte order).
  const words = data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, count) : undefined;
  for (let index = 0, offset = 0; index < count; index++, offset += 4) {
    if (words && words[index] === white) continue;
    const red = data[offset] as number;
    const green = data[offset + 1] as number;
    const blue = data[offset + 2] as number;
    if (Math.max(red, green, blue) - Math.min(red, green, blue) > colourTolerance) return undefined;
    plane[index] = nearestLevel[(red * 77 + green * 150 + blue * 29) >> 8] as number;
  }
  return plane;
}
