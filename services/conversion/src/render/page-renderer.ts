/**
 * Renders one book page (a region of a PDF page, or an image) to its encoded renditions, and reads the page's
 * text runs and links. Runs inside a render worker thread (or in-process when the pool has no threads). PDF pages
 * are drawn by PDFium (form fields included) straight into RGBA, or grey for pages without colour, that sharp
 * encodes.
 */

import { pageText, type SourceLink, type TextRun } from "../domain/page-content.js";
import type { Region } from "../domain/plan.js";
import { type EncodedImage, type EncodeOptions, encodePage, warmEncoder } from "./encode.js";
import { RenderMemoryError, withHeapBudget } from "./memory-budget.js";
import { inspectPage, paperLike } from "./page-kind.js";
import { readLinks } from "./pdf-links.js";
import { readTextRuns } from "./pdf-text.js";
import {
  discardPdfium,
  heap,
  loadPdfium,
  openDocumentFile,
  type Pdfium,
  type PdfiumDocument,
  pageTransform,
  recycleHeapBytes,
  recycleIfLarge,
  withPage,
} from "./pdfium.js";
import { drawPdfjsPage, releasePdfjsDocuments } from "./pdfjs-page.js";
import { type Pixels, rasterise } from "./raster.js";
import { loadSharp } from "./sharp.js";
import { drawWatermark } from "./watermark.js";

export type { EncodedImage } from "./encode.js";

export interface EncodeSettings extends EncodeOptions {
  watermark: boolean;
  /** How much PDFium's WebAssembly heap may grow while the page is drawn (the pool sets it; none: no limit). */
  pageMemoryBytes?: number;
  /**
   * Hand the rendered pixels back with the result: always (true), or only for a page without text in its region
   * ("without-text": what OCR reads; another page's pixels, up to 7 MB of RGBA, would cross to the conversion
   * process for nothing).
   */
  wantPixels?: boolean | "without-text";
  /** Only the drawn pixels (OCR's rendering of a scanned page): nothing is encoded. */
  pixelsOnly?: boolean;
}

export interface PdfPageTask extends EncodeSettings {
  kind: "pdf";
  path: string;
  password: string;
  pageIndex: number;
  region: Region;
  wantText: boolean;
  wantLinks: boolean;
  /** "pdfjs": the source is one PDFium refused, drawn by pdf.js (pdfjs-document.ts); absent: PDFium. */
  engine?: "pdfjs";
}

export interface ImagePageTask extends EncodeSettings {
  kind: "image";
  path: string;
}

export type PageTask = PdfPageTask | ImagePageTask;

/** The page as rendered (before the trial watermark): RGBA or grey, rows without padding. */
export type PagePixels = Pixels;

export interface RenderedPage {
  /** WebP renditions written now, largest (the main one) first. */
  webp: EncodedImage[];
  /** The JPEG fallback; absent when the task derives it on request (deriveOnRequest). */
  jpg?: EncodedImage;
  /** Absent when the task derives it on request (deriveOnRequest). */
  thumb?: EncodedImage;
  /** Text runs and links of the whole source page, in page coordinates at scale 1. */
  text: TextRun[];
  links: SourceLink[];
  /** Present when the task asked for it (wantPixels). */
  pixels?: PagePixels;
  /** The page draws pictures (images or shadings): it was drawn as a photo page. */
  pictures?: boolean;
}

const documents = new Map<string, Promise<PdfiumDocument>>();
/** Pages drawn from each open document. */
const pagesDrawn = new Map<string, number>();

/**
 * A document is closed and opened again after this many pages: PDFium keeps every decoded image of an open
 * document, so a long book of photos grew a lane by hundreds of MB; reopening costs a few ms.
 */
const pagesPerOpening = 24;

/** Counts a page drawn from a document; past pagesPerOpening the document is closed (the next page reopens it). */
function countPage(path: string, password: string, document: PdfiumDocument): void {
  const key = `${path}\u0000${password}`;
  const drawn = (pagesDrawn.get(key) ?? 0) + 1;
  if (drawn < pagesPerOpening) {
    pagesDrawn.set(key, drawn);
    return;
  }
  pagesDrawn.delete(key);
  documents.delete(key);
  document.close();
}

function documentFor(path: string, password: string): Promise<PdfiumDocument> {
  const key = `${path}\u0000${password}`;
  let open = documents.get(key);
  if (!open) {
    open = openDocumentFile(path, password);
    documents.set(key, open);
    open.catch(() => documents.delete(key));
  }
  return open;
}

/** Closes the documents opened from a file (at the end of a job), and gives a grown heap back. */
export async function releaseDocuments(path: string): Promise<void> {
  for (const [key, open] of [...documents]) {
    if (!key.startsWith(`${path}\u0000`)) continue;
    documents.delete(key);
    pagesDrawn.delete(key);
    (await open.catch(() => undefined))?.close();
  }
  await releasePdfjsDocuments(path);
  await recycleIfLarge(recycleHeapBytes);
}

/** The thumbnail's pixel size and its scale from region points. */
function thumbTarget(sizes: EncodeSettings["sizes"]) {
  const factor = sizes.thumbWidth / sizes.width;
  return {
    width: sizes.thumbWidth,
    height: Math.max(1, Math.round(sizes.height * factor)),
    scale: sizes.scale * factor,
  };
}

