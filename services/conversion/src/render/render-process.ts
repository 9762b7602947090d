/**
 * A render process (native PDFium) forked and told when it is warm: what pool.ts wraps as a render worker, and
 * what main.ts starts before the rest of the service loads. This module imports Node only, so that start costs
 * nothing but the fork.
 */
import { type ChildProcess, fork } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PdfiumChoice } from "./pdfium.js";

/** The environment variable that hands a render process its PDFium (a thread gets it as workerData). */
export const renderPdfiumVariable = "TURNLEAF_RENDER_PDFIUM";

/**
 * V8's old generation starts at 64 MB in a render process. With the default start (a few MB), a process that had
 * drawn photo pages ran a full GC every 50-100 ms on the pages after them (V8's trace: marking started by its task
 * with 12 of a 27 MB limit used; capping the young generation did not stop it). Measured 2026-11-26 in one
 * process, page renderer only, 20 pages each: text pages after photo pages 21-25 → 13-14 ms a page, the mixed book
 * 38-39 → 21 ms, slides 17-19 → 14-15 ms, CJK 13 → 10 ms; resident memory about the same (200-225 MB with the
 * test's own loader).
 */
const renderProcessV8Flags = ["--initial-old-space-size=64"];

const fromSources = import.meta.url.endsWith(".ts");

export interface ForkedRenderProcess {
  child: ChildProcess;
  pdfium: PdfiumChoice;
  /** Resolves once the process is warm (Node and PDFium loaded) or gone. */
  warm: Promise<void>;
  /** True once it has said it is warm. */
  isWarm(): boolean;
}

/**
 * The render process's module: its bundle where the build made one (scripts/bundle-services.mjs: fewer files to load
 * at a replica's start), else the built module, or the source under tsx.
 */
function renderProcessScript(): string {
  if (fromSources) return fileURLToPath(new URL("./render.worker.ts", import.meta.url));
  const bundled = fileURLToPath(new URL("./render.worker.bundle.mjs", import.meta.url));
  return existsSync(bundled) ? bundled : fileURLToPath(new URL("./render.worker.js", import.meta.url));
}

export function forkRenderProcess(pdfium: PdfiumChoice): ForkedRenderProcess {
  const script = renderProcessScript();
  const child = fork(script, [], {
    // Structured clone keeps the pages' Uint8Arrays as they are.
    serialization: "advanced",
    execArgv: [...(fromSources ? ["--import", "tsx"] : []), ...renderProcessV8Flags],
    // One malloc arena: a render process has one busy thread, and glibc's per-thread arenas left its peak at
    // 450-500 MB on a 100-page mixed book, 290 MB with one (bench:convert, native).
    env: { MALLOC_ARENA_MAX: "1", ...process.env, [renderPdfiumVariable]: JSON.stringify(pdfium) },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let warm = false;
  // Listened for from the fork on: a process started early may be warm before anyone wraps it.
  const ready = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    const onMessage = (message: unknown) => {
      if (!(message as { ready?: boolean } | null)?.ready) return;
      warm = true;
      child.off("message", onMessage);
      resolve();
    };
    child.on("message", onMessage);
  });
  return { child, pdfium, warm: ready, isWarm: () => warm };
}

let early: ForkedRenderProcess | undefined;

/**
 * Starts the replica's first render process now, before the service's modules load (about 0.7 s of imports and the
 * stores' connections it then warms up beside): a new replica's first page waits for less. The pool's first
 * worker takes it (takeEarlyRenderProcess).
 */
export function startEarlyRenderProcess(pdfium: PdfiumChoice): void {
  early ??= forkRenderProcess(pdfium);
}

/** The process startEarlyRenderProcess started, once, if it was started for this PDFium and is still running. */
export function takeEarlyRenderProcess(pdfium: PdfiumChoice): ForkedRenderProcess | undefined {
  const taken = early;
  early = undefined;
  if (!taken || JSON.stringify(taken.pdfium) !== JSON.stringify(pdfium)) {
    taken?.child.kill("SIGKILL");
    return undefined;
  }
  if (taken.child.exitCode !== null || taken.child.signalCode !== null) return undefined;
  return taken;
}
