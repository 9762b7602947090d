/**
 * A grey page as a 4-bit greyscale PNG (colour type 0, no palette) of its 16 levels, written here with node's zlib:
 * libvips reaches 4-bit PNG only through its quantiser (libimagequant, ~100 ms a 1131×1600 page in
 * npm run bench:profile-convert), while bringing two pixels to their levels and packing them into a byte is one
 * table lookup, and deflating the result a few ms.
 */
import { levelIndex } from "./grey-levels.js";
import { pngFile } from "./png-file.js";

/** Two grey pixels (first << 8 | second) to one byte of two 4-bit levels. */
const packedPair = (() => {
  const table = new Uint8Array(65_536);
  for (let first = 0; first < 256; first++)
    for (let second = 0; second < 256; second++)
      table[(first << 8) | second] = ((levelIndex[first] as number) << 4) | (levelIndex[second] as number);
  return table;
})();

/** Two white pixels' byte. */
const whitePair = packedPair[0xffff] as number;
/** A row of white grey pixels, the widest page's so far: blank rows (margins, line gaps) are compared against it. */
let whiteRow = Buffer.alloc(0);

/**
 * `grey`: one byte a pixel (0-255, rows without padding), stored as the nearest of 16 levels. A blank row is
 * filled at once: packing bench:convert's text pages at 1131×1600 took 2.45 → 1.8 ms a page (measured 2026-11-26).
 */
export function greyPng(grey: Uint8Array, width: number, height: number, level = 1): Promise<Buffer> {
  const rowBytes = Math.ceil(width / 2);
  const pairs = width >> 1;
  const raw = new Uint8Array((rowBytes + 1) * height);
  if (whiteRow.length < width) whiteRow = Buffer.alloc(width, 255);
  const source = Buffer.from(grey.buffer, grey.byteOffset, grey.byteLength);
  for (let y = 0, at = 0, from = 0; y < height; y++) {
    raw[at++] = 0; // filter: none (text rows deflate well as they are)
    if (source.compare(whiteRow, 0, width, from, from + width) === 0) {
      raw.fill(whitePair, at, at + pairs);
      at += pairs;
      from += pairs * 2;
    } else {
      for (let pair = 0; pair < pairs; pair++, from += 2)
        raw[at++] = packedPair[((grey[from] as number) << 8) | (grey[from + 1] as number)] as number;
    }
    if (width % 2) raw[at++] = ((levelIndex[grey[from++] as number] as number) << 4) as number;
  }
  return pngFile({ width, height, bitDepth: 4, colourType: 0 }, raw, level);
}
