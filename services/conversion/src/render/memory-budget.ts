/**
 * The memory a page may take while it renders. A render lane stops a page that needs more: the page fails with
 * RenderMemoryError and the lane is replaced (the replica and its other lanes go on).
 *  - WebAssembly (a thread): PDFium's heap may grow by at most the budget while one page is drawn. Growing goes
 *    through WebAssembly.Memory.prototype.grow, which is refused past the budget: PDFium's allocation fails, the
 *    page throws, and the thread's PDFium is not trusted again (the thread ends after answering).
 *  - Native (a process): the pool watches the process's resident memory while it renders a page and kills it
 *    once it has grown by more than the budget (pool.ts).
 */

export class RenderMemoryError extends Error {
  constructor(readonly budgetBytes: number) {
    super(`the page needed more than ${Math.round(budgetBytes / 1024 / 1024)} MB to render`);
    this.name = "RenderMemoryError";
  }
}

let limitBytes: number | undefined;
let exceeded = false;
let installed = false;

/** WebAssembly.Memory as far as used here (this package's TypeScript libraries do not declare it). */
interface WasmMemory {
  buffer: ArrayBuffer;
  grow(delta: number): number;
}
const memoryPrototype = (globalThis as unknown as { WebAssembly: { Memory: { prototype: WasmMemory } } }).WebAssembly
  .Memory.prototype;

/** Wraps WebAssembly memory growth in this thread once, so a budget can refuse it. */
function install(): void {
  if (installed) return;
  installed = true;
  const grow = memoryPrototype.grow;
  memoryPrototype.grow = function (this: WasmMemory, delta: number): number {
    if (limitBytes !== undefined && this.buffer.byteLength + delta * 65_536 > limitBytes) {
      exceeded = true;
      throw new RangeError("the page's memory budget is spent");
    }
    return grow.call(this, delta);
  };
}

/**
 * Runs the synchronous PDFium work of one page with a heap of `heapBytes` now allowed to grow by at most
 * `budgetBytes`. Throws RenderMemoryError when it tried to grow further (whatever PDFium made of the failed
 * allocation: an error, an abort, or an empty result).
 */
export function withHeapBudget<T>(heapBytes: number, budgetBytes: number | undefined, run: () => T): T {
  if (budgetBytes === undefined) return run();
  install();
  limitBytes = heapBytes + budgetBytes;
  exceeded = false;
  let result: T;
  try {
    result = run();
  } catch (error) {
    if (exceeded) throw new RenderMemoryError(budgetBytes);
    throw error;
  } finally {
    limitBytes = undefined;
  }
  if (exceeded) throw new RenderMemoryError(budgetBytes);
  return result;
}
