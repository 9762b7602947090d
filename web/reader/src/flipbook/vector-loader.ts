import type { PDFDocumentProxy } from "pdfjs-dist";

/**
 * Loads pdf.js (a chunk of its own) and a book's PDF once, for full-vector books only. The offline build (one
 * classic script for file://) leaves pdf.js out: those books show their page pictures.
 */
const documents = new Map<string, Promise<{ pdf: PDFDocumentProxy; module: typeof import("./vector.js") } | null>>();

export function vectorDocument(url: string) {
  if (import.meta.env.MODE === "offline") return Promise.resolve(null);
  let loading = documents.get(url);
  if (!loading) {
    loading = import("./vector.js").then(
      async (module) => ({ pdf: await module.openPdf(url), module }),
      () => null,
    );
    // A PDF that cannot be read leaves the pictures in place.
    loading = loading.catch(() => null);
    documents.set(url, loading);
  }
  return loading;
}
