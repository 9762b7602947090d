// pdfjs-dist ships no declarations for its worker module; it is only handed back to pdfjs as globalThis.pdfjsWorker.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
