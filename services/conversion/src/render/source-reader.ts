/**
 * Reads what the plan needs from a source before any page is rendered: a PDF's page sizes and outline (and
 * whether its password opens it), an image's size. Every failure here happens before anything is written.
 */

import type { SourceOutlineEntry } from "../domain/page-content.js";
import type { Size } from "../domain/plan.js";
import { readOutline } from "./pdf-links.js";
import { openDocument, readF32, recycleHeapBytes, recycleIfLarge, withScratch } from "./pdfium.js";
import { openWithPdfjs, readPdfjsInfo } from "./pdfjs-document.js";
import { loadSharp } from "./sharp.js";

/** The engine that draws a source: PDFium, or pdf.js for a source PDFium refuses. */
export type PdfEngine = "pdfium" | "pdfjs";

export interface PdfInfo {
  pages: Size[];
  outline: SourceOutlineEntry[];
  engine: PdfEngine;
  /** Why PDFium refused the source, when pdf.js reads it (PdfPasswordError or the reason's catalogue key). */
  pdfiumRefusal?: string;
}

/** The image cannot be decoded. */
export class ImageReadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "ImageReadError";
  }
}

/**
 * Page sizes (points, as the page is shown: crop box, /Rotate applied) and, when asked, the outline, read by
 * PDFium; a source PDFium refuses is read by pdf.js (engine "pdfjs"), which then draws its pages too. Throws
 * PdfPasswordError / PdfReadError when neither opens it (pdf.js's answer: a password it asks for wins).
 */
export async function readPdf(bytes: Uint8Array, password: string, withOutline: boolean): Promise<PdfInfo> {
  try {
    return await readWithPdfium(bytes, password, withOutline);
  } catch (error) {
    const name = (error as Error).name;
    if ((name !== "PdfPasswordError" && name !== "PdfReadError") || bytes.length === 0) throw error;
    // pdf.js takes the bytes over (they are transferred to its worker): give it a copy.
    const document = await openWithPdfjs(bytes.slice(), password).catch((fallback: Error) => {
      throw fallback.name === "PdfPasswordError" ? fallback : error;
    });
    try {
      const info = await readPdfjsInfo(document, withOutline);
      const refusal = name === "PdfPasswordError" ? name : (error as Error).message;
      return { ...info, engine: "pdfjs", pdfiumRefusal: refusal };
    } finally {
      await document.destroy();
    }
  }
}

async function readWithPdfium(bytes: Uint8Array, password: string, withOutline: boolean): Promise<PdfInfo> {
  const document = await openDocument(bytes, password);
  try {
    const { pdfium, doc, pageCount } = document;
    const pages = withScratch(pdfium, 8, (size) =>
      Array.from({ length: pageCount }, (_, index) => {
        // FS_SIZEF: width, height
        if (!pdfium.FPDF_GetPageSizeByIndexF(doc, index, size)) return { width: 0, height: 0 };
        return { width: readF32(pdfium, size), height: readF32(pdfium, size + 4) };
      }),
    );
    return { pages, outline: withOutline ? readOutline(document) : [], engine: "pdfium" };
  } finally {
    document.close();
    await recycleIfLarge(recycleHeapBytes);
  }
}

/**
 * An image's displayed size (EXIF orientation applied), from its header whatever its size: the caller holds it
 * to the picture cap with a message of its own.
 */
export async function readImage(path: string): Promise<Size> {
  try {
    const metadata = await loadSharp()(path, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) throw new Error("no size");
    const swapped = (metadata.orientation ?? 1) >= 5;
    return swapped
      ? { width: metadata.height, height: metadata.width }
      : { width: metadata.width, height: metadata.height };
  } catch (error) {
    throw new ImageReadError((error as Error).message);
  }
}
