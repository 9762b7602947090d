/**
 * A page of 16 grey levels as a 4-bit greyscale PNG (colour type 0, no palette), written here with node's zlib:
 * libvips reaches 4-bit PNG only through its quantiser (libimagequant, ~100 ms a 1131×1600 page in
 * npm run bench:profile-convert), while packing two pixels a byte and deflating them is a few ms.
 */
import { crc32, deflateSync } from "node:zlib";

const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** `plane`: one byte a pixel, each a multiple of 17 (the 16 levels of grey-levels.ts). */
export function greyPng(plane: Uint8Array, width: number, height: number, level = 1): Buffer {
  const rowBytes = Math.ceil(width / 2);
  const raw = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0, at = 0, from = 0; y < height; y++) {
    raw[at++] = 0; // filter: none (text rows deflate well as they are)
    for (let x = 0; x < width; x += 2, from += 2) {
      const high = (plane[from] as number) >> 4;
      const low = x + 1 < width ? (plane[from + 1] as number) >> 4 : 0;
      raw[at++] = (high << 4) | low;
    }
    if (width % 2) from--;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 4; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level })),
    chunk("IEND", new Uint8Array()),
  ]);
}
