/**
 * sharp, loaded through its CommonJS build on first use. Its ES module build (what `import sharp from "sharp"`
 * loads) cost 140-175 ms of CPU to import against 55-65 ms for the CommonJS one (sharp 0.35.5, Node 20, measured
 * 2026-12-06, 4 runs each). Loaded on first use, not on import: a new replica's main process needs no sharp before
 * its first page of a PDF (the render processes encode), and its ~45 ms of loading were on that page's path. Every
 * file of the service takes sharp from here, so a process loads one build only.
 */
import { createRequire } from "node:module";
import type Sharp from "sharp";

let sharp: typeof Sharp | undefined;
let oneThread = false;

/** sharp, without its operation cache (every page is new: the cache only holds memory). */
export function loadSharp(): typeof Sharp {
  if (!sharp) {
    sharp = createRequire(import.meta.url)("sharp") as typeof Sharp;
    sharp.cache(false);
    if (oneThread) sharp.concurrency(1);
  }
  return sharp;
}

/**
 * libvips with one thread per operation, from sharp's load on (now, when it is loaded already): each render worker
 * encodes one page at a time and the pool already has a worker per core, so more threads only add stacks and
 * contention.
 */
export function oneVipsThreadPerOperation(): void {
  oneThread = true;
  sharp?.concurrency(1);
}
