/**
 * Reads what the plan needs from a source before any page is rendered: a PDF's page sizes and outline (and
 * whether its password opens it), an image's size. Every failure here happens before anything is written.
 */
import sharp from "sharp";
import type { SourceOutlineEntry } from "../domain/page-content.js";
import type { Size } from "../domain/plan.js";
import { openPdf, type PDFDocumentProxy } from "./pdfjs.js";

export interface PdfInfo {
  pages: Size[];
  outline: SourceOutlineEntry[];
}

/** The image cannot be decoded. */
export class ImageReadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ImageReadError";
  }
}

async function targetPage(document: PDFDocumentProxy, dest: unknown): Promise<number | undefined> {
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

interface PdfjsOutlineItem {
  title: string;
  dest: unknown;
  url: string | null;
  items: PdfjsOutlineItem[];
}

async function readOutline(document: PDFDocumentProxy, items: PdfjsOutlineItem[]): Promise<SourceOutlineEntry[]> {
  const entries: SourceOutlineEntry[] = [];
  for (const item of items) {
    const target = item.dest ? await targetPage(document, item.dest) : undefined;
    entries.push({
      title: item.title,
      ...(target === undefined ? {} : { targetSourcePage: target }),
      ...(item.url ? { url: item.url } : {}),
      children: await readOutline(document, item.items ?? []),
    });
  }
  return entries;
}

/** Page sizes (points, rotation applied) and, when asked, the outline. Throws PdfPasswordError / PdfReadError. */
export async function readPdf(bytes: Uint8Array, password: string, withOutline: boolean): Promise<PdfInfo> {
  const open = await openPdf(bytes, password);
  try {
    const { document } = open;
    const pages: Size[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      pages.push({ width: viewport.width, height: viewport.height });
      page.cleanup();
    }
    const outline = withOutline
      ? await readOutline(document, ((await document.getOutline()) ?? []) as PdfjsOutlineItem[])
      : [];
    return { pages, outline };
  } finally {
    await open.close();
  }
}

/** An image's displayed size (EXIF orientation applied). */
export async function readImage(path: string): Promise<Size> {
  try {
    const metadata = await sharp(path).metadata();
    if (!metadata.width || !metadata.height) throw new Error("no size");
    const swapped = (metadata.orientation ?? 1) >= 5;
    return swapped
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  } catch (error) {
    throw new ImageReadError((error as Error).message);
  }
}
