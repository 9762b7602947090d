/**
 * A grey page as a 4-bit greyscale PNG (colour type 0, no palette) of its 16 levels, written here with node's zlib:
 * libvips reaches 4-bit PNG only through its quantiser (libimagequant, ~100 ms a 1131×1600 page in
 * npm run bench:profile-convert), while bringing two pixels to their levels and packing them into a byte is one
 * table lookup, and deflating the result a few ms.
 */
import { promisify } from "node:util";
import { crc32, deflate } from "node:zlib";
import { levelIndex } from "./grey-levels.js";

const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** Two grey pixels (first << 8 | second) to one byte of two 4-bit levels. */
const packedPair = (() => {
  const table = new Uint8Array(65_536);
  for (let first = 0; first < 256; first++)
    for (let second = 0; second < 256; second++)
      table[(first << 8) | second] = ((levelIndex[first] as number) << 4) | (levelIndex[second] as number);
  return table;
})();

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const deflated = promisify(deflate);

/**
 * A PNG file of one image: its header's fields, the filtered rows (each led by its filter byte), a palette. The
 * rows are deflated on libuv's threads: a render process draws its next page meanwhile.
 */
export async function pngFile(
  image: { width: number; height: number; bitDepth: number; colourType: 0 | 2 | 3 },
  rows: Uint8Array,
  level: number,
  palette?: Uint8Array,
): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = image.bitDepth;
  header[9] = image.colourType;
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    ...(palette ? [chunk("PLTE", palette)] : []),
    chunk("IDAT", await deflated(rows, { level })),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** `grey`: one byte a pixel (0-255, rows without padding), stored as the nearest of 16 levels. */
export function greyPng(grey: Uint8Array, width: number, height: number, level = 1): Promise<Buffer> {
  const rowBytes = Math.ceil(width / 2);
  const pairs = width >> 1;
  const raw = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0, at = 0, from = 0; y < height; y++) {
    raw[at++] = 0; // filter: none (text rows deflate well as they are)
    for (let pair = 0; pair < pairs; pair++, from += 2)
      raw[at++] = packedPair[((grey[from] as number) << 8) | (grey[from + 1] as number)] as number;
    if (width % 2) raw[at++] = ((levelIndex[grey[from++] as number] as number) << 4) as number;
  }
  return pngFile({ width, height, bitDepth: 4, colourType: 0 }, raw, level);
}
