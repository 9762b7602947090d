/**
 * Renders one book page (a region of a PDF page, or an image) to its encoded renditions, and reads the page's
 * text runs and links. Runs inside a render worker thread (or in-process when the pool has no threads).
 */
import { join } from "node:path";
import { type Canvas, createCanvas, GlobalFonts, ImageData } from "@napi-rs/canvas";
import sharp from "sharp";
import type { SourceLink, TextRun } from "../domain/page-content.js";
import type { Region } from "../domain/plan.js";
import type { RenditionSizes } from "../domain/renditions.js";
import { loadPdfjs, type OpenPdf, openPdf, type PDFDocumentProxy, pdfjsDir } from "./pdfjs.js";

export interface EncodeSettings {
  sizes: RenditionSizes;
  /** WebP quality. */
  quality: number;
  /** Quality of the JPEG fallback. */
  jpegQuality: number;
  /** WebP effort 0-6: lower is faster, larger files. */
  webpEffort: number;
  watermark: boolean;
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

export interface EncodedImage {
  width: number;
  data: Uint8Array;
}

export interface RenderedPage {
  webp: EncodedImage[];
  jpg: EncodedImage;
  thumb: EncodedImage;
  /** Text runs and links of the whole source page, in page coordinates at scale 1. */
  text: TextRun[];
  links: SourceLink[];
}

const documents = new Map<string, Promise<OpenPdf>>();

function documentFor(path: string, password: string): Promise<OpenPdf> {
  const key = `${path}\u0000${password}`;
  let open = documents.get(key);
  if (!open) {
    open = (async () => {
      const { readFile } = await import("node:fs/promises");
      return openPdf(new Uint8Array(await readFile(path)), password);
    })();
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
    await (await open.catch(() => undefined))?.close();
  }
}

let watermarkFont: string | undefined;

function drawWatermark(canvas: Canvas): void {
  if (watermarkFont === undefined) {
    GlobalFonts.registerFromPath(join(pdfjsDir, "standard_fonts/LiberationSans-Bold.ttf"), "TurnleafWatermark");
    watermarkFont = "TurnleafWatermark";
  }
  const context = canvas.getContext("2d");
  const { width, height } = canvas;
  const size = Math.max(12, Math.round(Math.min(width, height) / 9));
  context.save();
  context.translate(width / 2, height / 2);
  context.rotate(-Math.atan2(height, width));
  context.font = `${size}px ${watermarkFont}`;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillStyle = "rgba(200, 30, 30, 0.28)";
  context.fillText("TURNLEAF TRIAL", 0, 0);
  context.font = `${Math.round(size / 3)}px ${watermarkFont}`;
  context.fillText("made with an unregistered copy", 0, size * 0.8);
  context.restore();
}

async function encode(pixels: Buffer, settings: EncodeSettings): Promise<Omit<RenderedPage, "text" | "links">> {
  const { sizes, quality, jpegQuality, webpEffort } = settings;
  const base = sharp(pixels, { raw: { width: sizes.width, height: sizes.height, channels: 4 } }).removeAlpha();
  const webpAt = async (width: number) => {
    const pipeline = width === sizes.width ? base.clone() : base.clone().resize({ width });
    return { width, data: await pipeline.webp({ quality, effort: webpEffort, smartSubsample: false }).toBuffer() };
  };
  const [webp, jpg, thumb] = await Promise.all([
    Promise.all(sizes.widths.map(webpAt)),
    base
      .clone()
      .jpeg({ quality: jpegQuality, mozjpeg: false })
      .toBuffer()
      .then((data) => ({ width: sizes.width, data })),
    base
      .clone()
      .resize({ width: sizes.thumbWidth })
      .webp({ quality: 70, effort: webpEffort })
      .toBuffer()
      .then((data) => ({ width: sizes.thumbWidth, data })),
  ]);
  return { webp, jpg, thumb };
}

function canvasPixels(canvas: Canvas): Buffer {
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

async function resolveTarget(document: PDFDocumentProxy, dest: unknown): Promise<number | undefined> {
  try {
    const explicit = typeof dest === "string" ? await document.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return undefined;
    const target = explicit[0] as unknown;
    if (typeof target === "number") return target;
    if (target && typeof target === "object") return await document.getPageIndex(target as never);
  } catch {
    return undefined;
  }
  return undefined;
}

async function renderPdfPage(task: PdfPageTask): Promise<RenderedPage> {
  const pdfjs = await loadPdfjs();
  const { document } = await documentFor(task.path, task.password);
  const page = await document.getPage(task.pageIndex + 1);
  try {
    const { scale, width, height } = task.sizes;
    const viewport = page.getViewport({ scale, offsetX: -task.region.x * scale, offsetY: -task.region.y * scale });
    const canvas = createCanvas(width, height);
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: canvas as never, viewport }).promise;
    if (task.watermark) drawWatermark(canvas);
    const encoded = await encode(canvasPixels(canvas), task);

    const unit = page.getViewport({ scale: 1 });
    const text: TextRun[] = [];
    if (task.wantText) {
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!("str" in item) || item.str === "") continue;
        const transform = pdfjs.Util.transform(unit.transform, item.transform);
        const fontHeight = Math.hypot(transform[2] ?? 0, transform[3] ?? 0);
        text.push({
          text: item.str,
          x: transform[4] ?? 0,
          y: (transform[5] ?? 0) - fontHeight,
          width: item.width,
          height: fontHeight,
        });
      }
    }
    const links: SourceLink[] = [];
    if (task.wantLinks) {
      for (const annotation of (await page.getAnnotations({ intent: "display" })) as {
        subtype?: string;
        rect?: number[];
        url?: string;
        unsafeUrl?: string;
        dest?: unknown;
      }[]) {
        if (annotation.subtype !== "Link" || !annotation.rect) continue;
        const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = unit.convertToViewportRectangle(annotation.rect);
        const box = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
        const url = annotation.url ?? annotation.unsafeUrl;
        if (url) links.push({ ...box, url });
        else if (annotation.dest !== undefined) {
          const target = await resolveTarget(document, annotation.dest);
          if (target !== undefined) links.push({ ...box, targetSourcePage: target });
        }
      }
    }
    return { ...encoded, text, links };
  } finally {
    page.cleanup();
  }
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
  let pixels: Buffer = fitted;
  if (task.watermark) {
    const canvas = createCanvas(width, height);
    canvas.getContext("2d").putImageData(new ImageData(new Uint8ClampedArray(fitted), width, height), 0, 0);
    drawWatermark(canvas);
    pixels = canvasPixels(canvas);
  }
  return { ...(await encode(pixels, task)), text: [], links: [] };
}

export function renderPage(task: PageTask): Promise<RenderedPage> {
  return task.kind === "pdf" ? renderPdfPage(task) : renderImagePage(task);
}

/**
 * Loads pdfjs and wakes libvips up (the first encode of a process is several times slower), so a fresh worker's
 * first real page costs what any page costs.
 */
export async function warmUp(): Promise<void> {
  await loadPdfjs();
  const pixels = Buffer.alloc(64 * 64 * 4, 255);
  const base = sharp(pixels, { raw: { width: 64, height: 64, channels: 4 } }).removeAlpha();
  await Promise.all([base.clone().webp().toBuffer(), base.clone().jpeg().toBuffer()]);
}
