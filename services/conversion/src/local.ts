/**
 * The conversion pipeline for use in-process outside the service (the desktop tool's `turnleaf import`):
 * the same job, plan and renderers, storing the book in a folder on disk (FsBookStore) instead of S3.
 * Exported as `@turnleaf/conversion/local`; importing it starts nothing.
 */

import { warmPdfium, warmUp } from "./render/page-renderer.js";
import { type PdfiumChoice, selectPdfium } from "./render/pdfium.js";
import { choosePdfium } from "./render/pdfium-native-library.js";
import { loadSharp } from "./render/sharp.js";

export { type BookStorage, SourceMissingError } from "./data/book-store.js";
export { FsBookStore, type FsBookStoreOptions } from "./data/fs-book-store.js";
export { failureInEnglish, failureMessages, JobFailure } from "./domain/failures.js";
export { trialPageLimit } from "./domain/plan.js";
export { type ConvertDependencies, type ConvertResult, convertJob, webpQualityFor } from "./pipeline/convert-job.js";
export { PdfPasswordError, PdfReadError } from "./render/pdf-errors.js";
export { createRenderPool, type RenderPool } from "./render/pool.js";
export { ImageReadError, readImage, readPdf } from "./render/source-reader.js";

/**
 * The PDFium this process converts with, chosen before anything loads it (call it before reading a source):
 * the native library where it is installed (scripts/install-pdfium.sh), as the service does, else WebAssembly.
 */
export function choosePdfiumForConversions(): PdfiumChoice {
  const pdfium = choosePdfium("auto");
  selectPdfium(pdfium);
  return pdfium;
}

/**
 * Prepares this process for conversions, as the service does: with render threads (WebAssembly), sharp is loaded in
 * the main thread before any of them (libvips must outlive the workers) and warmed with PDFium; with render processes
 * (the native library), which encode the pages themselves, the main thread warms PDFium only.
 */
export async function prepareConversion(pdfium: PdfiumChoice): Promise<void> {
  if (pdfium.engine === "native") return warmPdfium();
  loadSharp();
  await warmUp();
}
