/**
 * A legacy DOC or PPT (an OLE2 compound file) checked before LibreOffice opens it, as far as its binary formats
 * allow without a Word or PowerPoint parser of our own: the compound file read whole by a well-kept reader (cfb,
 * SheetJS), which fails on broken headers, sector chains and directories; the main stream the extension promises
 * present; its streams together within the upload cap; no field that loads a file (INCLUDEPICTURE, INCLUDETEXT,
 * LINK, DDE, IMPORT) and no `file://` address in any stream; no EPS; and every PNG, JPEG, GIF or OfficeArt DIB
 * picture in any stream within the pixel cap of uploads, its size read from its header. What this cannot see
 * (metafiles, a picture in a format named here but damaged beyond its header) is left to the sandbox
 * (sandbox.ts: no network, an empty filesystem view, a memory and time budget).
 */
import { copyFile, readFile } from "node:fs/promises";
import CFB from "cfb";
import { loadSharp } from "../render/sharp.js";
import type { OfficeExtension } from "./office-document.js";
import { type PackageCheck, type PackageRefusal, packageLimits } from "./package-check.js";

/** The stream a document of each legacy extension must hold. */
const mainStream: Partial<Record<OfficeExtension, string>> = {
  doc: "WordDocument",
  ppt: "PowerPoint Document",
  pps: "PowerPoint Document",
};

/** More streams than any real document holds (a directory bomb LibreOffice would walk). */
const maxStreams = 10_000;
/** Pictures read per document at most; a document with more is refused as too large. */
const maxPictures = 5_000;

/** A field's start (0x13) and an instruction that loads something (as package-rules.ts refuses in OOXML). */
const loadingField = new RegExp(
  `${String.fromCharCode(0x13)}\\s*(INCLUDEPICTURE|INCLUDETEXT|INCLUDE|LINK|DDE|DDEAUTO|IMPORT)\\s`,
  "i",
);
const fileAddress = /file:\/\//i;

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff]);
const gifs = [Buffer.from("GIF87a", "latin1"), Buffer.from("GIF89a", "latin1")];
const postScript = Buffer.from("%!PS-Adobe", "latin1");
/** OfficeArt BLIP record of a DIB (recType 0xF01F), little-endian, after its 2-byte version/instance. */
const dibRecord = Buffer.from([0x1f, 0xf0]);

function* offsets(data: Buffer, needle: Buffer): Generator<number> {
  for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, at + 1)) yield at;
}

/** The pixels of every picture header found in a stream (JPEG read by sharp; the others from their headers). */
async function* pictures(data: Buffer): AsyncGenerator<number> {
  for (const at of offsets(data, png)) {
    if (data.toString("latin1", at + 12, at + 16) === "IHDR" && at + 24 <= data.length) {
      yield data.readUInt32BE(at + 16) * data.readUInt32BE(at + 20);
    }
  }
  for (const gif of gifs) {
    for (const at of offsets(data, gif))
      if (at + 10 <= data.length) yield data.readUInt16LE(at + 6) * data.readUInt16LE(at + 8);
  }
  for (const at of offsets(data, dibRecord)) {
    // The record header starts 2 bytes before; an instance of 0x7A8 holds one 16-byte UID, 0x7A9 two; a tag byte.
    if (at < 2) continue;
    const instance = data.readUInt16LE(at - 2) >> 4;
    if (instance !== 0x7a8 && instance !== 0x7a9) continue;
    const header = at + 6 + (instance === 0x7a9 ? 32 : 16) + 1;
    if (header + 12 <= data.length && data.readUInt32LE(header) >= 12) {
      yield Math.abs(data.readInt32LE(header + 4)) * Math.abs(data.readInt32LE(header + 8));
    }
  }
  for (const at of offsets(data, jpeg)) {
    try {
      const meta = await loadSharp()(data.subarray(at), { limitInputPixels: false }).metadata();
      if (meta.width && meta.height) yield meta.width * meta.height;
    } catch {
      // Three bytes that begin no JPEG.
    }
  }
}

async function streamProblem(name: string, data: Buffer): Promise<PackageRefusal | undefined> {
  for (const text of [data.toString("latin1"), data.toString("utf16le"), data.subarray(1).toString("utf16le")]) {
    const field = loadingField.exec(text);
    if (field) return { kind: "external", detail: `${name}: a field ${field[1]}` };
    if (fileAddress.test(text)) return { kind: "external", detail: `${name}: a file:// address` };
  }
  if (data.includes(postScript)) return { kind: "eps", detail: name };
  let count = 0;
  for await (const pixels of pictures(data)) {
    if (pixels > packageLimits.maxPixels) {
      return { kind: "picture", maxPixels: packageLimits.maxPixels, detail: name };
    }
    count += 1;
    if (count > maxPictures) return { kind: "too-large", maxBytes: packageLimits.maxInflatedBytes };
  }
  return undefined;
}

/** Checks the DOC or PPT at `input`; when it passes, copies it to `output` for LibreOffice. */
export async function checkOleDocument(
  input: string,
  extension: OfficeExtension,
  output: string,
): Promise<PackageCheck> {
  const bytes = await readFile(input);
  if (bytes.length > packageLimits.maxInflatedBytes) {
    return { ok: false, refusal: { kind: "too-large", maxBytes: packageLimits.maxInflatedBytes } };
  }
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(bytes, { type: "buffer" });
  } catch (error) {
    return { ok: false, refusal: { kind: "damaged", detail: `not a compound file: ${(error as Error).message}` } };
  }
  const streams = container.FileIndex.filter((entry) => entry.type === 2);
  const expected = mainStream[extension];
  if (expected && !streams.some((entry) => entry.name === expected)) {
    return { ok: false, refusal: { kind: "damaged", detail: `no ${expected} stream` } };
  }
  const total = streams.reduce((sum, entry) => sum + (entry.content?.length ?? 0), 0);
  if (streams.length > maxStreams || total > packageLimits.maxInflatedBytes) {
    return { ok: false, refusal: { kind: "too-large", maxBytes: packageLimits.maxInflatedBytes } };
  }
  for (const entry of streams) {
    const content = entry.content as Buffer | number[] | undefined;
    if (!content || content.length === 0) continue;
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const refusal = await streamProblem(entry.name, data);
    if (refusal) return { ok: false, refusal };
  }
  await copyFile(input, output);
  return { ok: true };
}
