import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

/**
 * Full-vector books (spec 000 engineType 5): the original PDF drawn by pdf.js. This module and pdf.js are a chunk of
 * their own, imported only when a book's settings carry `vectorPdfUrl` (see vector-loader.ts); the worker is a
 * separate file too.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/** Where the build put pdf.js's CMaps, standard fonts, wasm decoders and ICC profile (vite.config.ts). */
declare const __PDFJS_DATA__: string;

export function openPdf(url: string): Promise<PDFDocumentProxy> {
  const data = __PDFJS_DATA__;
  return getDocument({
    url,
    withCredentials: true,
    isEvalSupported: false,
    cMapUrl: `${data}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${data}standard_fonts/`,
    wasmUrl: `${data}wasm/`,
    iccUrl: `${data}iccs/`,
  }).promise;
}

/** Draws a page into the canvas at its CSS size × the pixel density wanted; answers the task to cancel it. */
export async function drawPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  density: number,
): Promise<RenderTask | null> {
  const page = await pdf.getPage(pageNumber);
  const natural = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: (cssWidth * density) / natural.width });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  return page.render({ canvas, viewport });
}
