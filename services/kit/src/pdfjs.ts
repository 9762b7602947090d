import { importKeepingBuiltins } from "./native-builtins.js";

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loaded: Promise<PdfjsModule> | undefined;

/**
 * pdf.js's legacy build (the one for Node), imported once per thread without the builtins its bundled polyfills
 * replace (native-builtins.ts). Its worker module runs in this thread ("fake worker"): it is imported here the same
 * way and handed to pdf.js as `globalThis.pdfjsWorker`, which pdf.js would otherwise import on its first document.
 */
export function loadPdfjs(): Promise<PdfjsModule> {
  loaded ??= importKeepingBuiltins(async () => {
    const [pdfjs, worker] = await Promise.all([
      import("pdfjs-dist/legacy/build/pdf.mjs"),
      import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
    ]);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return pdfjs;
  });
  return loaded;
}
