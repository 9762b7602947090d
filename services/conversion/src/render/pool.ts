/**
 * A pool of render workers: pages of a book render in parallel inside one replica. Each worker opens a source
 * once and keeps it until the job releases it. A worker that dies fails its task and is replaced. Workers are
 * threads with PDFium's WebAssembly build; with the native library they are child processes (PDFium is not
 * thread-safe, and the native library is one per process).
 */
import { EventEmitter } from "node:events";
import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { RenderMemoryError } from "./memory-budget.js";
import { type PageTask, type RenderedPage, releaseDocuments, renderPage } from "./page-renderer.js";
import type { PdfiumChoice } from "./pdfium.js";
import type { WorkerReply, WorkerRequest } from "./render.worker.js";
import { forkRenderProcess, takeEarlyRenderProcess } from "./render-process.js";

/** What the pool needs of a worker: a thread (Worker) or a child process behind the same calls. */
export type RenderWorker = Pick<Worker, "postMessage" | "terminate" | "ref" | "unref"> & {
  on(event: "message", listener: (reply: WorkerReply) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  on(event: "exit", listener: (code: number) => void): unknown;
  /** Resolves once the worker is warm (a render process's Node and PDFium loaded) or gone. */
  started?: Promise<void>;
};

export interface RenderPool {
  readonly size: number;
  render(task: PageTask): Promise<RenderedPage>;
  /** Closes the documents every worker opened from this file. */
  release(path: string): Promise<void>;
  close(): Promise<void>;
  /** Resolves once every worker is warm (or gone): a fresh worker's start is not a page's render. */
  started?(): Promise<void>;
}

/** Rebuilds an error a worker reported, keeping its name (so PdfPasswordError stays recognisable). */
function reviveError(error: { name: string; message: string; budgetBytes?: number }): Error {
  if (error.name === "RenderMemoryError") return new RenderMemoryError(error.budgetBytes ?? 0);
  const revived = new Error(error.message);
  revived.name = error.name;
  return revived;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

class Slot {
  worker: RenderWorker;
  readonly pending = new Map<number, Pending>();
  busy = 0;

  constructor(private readonly spawn: () => RenderWorker) {
    this.worker = this.start();
  }

  private start(): RenderWorker {
    const worker = this.spawn();
    worker.on("message", (reply: WorkerReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.error) pending.reject(reviveError(reply.error));
      else pending.resolve(reply.result);
    });
    // The first error or exit fails what the worker had and puts a fresh worker in its place at once, so a
    // request sent after a failure never reaches a worker that is still dying.
    let gone = false;
    const replace = (error: Error) => {
      if (gone) return;
      gone = true;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
      if (!this.closing) this.worker = this.start();
    };
    worker.on("error", (error) => {
      replace(error);
      void worker.terminate();
    });
    worker.on("exit", (code) => replace(new Error(`render worker exited with code ${code}`)));
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

const fromSources = import.meta.url.endsWith(".ts");

function spawnThread(pdfium: PdfiumChoice): RenderWorker {
  const workerData = { pdfium };
  if (!fromSources) return new Worker(fileURLToPath(new URL("./render.worker.js", import.meta.url)), { workerData });
  // Running from sources (tests, the benchmark): the worker registers the TypeScript loader first.
  const tsx = import.meta.resolve("tsx/esm/api");
  const worker = new URL("./render.worker.ts", import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

/** Resident memory of a process, bytes (0 once it is gone). */
function residentBytes(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** How often a render process's memory is read while it renders a page. */
const memoryWatchMs = 50;

/**
 * A render worker in a child process, behind the calls the pool makes of a thread. While it has a request (the
 * pool refs it), its resident memory may grow by `pageMemoryBytes` at most: past that it is killed and the
 * request fails with RenderMemoryError (the pool starts a fresh process).
 */
function spawnProcess(pdfium: PdfiumChoice, pageMemoryBytes?: number): RenderWorker {
  const forked = takeEarlyRenderProcess(pdfium) ?? forkRenderProcess(pdfium);
  const { child } = forked;
  const events = new EventEmitter();
  let watch: NodeJS.Timeout | undefined;
  const stopWatching = () => {
    clearInterval(watch);
    watch = undefined;
  };
  // The process's own start (Node, PDFium: sharp's ~20 MB load after it, with the first page that needs them) is not
  // a page's: watching starts once it is warm.
  let busy = false;
  let sourceBytes = 0;
  const startWatching = () => {
    if (!pageMemoryBytes || watch || !forked.isWarm() || !busy) return;
    // Opening the source (its bytes read, then copied for PDFium) happens inside a page's render here: allowed.
    const limit = residentBytes(child.pid) + pageMemoryBytes + 2 * sourceBytes;
    watch = setInterval(() => {
      if (residentBytes(child.pid) <= limit) return;
      stopWatching();
      events.emit("error", new RenderMemoryError(pageMemoryBytes));
      child.kill("SIGKILL");
    }, memoryWatchMs);
    watch.unref();
  };
  child.on("exit", stopWatching);
  void forked.warm.then(startWatching);
  child.on("message", (message: WorkerReply | { ready: true }) => {
    if (!("ready" in message)) events.emit("message", message);
  });
  child.on("error", (error) => events.emit("error", error));
  child.on("exit", (code, signal) => events.emit("exit", code ?? (signal ? 1 : 0)));
  const worker = {
    started: forked.warm,
    on: (event: string, listener: (...args: unknown[]) => void) => events.on(event, listener),
    postMessage: (message: unknown) => {
      const request = message as WorkerRequest;
      if ("task" in request && !watch) {
        sourceBytes = fileBytes(request.task.path);
        startWatching();
      }
      child.send(request);
    },
    terminate: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      }
      return 1;
    },
    ref: () => {
      child.ref();
      child.channel?.ref();
      busy = true;
      // Started by the request itself (postMessage), which tells the source's size.
    },
    unref: () => {
      busy = false;
      stopWatching();
      child.unref();
      child.channel?.unref();
    },
  };
  return worker as RenderWorker;
}

export interface RenderPoolOptions {
  /**
   * Every task encodes only what must exist before the book opens (the main rendition); the thumbnail, the lighter
   * width and the JPEG fallback are derived on first request by whoever serves the book (the gateway). The service
   * sets it; the desktop tool's offline books need every file.
   */
  deriveOnRequest?: boolean;
  /** PDFium's WebAssembly build in threads (the default) or the native library in child processes. */
  pdfium?: PdfiumChoice;
  /** What one page may take while it renders (memory-budget.ts); none: no limit. */
  pageMemoryBytes?: number;
  spawn?: () => RenderWorker;
}

/** size 0 renders in the calling thread (small jobs, tests of the renderer itself). */
export function createRenderPool(size: number, options: RenderPoolOptions | (() => RenderWorker) = {}): RenderPool {
  const given = typeof options === "function" ? { spawn: options } : options;
  const pdfium = given.pdfium ?? { engine: "wasm" };
  const { deriveOnRequest = false, pageMemoryBytes } = given;
  const spawn =
    given.spawn ?? (() => (pdfium.engine === "native" ? spawnProcess(pdfium, pageMemoryBytes) : spawnThread(pdfium)));
  const prepared = (task: PageTask): PageTask => ({
    ...task,
    ...(deriveOnRequest ? { deriveOnRequest: true } : {}),
    ...(pageMemoryBytes ? { pageMemoryBytes } : {}),
  });
  if (size <= 0) {
    return {
      size: 0,
      render: (task) => renderPage(prepared(task)),
      release: (path) => releaseDocuments(path),
      close: async () => undefined,
    };
  }
  // The other workers start once the first is warm: a cold pool's first page waits for one worker's start only
  // (with every worker starting at once on the same cores, each took half as long again).
  const slots = [new Slot(spawn)];
  const first = slots[0] as Slot;
  let closing = false;
  const addSlots = () => {
    while (slots.length < size && !closing) slots.push(new Slot(spawn));
  };
  if (size > 1) {
    if (first.worker.started) void first.worker.started.then(addSlots);
    else addSlots();
  }
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
    async started() {
      await first.worker.started;
      addSlots();
      await Promise.all(slots.map((slot) => slot.worker.started));
    },
    async close() {
      closing = true;
      await Promise.all(
        slots.map((slot) => {
          slot.closing = true;
          // An idle worker is unref'd: without this, nothing would keep the process alive until it has ended.
          slot.worker.ref();
          return slot.worker.terminate();
        }),
      );
    },
  };
}
