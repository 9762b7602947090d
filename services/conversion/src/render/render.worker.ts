/** A render worker thread: renders the page tasks the pool sends, one at a time. */
import { parentPort } from "node:worker_threads";
import { type PageTask, releaseDocuments, renderPage, warmUp } from "./page-renderer.js";

export type WorkerRequest = { id: number; task: PageTask } | { id: number; release: string };
export type WorkerReply = { id: number; result?: unknown; error?: { name: string; message: string } };

const port = parentPort;
if (!port) throw new Error("render.worker must run in a worker thread");

// Requests wait for the warm-up (pdfjs loaded, libvips awake) that starts with the thread.
const ready = warmUp().catch(() => undefined);

port.on("message", async (request: WorkerRequest) => {
  await ready;
  try {
    if ("release" in request) {
      await releaseDocuments(request.release);
      port.postMessage({ id: request.id } satisfies WorkerReply);
      return;
    }
    const result = await renderPage(request.task);
    const transfer = [...result.webp, result.jpg, result.thumb].map((image) => image.data.buffer as ArrayBuffer);
    port.postMessage({ id: request.id, result } satisfies WorkerReply, transfer);
  } catch (error) {
    const { name, message } = error as Error;
    port.postMessage({
      id: request.id,
      error: { name: name ?? "Error", message: message ?? String(error) },
    } satisfies WorkerReply);
  }
});
