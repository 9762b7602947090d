/**
 * Renders one book page (a region of a PDF page, or an image) to its encoded renditions, and reads the page's
 * text runs and links. Runs inside a render worker thread (or in-process when the pool has no threads). PDF pages
 * are drawn by PDFium (form fields included) straight into RGBA that sharp encodes.
 */
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { SourceLink, TextRun } from "../domain/page-content.js";
import type { Region } from "../domain/plan.js";
import { type EncodedImage, type EncodeOptions, encodePage, warmEncoder } from "./encode.js";
import { readLinks } from "./pdf-links.js";
import { readTextRuns } from "./pdf-text.js";
import {
  heap,
  loadPdfium,
  openDocument,
  type Pdfium,
  type PdfiumDocument,
  pageTransform,
  renderFlags,
  withPage,
} from "./pdfium.js";
import { drawWatermark } from "./watermark.js";

export type { EncodedImage } from "./encode.js";

export interface EncodeSettings extends EncodeOptions {
  watermark: boolean;
  /** Hand the rendered RGBA back with the result (OCR reads it). */
  wantPixels?: boolean;
}

export interface PdfPageTask extends EncodeSettings {
  kind: "pdf";
  path: string;
  password: string;
  pageIndex: number;
  region: Region;
  wantText: boolean;
  wantLinks: boolean;
}

export interface ImagePageTask extends EncodeSettings {
  kind: "image";
  path: string;
}

export type PageTask = PdfPageTask | ImagePageTask;

/** The page as rendered: RGBA, 4 bytes a pixel, rows without padding. */
export interface PagePixels {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface RenderedPage {
  /** WebP renditions written now, largest (the main one) first. */
  webp: EncodedImage[];
  /** The JPEG fallback; absent when the task derives it on request (deriveOnRequest). */
  jpg?: EncodedImage;
  thumb: EncodedImage;
  /** Text runs and links of the whole source page, in page coordinates at scale 1. */
  text: TextRun[];
  links: SourceLink[];
  /** Present when the task asked for it (wantPixels). */
  pixels?: PagePixels;
}

const documents = new Map<string, Promise<PdfiumDocument>>();

function documentFor(path: string, password: string): Promise<PdfiumDocument> {
  const key = `${path}\u0000${password}`;
  let open = documents.get(key);
  if (!open) {
    open = (async () => openDocument(new Uint8Array(await readFile(path)), password))();
    documents.set(key, open);
    open.catch(() => documents.delete(key));
  }
  return open;
}

/** Closes the documents opened from a file (at the end of a job). */
export async function releaseDocuments(path: string): Promise<void> {
  for (const [key, open] of [...documents]) {
    if (!key.startsWith(`${path}\u0000`)) continue;
    documents.delete(key);
    (await open.catch(() => undefined))?.close();
  }
}

/** Draws the region of the page into a white RGBA bitmap of the task's size, form fields included. */
function rasterise(document: PdfiumDocument, page: number, task: PdfPageTask): Uint8Array {
  const { pdfium, form } = document;
  const { scale, width, height } = task.sizes;
  const left = -Math.round(task.region.x * scale);
  const top = -Math.round(task.region.y * scale);
  const pageWidth = Math.round(pdfium.FPDF_GetPageWidthF(page) * scale);
  const pageHeight = Math.round(pdfium.FPDF_GetPageHeightF(page) * scale);
  const bitmap = pdfium.FPDFBitmap_Create(width, height, 1);
  if (!bitmap) throw new Error(`PDFium could not make a ${width}×${height} bitmap`);
  try {
    pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
    const flags = renderFlags.annotations | renderFlags.reverseByteOrder;
    pdfium.FPDF_RenderPageBitmap(bitmap, page, left, top, pageWidth, pageHeight, 0, flags);
    if (form) pdfium.FPDF_FFLDraw(form, bitmap, page, left, top, pageWidth, pageHeight, 0, flags);
    const buffer = pdfium.FPDFBitmap_GetBuffer(bitmap);
    const stride = pdfium.FPDFBitmap_GetStride(bitmap);
    const pixels = new Uint8Array(width * height * 4);
    const memory = heap(pdfium);
    if (stride === width * 4) pixels.set(memory.subarray(buffer, buffer + pixels.length));
    else
      for (let row = 0; row < height; row++)
        pixels.set(memory.subarray(buffer + row * stride, buffer + row * stride + width * 4), row * width * 4);
    return pixels;
  } finally {
    pdfium.FPDFBitmap_Destroy(bitmap);
  }
}

async function finish(
  pdfium: Pdfium,
  pixels: Uint8Array,
  task: PageTask,
  content: { text: TextRun[]; links: SourceLink[] },
): Promise<RenderedPage> {
  const { width, height } = task.sizes;
  if (task.watermark) drawWatermark(pdfium, pixels, width, height);
  const encoded = await encodePage(pixels, task);
  return { ...encoded, ...content, ...(task.wantPixels ? { pixels: { width, height, data: pixels } } : {}) };
}

async function renderPdfPage(task: PdfPageTask): Promise<RenderedPage> {
  const document = await documentFor(task.path, task.password);
  const { pdfium, doc } = document;
  // Everything PDFium does for the page happens synchronously here; encoding (async) works on a copy.
  const { pixels, text, links } = withPage(document, task.pageIndex, (page) => {
    const transform = pageTransform(pdfium, page);
    return {
      pixels: rasterise(document, page, task),
      text: task.wantText ? readTextRuns(pdfium, page, transform) : [],
      links: task.wantLinks ? readLinks(pdfium, doc, page, transform) : [],
    };
  });
  return finish(pdfium, pixels, task, { text, links });
}

async function renderImagePage(task: ImagePageTask): Promise<RenderedPage> {
  const { width, height } = task.sizes;
  const fitted = await sharp(task.path)
    .rotate()
    .resize({ width, height, fit: "contain", background: "#ffffff" })
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const pdfium = await loadPdfium();
  return finish(pdfium, new Uint8Array(fitted.buffer, fitted.byteOffset, fitted.byteLength), task, {
    text: [],
    links: [],
  });
}

export function renderPage(task: PageTask): Promise<RenderedPage> {
  return task.kind === "pdf" ? renderPdfPage(task) : renderImagePage(task);
}

/**
 * Loads PDFium, draws one page (the watermark's document: the first document after start-up is markedly slower)
 * and wakes libvips up, so a fresh worker's first real page costs what any page costs.
 */
export async function warmUp(): Promise<void> {
  drawWatermark(await loadPdfium(), new Uint8Array(200 * 200 * 4).fill(255), 200, 200);
  await warmEncoder();
}
