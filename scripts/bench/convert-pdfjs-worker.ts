/**
 * The conversion's former render path, kept for the engine benchmark only (scripts/bench/convert-engines.ts):
 * pdfjs-dist 5.6 (legacy build) drawing on @napi-rs/canvas in a worker thread, pixels read back with
 * getImageData and encoded by sharp into what a job wrote then (WebP at the main width and 960 px, JPEG, thumb).
 * Messages in: {path, pages, maxSide} or {warm: true}; out: {page, ms, bytes} per page, then {done}.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parentPort } from "node:worker_threads";
import { type Canvas, createCanvas, DOMMatrix, ImageData, Path2D } from "@napi-rs/canvas";
import sharp from "sharp";

const port = parentPort;
if (!port) throw new Error("convert-pdfjs-worker runs in a worker thread");

const pdfjsDir = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
Object.assign(globalThis, { Path2D, DOMMatrix, ImageData });
const [pdfjs, worker] = await Promise.all([
  import("pdfjs-dist/legacy/build/pdf.mjs"),
  import("pdfjs-dist/legacy/build/pdf.worker.mjs"),
]);
Object.assign(globalThis, { pdfjsWorker: worker });

/** pdfjs' scratch canvases must come from the same @napi-rs/canvas copy as ours. */
class SameCanvasFactory {
  create(width: number, height: number) {
    const canvas = createCanvas(width, height);
    return { canvas, context: canvas.getContext("2d") };
  }
  reset(target: { canvas: Canvas }, width: number, height: number) {
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: Canvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

const documents = new Map<string, ReturnType<typeof load>>();

/** A document stays open for the thread's next pages (as the former renderer kept it per job). */
function open(path: string) {
  let document = documents.get(path);
  if (!document) {
    document = load(path);
    documents.set(path, document);
  }
  return document;
}

async function load(path: string) {
  return pdfjs.getDocument({
    data: new Uint8Array(await readFile(path)),
    standardFontDataUrl: join(pdfjsDir, "standard_fonts/"),
    cMapUrl: join(pdfjsDir, "cmaps/"),
    cMapPacked: true,
    wasmUrl: join(pdfjsDir, "wasm/"),
    iccUrl: join(pdfjsDir, "iccs/"),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    CanvasFactory: SameCanvasFactory,
  }).promise;
}

async function encodeAsBefore(pixels: Buffer, width: number, height: number, small: number): Promise<number> {
  const base = sharp(pixels, { raw: { width, height, channels: 4 } }).removeAlpha();
  const outputs = await Promise.all([
    base.clone().webp({ quality: 75, effort: 2, smartSubsample: false }).toBuffer(),
    base.clone().resize({ width: small }).webp({ quality: 75, effort: 2, smartSubsample: false }).toBuffer(),
    base.clone().jpeg({ quality: 85, mozjpeg: false }).toBuffer(),
    base.clone().resize({ width: 200 }).webp({ quality: 70, effort: 2 }).toBuffer(),
  ]);
  return outputs[0]?.length ?? 0;
}

port.on("message", async (message: { path: string; pages: number[]; maxSide: number } | { warm: true }) => {
  if ("warm" in message) {
    const pixels = Buffer.alloc(64 * 64 * 4, 255);
    await encodeAsBefore(pixels, 64, 64, 32);
    port.postMessage({ warm: true });
    return;
  }
  const document = await open(message.path);
  for (const number of message.pages) {
    const started = performance.now();
    const page = await document.getPage(number);
    const unit = page.getViewport({ scale: 1 });
    const scale = message.maxSide / Math.max(unit.width, unit.height);
    const viewport = page.getViewport({ scale });
    const width = Math.round(viewport.width);
    const height = Math.round(viewport.height);
    const canvas = createCanvas(width, height);
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: canvas as never, viewport }).promise;
    const data = context.getImageData(0, 0, width, height).data;
    await page.getTextContent();
    const bytes = await encodeAsBefore(
      Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      width,
      height,
      Math.round((width * 960) / Math.max(width, height)),
    );
    page.cleanup();
    port.postMessage({ page: number, ms: performance.now() - started, bytes });
  }
  port.postMessage({ done: true });
});
port.postMessage({ ready: true });
