import type { WrappedPdfiumModule } from "@embedpdf/pdfium";

/**
 * One loaded PDFium: the WebAssembly module's functions, which the native library (pdfium-native.ts) offers too.
 * A leaf module, so the loader (pdfium.ts) and the native library both name it without importing each other.
 */
export type Pdfium = WrappedPdfiumModule;
