/**
 * The package icons from the book's cover (its first page's picture): a square PNG with the page centred on
 * white, and the container formats Windows (.ico: PNG entries, which Windows Vista and later read) and macOS
 * (.icns: PNG entries ic07/ic08/ic09) want. Android takes the PNG itself.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import type { readProject } from "../project.js";

type Loaded = Awaited<ReturnType<typeof readProject>>;

/** The cover picture's bytes: the first page's largest rendition (sharp reads WebP, JPEG and PNG), else its thumb. */
export async function coverPicture(projectDir: string, loaded: Loaded): Promise<Buffer> {
  const bookDir = join(projectDir, dirname(loaded.project.book));
  const first = loaded.manifest.pages[0];
  if (!first) throw new Error("the book has no pages");
  const widths = Object.keys(first.webp ?? {}).sort((a, b) => Number(b) - Number(a));
  const key = first.jpg ?? (widths[0] ? first.webp[widths[0]] : null) ?? first.thumb;
  if (!key) throw new Error("the book has no cover picture");
  return readFile(join(bookDir, key));
}

/** A `size`×`size` PNG of the cover, contained on white. */
export function squareIcon(cover: Buffer, size: number): Promise<Buffer> {
  return sharp(cover)
    .resize(size, size, { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 1 } })
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
}

/** An .ico file holding PNG entries (16–256 pixels). */
export async function icoFile(cover: Buffer): Promise<Buffer> {
  const sizes = [16, 32, 48, 256];
  const images = await Promise.all(sizes.map((size) => squareIcon(cover, size)));
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  images.forEach((image, index) => {
    const size = sizes[index] ?? 0;
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(image.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.length;
  });
  return Buffer.concat([header, ...images]);
}

/** An .icns file holding PNG entries of 128, 256 and 512 pixels. */
export async function icnsFile(cover: Buffer): Promise<Buffer> {
  const entries = await Promise.all(
    (
      [
        ["ic07", 128],
        ["ic08", 256],
        ["ic09", 512],
      ] as const
    ).map(async ([type, size]) => {
      const png = await squareIcon(cover, size);
      const head = Buffer.alloc(8);
      head.write(type, 0, "latin1");
      head.writeUInt32BE(png.length + 8, 4);
      return Buffer.concat([head, png]);
    }),
  );
  const head = Buffer.alloc(8);
  head.write("icns", 0, "latin1");
  head.writeUInt32BE(8 + entries.reduce((sum, entry) => sum + entry.length, 0), 4);
  return Buffer.concat([head, ...entries]);
}
