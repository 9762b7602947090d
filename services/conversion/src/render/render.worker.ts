/** A render worker thread with its own PDFium: renders the page tasks the pool sends. */
import { parentPort } from "node:worker_threads";
import { type PageTask, type RenderedPage, releaseDocuments, renderPage, warmUp } from "./page-renderer.js";

export type WorkerRequest = { id: number; task: PageTask } | { id: number; release: string };
export type WorkerReply = { id: number; result?: unknown; error?: { name: string; message: string } };

const port = parentPort;
if (!port) throw new Error("render.worker must run in a worker thread");

// Requests wait for the warm-up (PDFium loaded, libvips awake) that starts with the thread.
const ready = warmUp().catch(() => undefined);

/** The result's buffers move to the main thread instead of being copied. */
function transferList(result: RenderedPage): ArrayBuffer[] {
  const images = [...result.webp, result.thumb, ...(result.jpg ? [result.jpg] : [])];
  const buffers = images.map((image) => image.data.buffer as ArrayBuffer);
  if (result.pixels) buffers.push(result.pixels.data.buffer as ArrayBuffer);
  return [...new Set(buffers)];
}

port.on("message", async (request: WorkerRequest) => {
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
    const { name, message } = error as Error;
    port.postMessage({
      id: request.id,
      error: { name: name ?? "Error", message: message ?? String(error) },
    } satisfies WorkerReply);
  }
});
