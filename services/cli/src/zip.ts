/** A minimal ZIP writer (deflate, no ZIP64): enough for a published flipbook folder. */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";

interface Entry {
  name: Buffer;
  crc: number;
  size: number;
  compressed: Buffer;
  method: number;
  offset: number;
}

/** DOS date and time of a Date (local time, two-second resolution). */
function dosTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Zips the files under `dir` into `zipFile`, their names prefixed with `prefix/` (forward slashes). */
export async function zipFolder(dir: string, prefix: string, zipFile: string, date = new Date()): Promise<void> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const { time, day } = dosTime(date);
  const chunks: Buffer[] = [];
  const entries: Entry[] = [];
  let offset = 0;
  for (const file of files) {
    const data = await readFile(file);
    const name = Buffer.from(`${prefix}/${relative(dir, file).split(sep).join("/")}`, "utf8");
    const deflated = deflateRawSync(data);
    const stored = deflated.length >= data.length;
    const entry: Entry = {
      name,
      crc: crc32(data),
      size: data.length,
      compressed: stored ? data : deflated,
      method: stored ? 0 : 8,
      offset,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(day, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed.length, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(name.length, 26);
    chunks.push(header, name, entry.compressed);
    offset += header.length + name.length + entry.compressed.length;
    entries.push(entry);
  }
  const directoryStart = offset;
  for (const entry of entries) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(day, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressed.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt32LE(entry.offset, 42);
    chunks.push(header, entry.name);
    offset += header.length + entry.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(offset - directoryStart, 12);
  end.writeUInt32LE(directoryStart, 16);
  chunks.push(end);
  await writeFile(zipFile, Buffer.concat(chunks));
}
