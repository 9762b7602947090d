/**
 * Pages without colour (black text, grey drawings) are stored as one channel of 16 grey levels: a 4-bit grey PNG
 * packs two pixels a byte (grey-png.ts), lossless WebP bundles two pixels a byte too. 16 levels keep text's
 * antialiasing (an error of at most 8/255 a pixel, invisible at any zoom). PDFium draws such pages in grey
 * (raster.ts); a page drawn in RGBA that turns out to have no coloured pixel is read down to one channel here.
 */
import type { Pixels } from "./raster.js";

/** Channels further apart than this make a pixel coloured (antialiasing on white stays well under). */
const colourTolerance = 6;
/** Grey levels kept: 16 lets lossless WebP bundle two pixels a byte. */
export const greyLevels = 16;

/** An opaque white pixel, or four white grey pixels, read as one 32-bit word. */
const white = 0xffffffff;

/** The distance between two of the 16 levels (17). */
export const levelStep = 255 / (greyLevels - 1);
/** Grey 0-255 to the index (0-15) of the nearest of the 16 levels. */
export const levelIndex = Uint8Array.from({ length: 256 }, (_, grey) => Math.round(grey / levelStep));
/** Grey 0-255 to the nearest of the 16 levels, 0-255. */
const nearestLevel = Uint8Array.from(levelIndex, (index) => Math.round(index * levelStep));

/** Whether the RGBA pixel at a byte offset is coloured (its channels further apart than colourTolerance). */
function coloured(data: Uint8Array, offset: number): boolean {
  const red = data[offset] as number;
  const green = data[offset + 1] as number;
  const blue = data[offset + 2] as number;
  return Math.max(red, green, blue) - Math.min(red, green, blue) > colourTolerance;
}

/**
 * Pixels looked at before a page is read whole: a coloured one among them answers at once. A slide's coloured
 * text box sat low enough that reading up to it cost 1.2 ms of 1600×900 (measured 2026-11-26); the sample, ~0.1 ms.
 */
const colourSamples = 30_000;

/** The RGBA page as one grey channel of 0-255 when every pixel is grey, else undefined (stops at the first colour). */
export function greyPlane(pixels: Pixels): Uint8Array | undefined {
  if (pixels.channels === 1) return pixels.data;
  const { data } = pixels;
  const count = pixels.width * pixels.height;
  const step = Math.floor(count / colourSamples) + 1;
  for (let index = 0; index < count; index += step) if (coloured(data, index * 4)) return undefined;
  const plane = new Uint8Array(count).fill(255);
  // A page is mostly white paper: one 32-bit compare skips each white pixel (RGBA bytes, any byte order).
  const words = data.byteOffset % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset, count) : undefined;
  for (let index = 0, offset = 0; index < count; index++, offset += 4) {
    if (words && words[index] === white) continue;
    if (coloured(data, offset)) return undefined;
    plane[index] =
      ((data[offset] as number) * 77 + (data[offset + 1] as number) * 150 + (data[offset + 2] as number) * 29) >> 8;
  }
  return plane;
}

/** A grey channel brought to the 16 levels (for encoders that keep every value they get, like lossless WebP). */
export function sixteenLevels(grey: Uint8Array): Uint8Array {
  const levels = new Uint8Array(grey.length).fill(255);
  const words = grey.byteOffset % 4 === 0 ? new Uint32Array(grey.buffer, grey.byteOffset, grey.length >> 2) : undefined;
  let index = 0;
  if (words)
    for (let word = 0; word < words.length; word++, index += 4) {
      if (words[word] === white) continue;
      for (let at = index; at < index + 4; at++) levels[at] = nearestLevel[grey[at] as number] as number;
    }
  for (; index < grey.length; index++) levels[index] = nearestLevel[grey[index] as number] as number;
  return levels;
}
