/** PNG files written by the service itself (grey-png.ts, palette-png.ts): the chunks around rows it filtered. */
import { promisify } from "node:util";
import { crc32, deflate } from "node:zlib";

const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

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
  image: { width: number; height: number; bitDepth: number; colourType: 0 | 3 },
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
