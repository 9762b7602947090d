/**
 * A coloured page without pictures (charts, text with a coloured heading, dense drawings) as an indexed PNG of at
 * most 256 colours, written here: the page's frequent colours (flat fills, solid ink) keep their exact value, every
 * other pixel (the antialiased edges) the nearest of 16 levels a channel, as grey pages keep theirs (an error of at
 * most 8/255, see grey-levels.ts). Measured 2026-11-26 at 1131×1600, against the RGB PNG and lossless WebP: a chart
 * page 47 KB in ~12 ms (139 KB; 56 KB in ~90 ms), a dense text page with a coloured heading 153 KB in ~25 ms (514 KB;
 * 14 KB in ~90 ms), a dense drawing 148 KB in ~23 ms (442 KB; lossy WebP 180 KB in ~130 ms). A page whose colours do
 * not fit 256 entries answers undefined.
 */
import { levelIndex, levelStep } from "./grey-levels.js";
import { pngFile } from "./png-file.js";
import type { Pixels } from "./raster.js";

/** A colour is frequent from this share of the sampled pixels (a heading, a bar, a slide's box). */
const frequentShare = 0.001;
/** Exact colours kept at most: the rest of the 256 entries are for the 16-level edges. */
const maxExactColours = 64;

/** The page's frequent colours (RGBA words), from about 30 000 pixels on a stride that does not line up with rows. */
function frequentColours(words: Int32Array): number[] {
  const counts = new Map<number, number>();
  const step = Math.max(1, Math.floor(words.length / 30_000)) + 1;
  let samples = 0;
  for (let index = 0; index < words.length; index += step, samples++) {
    const word = words[index] as number;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= samples * frequentShare)
    .sort((a, b) => b[1] - a[1])
    .slice(0, maxExactColours)
    .map(([word]) => word);
}

/**
 * RGBA pixels (drawn on white, opaque) as an indexed PNG at zlib `level`, or undefined past 256 colours (and for
 * grey or RGB pixels, which it does not read).
 */
export async function palettePng(pixels: Pixels, level: number): Promise<Buffer | undefined> {
  if ((pixels.channels ?? 4) !== 4) return undefined;
  const { width, height } = pixels;
  const count = width * height;
  const data = pixels.data.byteOffset % 4 === 0 ? pixels.data : pixels.data.slice();
  // Signed words: an opaque pixel's word stays a small integer for V8 (unsigned, it would be a heap number).
  const words = new Int32Array(data.buffer, data.byteOffset, count);
  const palette = new Uint8Array(256 * 3);
  let size = 0;
  const add = (red: number, green: number, blue: number): number => {
    if (size === 256) return -1;
    palette[size * 3] = red;
    palette[size * 3 + 1] = green;
    palette[size * 3 + 2] = blue;
    return size++;
  };
  // Each pixel's 16 levels a channel (red << 8 | green << 4 | blue) pick its entry: the exact colour that has
  // this key when the pixel is that colour, else the key's edge entry (-1 until first seen).
  // 0 (transparent black) is no pixel of an opaque page: no exact colour.
  const exactWord = new Int32Array(4096);
  const exactIndex = new Int16Array(4096).fill(-1);
  const edges = new Int16Array(4096).fill(-1);
  const keyOf = (word: number) =>
    ((levelIndex[word & 255] as number) << 8) |
    ((levelIndex[(word >>> 8) & 255] as number) << 4) |
    (levelIndex[(word >>> 16) & 255] as number);
  for (const word of frequentColours(words)) {
    const key = keyOf(word);
    // Two frequent colours of one key: the first (the more frequent) stays exact, the other goes by its levels.
    if (exactIndex[key] !== -1) continue;
    exactWord[key] = word;
    exactIndex[key] = add(word & 255, (word >>> 8) & 255, (word >>> 16) & 255);
  }
  // Rows of one index byte a pixel, each led by its filter byte (0: none), packed to 4 bits below when ≤ 16 entries.
  const rows = new Uint8Array((width + 1) * height);
  let lastWord = 0;
  let lastIndex = 0;
  for (let y = 0, at = 0, pixel = 0; y < height; y++) {
    at++;
    for (let x = 0; x < width; x++, pixel++, at++) {
      const word = words[pixel] as number;
      if (word === lastWord) {
        rows[at] = lastIndex;
        continue;
      }
      const key = keyOf(word);
      let index = exactWord[key] === word ? (exactIndex[key] as number) : (edges[key] as number);
      if (index < 0) {
        index = add(((key >> 8) & 15) * levelStep, ((key >> 4) & 15) * levelStep, (key & 15) * levelStep);
        if (index < 0) return undefined;
        edges[key] = index;
      }
      rows[at] = index;
      lastWord = word;
      lastIndex = index;
    }
  }
  if (size > 16)
    return pngFile({ width, height, bitDepth: 8, colourType: 3 }, rows, level, palette.subarray(0, size * 3));
  const rowBytes = Math.ceil(width / 2);
  const packed = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0, at = 0; y < height; y++) {
    let from = y * (width + 1) + 1;
    packed[at++] = 0;
    for (let x = 0; x < width; x += 2, from += 2)
      packed[at++] = ((rows[from] as number) << 4) | (x + 1 < width ? (rows[from + 1] as number) : 0);
  }
  return pngFile({ width, height, bitDepth: 4, colourType: 3 }, packed, level, palette.subarray(0, size * 3));
}