async function finish(
  pdfium: Pdfium,
  drawn: { main: Pixels; thumbnail?: Pixels; lossless: boolean; photo: boolean },
  task: PageTask,
  content: { text: TextRun[]; links: SourceLink[] },
): Promise<RenderedPage> {
  const { main, thumbnail } = drawn;
  if (task.pixelsOnly) return { webp: [], ...content, pixels: main };
  // OCR reads the page as the source shows it, without the trial watermark.
  const clean = task.wantPixels ? (task.watermark ? { ...main, data: main.data.slice() } : main) : undefined;
  if (task.watermark) {
    drawWatermark(pdfium, main.data, main.width, main.height);
    if (thumbnail) drawWatermark(pdfium, thumbnail.data, thumbnail.width, thumbnail.height);
  }
  const encoded = await encodePage(main, { ...task, lossless: drawn.lossless, photo: drawn.photo }, thumbnail);
  return { ...encoded, ...content, ...(clean ? { pixels: clean } : {}), ...(drawn.photo ? { pictures: true } : {}) };
}

/** Runs a page's PDFium work within its memory budget; a page past it leaves this thread's PDFium behind. */
function drawWithin<T>(pdfium: Pdfium, budgetBytes: number | undefined, draw: () => T): T {
  try {
    return withHeapBudget(heap(pdfium).length, budgetBytes, draw);
  } catch (error) {
    if (error instanceof RenderMemoryError) {
      documents.clear();
      pagesDrawn.clear();
      discardPdfium();
    }
    throw error;
  }
}

/** A page of a source PDFium refused: drawn in colour by pdf.js, stored as a paper page when it looks like one. */
async function renderPdfjsPage(task: PdfPageTask): Promise<RenderedPage> {
  const { main, text, links } = await drawPdfjsPage(task);
  const pdfium = await loadPdfium();
  const lossless = paperLike(main);
  const wantPixels =
    task.wantPixels === "without-text" ? pageText(0, text, task.region).items.length === 0 : task.wantPixels;
  return finish(pdfium, { main, lossless, photo: !lossless }, { ...task, wantPixels }, { text, links });
}

async function renderPdfPage(task: PdfPageTask): Promise<RenderedPage> {
  if (task.engine === "pdfjs") return renderPdfjsPage(task);
  const opening = documentFor(task.path, task.password);
  const document = await opening;
  // Another page of this thread closed it meanwhile (countPage): open it again.
  if (documents.get(`${task.path}\u0000${task.password}`) !== opening) return renderPdfPage(task);
  const { pdfium, doc } = document;
  // Everything PDFium does for the page happens synchronously here, within the page's memory budget; encoding
  // (async) works on copies.
  const { drawn, text, links } = drawWithin(pdfium, task.pageMemoryBytes, () =>
    withPage(document, task.pageIndex, (page) => {
      const transform = pageTransform(pdfium, page);
      const { pictures, colourless, annotations } = inspectPage(pdfium, page);
      // The trial watermark is red: a watermarked page is drawn in colour (watermark.ts blends RGBA).
      const colours = colourless && !task.watermark ? "grey" : "rgba";
      const main = rasterise(document, page, task.region, task.sizes, colours, annotations);
      return {
        drawn: {
          main,
          // Drawn again at its own size, when the job writes it: far cheaper than resizing the main pixels (PDFium
          // keeps the page's decoded images between the two draws).
          ...(task.deriveOnRequest
            ? {}
            : { thumbnail: rasterise(document, page, task.region, thumbTarget(task.sizes), colours, annotations) }),
          lossless: colours === "grey" || (pictures === false && paperLike(main)),
          photo: pictures === true,
        },
        text: task.wantText ? readTextRuns(pdfium, page, transform) : [],
        links: task.wantLinks ? readLinks(pdfium, doc, page, transform) : [],
      };
    }),
  );
  // Everything above ran synchronously: no other page of this thread uses the document now.
  countPage(task.path, task.password, document);
  const wantPixels =
    task.wantPixels === "without-text" ? pageText(0, text, task.region).items.length === 0 : task.wantPixels;
  return finish(pdfium, drawn, { ...task, wantPixels }, { text, links });
}

async function renderImagePage(task: ImagePageTask): Promise<RenderedPage> {
  const { width, height } = task.sizes;
  const fitting = loadSharp()(task.path)
    .rotate()
    .resize({ width, height, fit: "contain", background: "#ffffff" })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb");
  // RGB for the JPEG it becomes; RGBA when the watermark is blended in (watermark.ts).
  const fitted = await (task.watermark ? fitting.ensureAlpha() : fitting).raw().toBuffer();
  const pdfium = await loadPdfium();
  const data = new Uint8Array(fitted.buffer, fitted.byteOffset, fitted.byteLength);
  const main: Pixels = { width, height, data, ...(task.watermark ? {} : { channels: 3 as const }) };
  return finish(pdfium, { main, lossless: false, photo: true }, task, { text: [], links: [] });
}

export function renderPage(task: PageTask): Promise<RenderedPage> {
  return task.kind === "pdf" ? renderPdfPage(task) : renderImagePage(task);
}

/**
 * Loads PDFium and draws one page (the watermark's document: the first document after start-up is markedly
 * slower): what a process that reads documents but encodes no page needs.
 */
export async function warmPdfium(): Promise<void> {
  drawWatermark(await loadPdfium(), new Uint8Array(200 * 200 * 4).fill(255), 200, 200);
}

/** PDFium warmed and libvips woken up, so a fresh worker's first real page costs what any page costs. */
export async function warmUp(): Promise<void> {
  await warmPdfium();
  await warmEncoder();
}
