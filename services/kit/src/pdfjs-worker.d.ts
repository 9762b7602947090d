// pdfjs-dist ships no declarations for its worker module; pdfjs.ts only hands it back to pdf.js.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
