// pdfjs-dist ships no declarations for its worker module (the benchmark's pdf.js path hands it back to pdfjs as globalThis.pdfjsWorker).
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
