/**
 * PDFium drawing pages and sharp writing one JPEG each (quality 85, no Huffman optimisation), nothing else: the
 * same output as `pdftoppm -jpeg`, for a like-for-like renderer comparison in the engine benchmark. Uses the
 * built service's PDFium modules (workerData.dist: the URL of services/conversion/dist/).
 * The same messages as convert-pdfjs-worker.ts: in {path, pages: [1-based page], maxSide} or {warm: true};
 * out {page, bytes}.
 */
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import sharp from "sharp";

type PdfiumModule = typeof import("../../services/conversion/dist/render/pdfium.js");
type RasterModule = typeof import("../../services/conversion/dist/render/raster.js");

const port = parentPort;
if (!port) throw new Error("convert-pdfium-jpeg-worker runs in a worker thread");
const dist = (workerData as { dist: string }).dist;
const pdfium = (await import(new URL("render/pdfium.js", dist).href)) as PdfiumModule;
const { rasterise } = (await import(new URL("render/raster.js", dist).href)) as RasterModule;
await pdfium.loadPdfium();
const documents = new Map<string, Promise<Awaited<ReturnType<PdfiumModule["openDocument"]>>>>();

port.on("message", async (message: { path: string; pages: number[]; maxSide: number } | { warm: true }) => {
  if ("warm" in message) {
    await sharp(Buffer.alloc(64 * 64 * 3, 255), { raw: { width: 64, height: 64, channels: 3 } })
      .jpeg()
      .toBuffer();
    port.postMessage({ warm: true });
    return;
  }
  const number = message.pages[0] ?? 1;
  let document = documents.get(message.path);
  if (!document) {
    document = readFile(message.path).then((bytes) => pdfium.openDocument(new Uint8Array(bytes), ""));
    documents.set(message.path, document);
  }
  const open = await document;
  const pixels = pdfium.withPage(open, number - 1, (page) => {
    const width = open.pdfium.FPDF_GetPageWidthF(page);
    const height = open.pdfium.FPDF_GetPageHeightF(page);
    const scale = message.maxSide / Math.max(width, height);
    const target = { width: Math.round(width * scale), height: Math.round(height * scale), scale };
    return rasterise(open, page, { x: 0, y: 0, width, height }, target);
  });
  const jpeg = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 85, optimiseCoding: false })
    .toBuffer();
  port.postMessage({ page: number, bytes: jpeg.length });
});
port.postMessage({ ready: true });
