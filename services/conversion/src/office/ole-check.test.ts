import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import CFB from "cfb";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkOleDocument } from "./ole-check.js";
import { OfficeConversionError, officeToPdf } from "./soffice.js";

// Legacy DOC and PPT files built here as OLE2 compound files (cfb's writer), each holding what a crafted document
// would: pictures whose headers declare more pixels than uploads may have, a field loading a file of the worker's,
// EPS, a broken container. The checks must refuse them before LibreOffice starts.
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ole-check-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A compound file of these streams. */
function compound(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, name, content);
  return Buffer.from(CFB.write(container, { type: "buffer" }) as Buffer);
}

/** A PNG header (signature and IHDR) declaring this size; nothing of the pixels follows. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write("IHDR", 4, "latin1");
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8;
  ihdr[17] = 6;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

/** An OfficeArt DIB BLIP record (as PPT's Pictures stream holds them) whose bitmap header declares this size. */
function dibRecord(width: number, height: number): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt16LE(0x7a8 << 4, 0);
  header.writeUInt16LE(0xf01f, 2);
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(width, 4);
  info.writeInt32LE(height, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(24, 14);
  const body = Buffer.concat([Buffer.alloc(16, 7), Buffer.from([0xff]), info]);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

const text = (value: string) => Buffer.from(value, "utf16le");
const padding = Buffer.alloc(5000, 0x20);

async function check(name: string, bytes: Buffer) {
  const input = join(dir, name);
  await writeFile(input, bytes);
  const extension = name.endsWith(".doc") ? "doc" : "ppt";
  return checkOleDocument(input, extension, join(dir, `checked-${name}`));
}

describe("legacy DOC and PPT checks", () => {
  it("passes a document of ordinary text and a small picture, copying it for LibreOffice", async () => {
    const bytes = compound({
      WordDocument: Buffer.concat([padding, text("Hello, a catalogue page"), pngHeader(640, 480), padding]),
      "1Table": padding,
    });
    expect(await check("fine.doc", bytes)).toEqual({ ok: true });
    expect(await readFile(join(dir, "checked-fine.doc"))).toEqual(bytes);
  });

  it("refuses a DOC whose PNG declares 30000 × 30000 pixels", async () => {
    const bytes = compound({ WordDocument: padding, Data: Buffer.concat([padding, pngHeader(30_000, 30_000)]) });
    expect(await check("png-bomb.doc", bytes)).toMatchObject({ ok: false, refusal: { kind: "picture" } });
  });

  it("refuses a DOC whose JPEG declares 30000 × 30000 pixels", async () => {
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#808080" } })
      .jpeg()
      .toBuffer();
    const sof = small.indexOf(Buffer.from([0xff, 0xc0]));
    small.writeUInt16BE(30_000, sof + 5);
    small.writeUInt16BE(30_000, sof + 7);
    const bytes = compound({ WordDocument: padding, Data: Buffer.concat([padding, small]) });
    expect(await check("jpeg-bomb.doc", bytes)).toMatchObject({ ok: false, refusal: { kind: "picture" } });
  });

  it("refuses a PPT whose Pictures stream holds a DIB of 40000 × 40000", async () => {
    const bytes = compound({
      "PowerPoint Document": padding,
      Pictures: Buffer.concat([dibRecord(100, 100), dibRecord(40_000, 40_000)]),
    });
    expect(await check("dib-bomb.ppt", bytes)).toMatchObject({ ok: false, refusal: { kind: "picture" } });
    const fine = compound({ "PowerPoint Document": padding, Pictures: dibRecord(800, 600) });
    expect(await check("dib-fine.ppt", fine)).toEqual({ ok: true });
  });

  it("refuses a field that loads a file of the worker's, in 16-bit or 8-bit text, and a file:// address", async () => {
    const field = '\u0013 INCLUDEPICTURE "/usr/share/pixmaps/debian-logo.png" \\d \u0014\u0015';
    expect(await check("field16.doc", compound({ WordDocument: Buffer.concat([padding, text(field)]) }))).toMatchObject(
      { ok: false, refusal: { kind: "external" } },
    );
    const field8 = Buffer.concat([padding, Buffer.from('\u0013 INCLUDETEXT "C:\\\\secret.txt" \u0014', "latin1")]);
    expect(await check("field8.doc", compound({ WordDocument: field8 }))).toMatchObject({
      ok: false,
      refusal: { kind: "external" },
    });
    const link = compound({ "PowerPoint Document": Buffer.concat([padding, text("file:///etc/passwd")]) });
    expect(await check("link.ppt", link)).toMatchObject({ ok: false, refusal: { kind: "external" } });
  });

  it("refuses EPS, a DOC without its WordDocument stream, a PPT without its presentation, and a broken container", async () => {
    const eps = compound({ WordDocument: padding, ObjectPool: Buffer.from("%!PS-Adobe-3.0 EPSF-3.0\n", "latin1") });
    expect(await check("eps.doc", eps)).toMatchObject({ ok: false, refusal: { kind: "eps" } });
    expect(await check("empty.doc", compound({ Other: padding }))).toMatchObject({
      ok: false,
      refusal: { kind: "damaged" },
    });
    expect(await check("empty.ppt", compound({ WordDocument: padding }))).toMatchObject({
      ok: false,
      refusal: { kind: "damaged" },
    });
    const broken = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(3000, 0xff),
    ]);
    expect(await check("broken.doc", broken)).toMatchObject({ ok: false, refusal: { kind: "damaged" } });
  });

  it("refuses the picture bomb in officeToPdf before LibreOffice starts", async () => {
    const input = join(dir, "upload");
    await writeFile(input, compound({ WordDocument: padding, Data: pngHeader(30_000, 30_000) }));
    const work = await mkdtemp(join(dir, "work-"));
    // No LibreOffice at this path: reaching it would answer "unavailable".
    const converted = officeToPdf(input, "doc", work, {
      soffice: "/nonexistent/soffice",
      timeoutMs: 5_000,
      isolation: "none",
    });
    await expect(converted).rejects.toBeInstanceOf(OfficeConversionError);
    await expect(converted).rejects.toMatchObject({ reason: "refused", refusal: { kind: "picture" } });
  });
});
