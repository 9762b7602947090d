/**
 * pdfjs-dist in Node: the legacy build, with @napi-rs/canvas supplying the browser classes pdfjs draws with.
 * The globals must exist before pdfjs is imported, so it is imported dynamically once.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Canvas, createCanvas, DOMMatrix, ImageData, Path2D } from "@napi-rs/canvas";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

export type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loaded: Promise<Pdfjs> | undefined;

export const pdfjsDir = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

export function loadPdfjs(): Promise<Pdfjs> {
  if (!loaded) {
    Object.assign(globalThis, { Path2D, DOMMatrix, ImageData });
    // The "fake worker" pdfjs runs in Node is loaded here too (it would otherwise load on the first open).
    loaded = Promise.all([
      import("pdfjs-dist/legacy/build/pdf.mjs"),
      import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
    ]).then(([pdfjs, worker]) => {
      Object.assign(globalThis, { pdfjsWorker: worker });
      return pdfjs;
    });
  }
  return loaded;
}

/** The source needs a password (none given, or the given one is wrong). */
export class PdfPasswordError extends Error {
  constructor() {
    super("Incorrect Password!");
    this.name = "PdfPasswordError";
  }
}

/** The bytes are not a PDF pdfjs can read. */
export class PdfReadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "PdfReadError";
  }
}

/**
 * pdfjs-dist carries its own (older) @napi-rs/canvas for scratch canvases; drawing one of those onto a canvas of
 * this package's copy crashes the process. This factory makes every canvas pdfjs creates come from one copy.
 */
class SameCanvasFactory {
  create(width: number, height: number) {
    if (width <= 0 || height <= 0) throw new Error("Invalid canvas size");
    const canvas = createCanvas(width, height);
    return { canvas, context: canvas.getContext("2d") };
  }

  reset(target: { canvas: Canvas | null }, width: number, height: number) {
    if (!target.canvas) throw new Error("Canvas is not specified");
    target.canvas.width = width;
    target.canvas.height = height;
  }

  destroy(target: { canvas: Canvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

export interface OpenPdf {
  document: PDFDocumentProxy;
  close(): Promise<void>;
}

/** Opens a PDF from bytes (copied: pdfjs detaches the buffer it is given). */
export async function openPdf(bytes: Uint8Array, password: string): Promise<OpenPdf> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    password: password || undefined,
    standardFontDataUrl: join(pdfjsDir, "standard_fonts/"),
    cMapUrl: join(pdfjsDir, "cmaps/"),
    cMapPacked: true,
    wasmUrl: join(pdfjsDir, "wasm/"),
    iccUrl: join(pdfjsDir, "iccs/"),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    CanvasFactory: SameCanvasFactory,
  });
  try {
    const document = await task.promise;
    return { document, close: () => task.destroy() };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as { name?: string }).name;
    if (name === "PasswordException") throw new PdfPasswordError();
    throw new PdfReadError((error as Error).message || String(error));
  }
}
