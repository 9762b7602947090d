/**
 * The render engine as the tests drive it apart from the service: PDFium (WebAssembly or the native library) and
 * its choice, reading a PDF, rendering one page, the render pool and its early process, the JPEG encoder, the link
 * filter, the memory budget's error and the rendition sizes. Exported as `@turnleaf/conversion/render`; importing
 * it starts nothing.
 */

export type { Region } from "./domain/plan.js";
export { renditionSizes } from "./domain/renditions.js";
export { jpegOf } from "./render/jpeg.js";
export { RenderMemoryError } from "./render/memory-budget.js";
export {
  type PagePixels,
  type PdfPageTask,
  type RenderedPage,
  releaseDocuments,
  renderPage,
} from "./render/page-renderer.js";
export { safeUrl } from "./render/pdf-links.js";
export { loadPdfium, openDocument, recycleIfLarge, selectPdfium } from "./render/pdfium.js";
export { choosePdfium, nativeLibraryPath } from "./render/pdfium-native-library.js";
export { createRenderPool, type RenderPool } from "./render/pool.js";
export { startEarlyRenderProcess } from "./render/render-process.js";
export { readPdf } from "./render/source-reader.js";
