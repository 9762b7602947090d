/**
 * A render worker with its own PDFium: renders the page tasks the pool sends. A worker thread (PDFium's
 * WebAssembly build; its choice comes as workerData) or a child process (the native library; its choice comes in
 * the environment, messages over the IPC channel).
 */
import { parentPort, workerData } from "node:worker_threads";
import { warmEncoder } from "./encode.js";
import { type PageTask, type RenderedPage, releaseDocuments, renderPage, warmPdfium } from "./page-renderer.js";
import { type PdfiumChoice, selectPdfium } from "./pdfium.js";
import { oneVipsThreadPerOperation } from "./sharp.js";

/**
 * How long an idle new worker waits for a first request before it wakes libvips anyway: longer than a starting
 * replica takes to send the job waiting for it (its consumer starts once this worker is warm).
 */
const encoderQuietMs = 1_000;

export type WorkerRequest = { id: number; task: PageTask } | { id: number; release: string };
export type WorkerReply = {
  id: number;
  result?: unknown;
  error?: { name: string; message: string; budgetBytes?: number };
};

interface Port {
  on(event: "message", listener: (request: WorkerRequest) => void): unknown;
  postMessage(reply: WorkerReply, transfer?: ArrayBuffer[]): void;
}

function processPort(): Port {
  const send = process.send?.bind(process);
  if (!send) throw new Error("render.worker must run in a worker thread or a forked process");
  // The parent going away ends this process (a pool that was closed or crashed).
  process.on("disconnect", () => process.exit(0));
  return {
    on: (event, listener) => process.on(event, listener as (message: unknown) => void),
    postMessage: (reply) => send(reply),
  };
}

const port: Port = parentPort ?? processPort();
// Set by the pool (render-process.ts renderPdfiumVariable) for this process only; not configuration.
const variable = process.env.TURNLEAF_RENDER_PDFIUM;
const choice = parentPort
  ? (workerData as { pdfium?: PdfiumChoice } | undefined)?.pdfium
  : variable
    ? (JSON.parse(variable) as PdfiumChoice)
    : undefined;
if (choice) selectPdfium(choice);

oneVipsThreadPerOperation();
// Requests wait for PDFium, which loads as the worker starts. libvips (sharp's ~50 ms of loading and its first,
// slower encodes) wakes once the first request has been answered, or after a second without one (an idle replica):
// a new replica's first page no longer waits for it, and loads sharp itself only when its encoding needs it (a
// grey page's PNG and a photo page's JPEG do not). bench:cold-first-page, bundled as the service runs, medians of
// two passes each: 342-391 → 323 ms and 400-403 → 315-386 ms (2026-12-07).
const ready = warmPdfium().catch(() => undefined);
// A render process tells its pool when it is warm (the pool measures a page's memory from there).
if (!parentPort) void ready.then(() => process.send?.({ ready: true }));
let encoderWarmed = false;
const warmEncoderOnce = () => {
  if (encoderWarmed) return;
  encoderWarmed = true;
  void warmEncoder().catch(() => undefined);
};
const quietWarmUp = setTimeout(warmEncoderOnce, encoderQuietMs);

/** The result's buffers move to the main thread instead of being copied. */
function transferList(result: RenderedPage): ArrayBuffer[] {
  const images = [...result.webp, ...(result.thumb ? [result.thumb] : []), ...(result.jpg ? [result.jpg] : [])];
  const buffers = images.map((image) => image.data.buffer as ArrayBuffer);
  if (result.pixels) buffers.push(result.pixels.data.buffer as ArrayBuffer);
  return [...new Set(buffers)];
}

port.on("message", async (request: WorkerRequest) => {
  clearTimeout(quietWarmUp);
  await ready;
  try {
    if ("release" in request) {
      await releaseDocuments(request.release);
      port.postMessage({ id: request.id } satisfies WorkerReply);
      return;
    }
    const result = await renderPage(request.task);
    port.postMessage({ id: request.id, result } satisfies WorkerReply, transferList(result));
  } catch (error) {
    const { name, message, budgetBytes } = error as Error & { budgetBytes?: number };
    port.postMessage({
      id: request.id,
      error: { name: name ?? "Error", message: message ?? String(error), ...(budgetBytes ? { budgetBytes } : {}) },
    } satisfies WorkerReply);
  } finally {
    // After the reply has gone: the next request waits for the warm-up's loading instead of this one.
    setImmediate(warmEncoderOnce);
  }
});
