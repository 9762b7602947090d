/**
 * What the PDFium renderer's tests share (pdfium-placement.test.ts, pdfium-encoding.test.ts): PDFs drawn here with
 * pdfkit, written to temporary files each test file releases at its end, rendered one page at a time, and the box
 * around the ink of a colour in what PDFium drew.
 */
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type PagePixels,
  type PdfPageTask,
  type Region,
  readPdf,
  releaseDocuments,
  renderPage,
  renditionSizes,
} from "@turnleaf/conversion/render";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { expect } from "vitest";

export type Doc = PDFKit.PDFDocument & {
  link(x: number, y: number, width: number, height: number, url: string): Doc;
  initForm(): Doc;
  formText(name: string, x: number, y: number, width: number, height: number, options?: object): Doc;
};

export async function pdf(draw: (doc: Doc) => void, options: Record<string, unknown> = {}): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: false, ...options }) as Doc;
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.addPage({ size: [595.28, 841.89], margin: 0 });
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The same file with every page turned a quarter clockwise (/Rotate 90; PDFium repairs the shifted offsets). */
export const rotated = (bytes: Buffer) =>
  Buffer.from(bytes.toString("latin1").replace(/\/Type \/Page\n/g, "/Type /Page\n/Rotate 90\n"), "latin1");

/**
 * A test file's PDFs on disk: `file` writes one, `written` lists them, `releaseAll` (in the file's afterAll) lets
 * PDFium close them.
 */
export function pdfFiles() {
  const written: string[] = [];
  async function file(bytes: Buffer, name: string): Promise<string> {
    const path = join(tmpdir(), `turnleaf-pdfium-${process.pid}-${name}.pdf`);
    await writeFile(path, bytes);
    written.push(path);
    return path;
  }
  const releaseAll = async () => {
    for (const path of written) await releaseDocuments(path);
  };
  return { file, written, releaseAll };
}

export async function render(path: string, options: Partial<PdfPageTask> & { password?: string } = {}) {
  const info = await readPdf(new Uint8Array(await readFile(path)), options.password ?? "", true);
  const size = info.pages[0] as { width: number; height: number };
  const region: Region = options.region ?? { x: 0, y: 0, width: size.width, height: size.height };
  const sizes = renditionSizes(region, 1200, 0);
  const page = await renderPage({
    kind: "pdf",
    path,
    password: "",
    pageIndex: 0,
    region,
    sizes,
    quality: 75,
    jpegQuality: 85,
    webpEffort: 0,
    watermark: false,
    wantText: true,
    wantLinks: true,
    wantPixels: true,
    ...options,
  });
  return { info, page, scale: sizes.scale, pixels: page.pixels as PagePixels };
}

/** The box (in points of the rendered region) around the pixels `matches` picks. */
export function inkBox(pixels: PagePixels, scale: number, matches: (r: number, g: number, b: number) => boolean) {
  let [left, top, right, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  // Pages without colour come back grey (one byte a pixel), the others RGBA.
  const channels = pixels.channels ?? 4;
  const green = channels === 1 ? 0 : 1;
  const blue = channels === 1 ? 0 : 2;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const offset = (y * pixels.width + x) * channels;
      const data = pixels.data;
      if (!matches(data[offset] ?? 0, data[offset + green] ?? 0, data[offset + blue] ?? 0)) continue;
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x + 1);
      bottom = Math.max(bottom, y + 1);
    }
  }
  return { x: left / scale, y: top / scale, width: (right - left) / scale, height: (bottom - top) / scale };
}

/**
 * The main rendition is an indexed PNG showing what PDFium drew: every pixel within half of 16 levels a channel,
 * and `exact` (a flat colour of the page) kept exactly.
 */
export async function expectIndexedPng(
  image: { data: Uint8Array; format?: string } | undefined,
  drawn: PagePixels,
  exact: number[],
) {
  expect(image?.format).toBe("png");
  const png = Buffer.from(image?.data ?? []);
  expect(png[25]).toBe(3);
  expect(png.includes(Buffer.from("PLTE"))).toBe(true);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.width).toBe(drawn.width);
  let worst = 0;
  let exactPixels = 0;
  let exactMoved = 0;
  for (let pixel = 0; pixel < drawn.width * drawn.height; pixel++) {
    const rgb = [0, 1, 2].map((channel) => drawn.data[pixel * 4 + channel] as number);
    for (const [channel, value] of rgb.entries())
      worst = Math.max(worst, Math.abs(value - (data[pixel * 3 + channel] as number)));
    if (!rgb.every((value, channel) => value === exact[channel])) continue;
    exactPixels++;
    if (rgb.some((value, channel) => value !== data[pixel * 3 + channel])) exactMoved++;
  }
  expect(exactPixels).toBeGreaterThan(100);
  expect(exactMoved).toBe(0);
  expect(worst).toBeLessThanOrEqual(8);
}

/** Decoded pixels of `channels` a pixel as RGBA (inkBox reads RGBA). */
export function rgbaOf(data: Buffer, channels: number): Uint8Array {
  const rgba = new Uint8Array((data.length / channels) * 4);
  for (let index = 0; index < data.length / channels; index++)
    for (let channel = 0; channel < 3; channel++)
      rgba[index * 4 + channel] = data[index * channels + Math.min(channel, channels - 1)] ?? 0;
  return rgba;
}

export const dark = (r: number, g: number, b: number) => r < 110 && g < 110 && b < 110;
export const blue = (r: number, g: number, b: number) => b > 180 && r < 90 && g < 90;

export function expectInside(inner: Box, outer: Box, slack: number) {
  expect(inner.x).toBeGreaterThanOrEqual(outer.x - slack);
  expect(inner.y).toBeGreaterThanOrEqual(outer.y - slack);
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + slack);
  expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height + slack);
}

export type Box = { x: number; y: number; width: number; height: number };

export const oneWord = () =>
  pdf((doc) => {
    doc.fontSize(40).fillColor("#000000").text("PLACED", 120, 300, { lineBreak: false });
  });

export const blueLink = () =>
  pdf((doc) => {
    doc.rect(100, 400, 180, 40).fill("#0000ff");
    doc.link(100, 400, 180, 40, "https://turnleaf.example/here");
  });
