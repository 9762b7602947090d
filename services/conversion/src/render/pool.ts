/**
 * A pool of render worker threads: pages of a book render in parallel inside one replica. Each worker opens a
 * source once and keeps it until the job releases it. A worker that dies fails its task and is replaced.
 */
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type PageTask, type RenderedPage, releaseDocuments, renderPage } from "./page-renderer.js";
import type { WorkerReply, WorkerRequest } from "./render.worker.js";

export interface RenderPool {
  readonly size: number;
  render(task: PageTask): Promise<RenderedPage>;
  /** Closes the documents every worker opened from this file. */
  release(path: string): Promise<void>;
  close(): Promise<void>;
}

/** Rebuilds an error a worker reported, keeping its name (so PdfPasswordError stays recognisable). */
function reviveError(error: { name: string; message: string }): Error {
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

class Slot {
  worker: Worker;
  readonly pending = new Map<number, Pending>();
  busy = 0;

  constructor(private readonly spawn: () => Worker) {
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = this.spawn();
    worker.on("message", (reply: WorkerReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.error) pending.reject(reviveError(reply.error));
      else pending.resolve(reply.result);
    });
    const fail = (error: Error) => {
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      fail(new Error(`render worker exited with code ${code}`));
      if (!this.closing) this.worker = this.start();
    });
    worker.unref();
    return worker;
  }

  closing = false;

  send(request: WorkerRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(request);
    }).finally(() => {
      if (this.pending.size === 0) this.worker.unref();
    });
  }
}

function spawnWorker(): Worker {
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(fileURLToPath(new URL("./render.worker.js", import.meta.url)));
  // Running from sources (tests, the benchmark): the worker registers the TypeScript loader first.
  const tsx = import.meta.resolve("tsx/esm/api");
  const worker = new URL("./render.worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); })`;
  return new Worker(boot, { eval: true });
}

export interface RenderPoolOptions {
  /**
   * Every task encodes only what must exist before the book opens (main WebP, thumbnail); the lighter width and
   * the JPEG fallback are derived on first request by whoever serves the book (the gateway). The service sets
   * it; the desktop tool's offline books need every file.
   */
  deriveOnRequest?: boolean;
  spawn?: () => Worker;
}

/** size 0 renders in the calling thread (small jobs, tests of the renderer itself). */
export function createRenderPool(size: number, options: RenderPoolOptions | (() => Worker) = {}): RenderPool {
  const { spawn = spawnWorker, deriveOnRequest = false } = typeof options === "function" ? { spawn: options } : options;
  const prepared = (task: PageTask): PageTask => (deriveOnRequest ? { ...task, deriveOnRequest: true } : task);
  if (size <= 0) {
    return {
      size: 0,
      render: (task) => renderPage(prepared(task)),
      release: (path) => releaseDocuments(path),
      close: async () => undefined,
    };
  }
  const slots = Array.from({ length: size }, () => new Slot(spawn));
  let nextId = 1;
  return {
    size,
    async render(task) {
      const slot = slots.reduce((best, candidate) => (candidate.busy < best.busy ? candidate : best));
      slot.busy++;
      try {
        return (await slot.send({ id: nextId++, task: prepared(task) })) as RenderedPage;
      } finally {
        slot.busy--;
      }
    },
    async release(path) {
      await Promise.all(slots.map((slot) => slot.send({ id: nextId++, release: path }).catch(() => undefined)));
    },
    async close() {
      await Promise.all(
        slots.map((slot) => {
          slot.closing = true;
          return slot.worker.terminate();
        }),
      );
    },
  };
}
