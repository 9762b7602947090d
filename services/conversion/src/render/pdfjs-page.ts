/**
 * One page drawn by pdf.js (the fallback engine, pdfjs-document.ts) on a Node canvas (@napi-rs/canvas, the canvas
 * pdfjs-dist itself loads in Node), with its text runs and links in the same coordinates PDFium's readers give:
 * the page as shown at scale 1, top-left origin.
 */
import { readFile } from "node:fs/promises";
import { loadPdfjs } from "@turnleaf/kit/pdfjs";
import type { SourceLink, TextRun } from "../domain/page-content.js";
import type { Region } from "../domain/plan.js";
import { PdfReadError } from "./pdf-errors.js";
import { safeUrl } from "./pdf-links.js";
import { destinationPage, openWithPdfjs, type PdfjsDocument, type PdfjsPage } from "./pdfjs-document.js";
import type { Pixels } from "./raster.js";
import { readReasons } from "./read-reasons.js";

type Viewport = ReturnType<PdfjsPage["getViewport"]>;

/** What this file uses of a canvas context (@napi-rs/canvas's SKRSContext2D; no DOM types in a service). */
interface Context2d {
  fillStyle: string;
  fillRect(x: number, y: number, width: number, height: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
}

interface CanvasPair {
  canvas: { width: number; height: number };
  context: Context2d;
}

type RenderParameters = Parameters<PdfjsPage["render"]>[0];

interface CanvasFactory {
  create(width: number, height: number): CanvasPair;
  destroy(pair: CanvasPair): void;
}

/** Draws `region` of the page at `target` size into RGBA, annotation appearances (form fields too) included. */
export async function drawWithPdfjs(
  document: PdfjsDocument,
  page: PdfjsPage,
  region: Region,
  target: { width: number; height: number; scale: number },
): Promise<Pixels> {
  const { AnnotationMode } = await loadPdfjs();
  const { width, height, scale } = target;
  const viewport = page.getViewport({
    scale,
    offsetX: -Math.round(region.x * scale),
    offsetY: -Math.round(region.y * scale),
  });
  const factory = (document as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
  const pair = factory.create(width, height);
  try {
    const { context } = pair;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    const parameters = {
      canvas: pair.canvas,
      canvasContext: context,
      viewport,
      annotationMode: AnnotationMode.ENABLE,
    } as unknown as RenderParameters;
    await page.render(parameters).promise;
    const image = context.getImageData(0, 0, width, height);
    return { width, height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
  } finally {
    factory.destroy(pair);
  }
}

/** A user-space rectangle's box on the page as shown at scale 1. */
function boxOf(viewport: Viewport, corners: [number, number][]) {
  const points = corners.map(([x, y]) => viewport.convertToViewportPoint(x, y) as [number, number]);
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** The page's text items as runs: each item's box from its baseline origin, advance and font size. */
export async function readPdfjsText(page: PdfjsPage): Promise<TextRun[]> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items as TextItem[]) {
    const text = item.str?.trim();
    if (!text || !item.transform) continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    const along = Math.hypot(a, b) || 1;
    const up = Math.hypot(c, d) || 1;
    const [ux, uy] = [(a / along) * item.width, (b / along) * item.width];
    const fontHeight = item.height || up;
    // From a little under the baseline (descenders) to the font's height above it.
    const [vx, vy] = [(c / up) * fontHeight, (d / up) * fontHeight];
    const [dx, dy] = [-vx * 0.2, -vy * 0.2];
    const box = boxOf(viewport, [
      [e + dx, f + dy],
      [e + dx + ux, f + dy + uy],
      [e + vx, f + vy],
      [e + ux + vx, f + uy + vy],
    ]);
    runs.push({ text, ...box });
  }
  return runs;
}

interface LinkAnnotation {
  subtype: string;
  rect: number[];
  url?: string;
  unsafeUrl?: string;
  dest?: unknown;
}

/** Link annotations: a safe URL or a page of the same document. */
export async function readPdfjsLinks(document: PdfjsDocument, page: PdfjsPage): Promise<SourceLink[]> {
  const viewport = page.getViewport({ scale: 1 });
  const links: SourceLink[] = [];
  for (const annotation of (await page.getAnnotations({ intent: "display" })) as LinkAnnotation[]) {
    if (annotation.subtype !== "Link" || annotation.rect?.length !== 4) continue;
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = annotation.rect;
    const box = boxOf(viewport, [
      [x1, y1],
      [x2, y2],
    ]);
    const candidate = annotation.url ?? annotation.unsafeUrl;
    const url = candidate ? safeUrl(candidate) : undefined;
    if (url) {
      links.push({ ...box, url });
      continue;
    }
    const target = annotation.dest !== undefined ? await destinationPage(document, annotation.dest) : undefined;
    if (target !== undefined) links.push({ ...box, targetSourcePage: target });
  }
  return links;
}

const documents = new Map<string, Promise<PdfjsDocument>>();

/** A source opened with pdf.js in this thread, kept until the job releases it (as PDFium's documents are). */
export function pdfjsDocumentFor(path: string, password: string): Promise<PdfjsDocument> {
  const key = `${path}\u0000${password}`;
  let open = documents.get(key);
  if (!open) {
    open = readFile(path).then((bytes) => openWithPdfjs(new Uint8Array(bytes), password));
    documents.set(key, open);
    open.catch(() => documents.delete(key));
  }
  return open;
}

/** Closes the pdf.js documents opened from a file. */
export async function releasePdfjsDocuments(path: string): Promise<void> {
  for (const [key, open] of [...documents]) {
    if (!key.startsWith(`${path}\u0000`)) continue;
    documents.delete(key);
    await (await open.catch(() => undefined))?.destroy();
  }
}

/** A page drawn and read by pdf.js: its pixels, and its text and links when asked. */
export async function drawPdfjsPage(task: {
  path: string;
  password: string;
  pageIndex: number;
  region: Region;
  sizes: { width: number; height: number; scale: number };
  wantText: boolean;
  wantLinks: boolean;
}): Promise<{ main: Pixels; text: TextRun[]; links: SourceLink[] }> {
  const document = await pdfjsDocumentFor(task.path, task.password);
  const page = await document.getPage(task.pageIndex + 1).catch(() => {
    throw new PdfReadError(readReasons.page);
  });
  try {
    const main = await drawWithPdfjs(document, page, task.region, task.sizes);
    const text = task.wantText ? await readPdfjsText(page) : [];
    const links = task.wantLinks ? await readPdfjsLinks(document, page) : [];
    return { main, text, links };
  } finally {
    page.cleanup();
  }
}
