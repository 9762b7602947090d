/**
 * When a new replica may load what its first page does not need. The gRPC server's modules (the handlers and
 * @grpc/grpc-js, ~150 ms of synchronous loading) were loaded as soon as the consumer started: a job taken at once
 * then waited behind them, its rendered page unread until they had loaded. They now wait for the first page this
 * pool renders (or fails), for a quiet moment in which no page was asked for, or at the latest for `maxMs`.
 */
import type { PageTask, RenderedPage } from "../render/page-renderer.js";
import type { RenderPool } from "../render/pool.js";

export interface FirstPageTiming {
  /** From `settled()`: no page asked for within this long counts as a quiet start. */
  quietMs: number;
  /** From `settled()`: the longest it waits (a first job's Office conversion or large download). */
  maxMs: number;
}

export interface FirstPageWatch {
  /** The pool to render through: its first page is the one watched. */
  pool: RenderPool;
  /** Resolves once the first page has rendered or failed, after a quiet `quietMs`, or after `maxMs`. */
  settled(): Promise<void>;
}

export function watchFirstPage(pool: RenderPool, timing: FirstPageTiming): FirstPageWatch {
  let asked = false;
  let settle = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const render = (task: PageTask): Promise<RenderedPage> => {
    asked = true;
    const rendering = pool.render(task);
    rendering.then(
      () => settle(),
      () => settle(),
    );
    return rendering;
  };
  const watched: RenderPool = {
    get size() {
      return pool.size;
    },
    render,
    release: (path) => pool.release(path),
    close: () => pool.close(),
    ...(pool.started ? { started: () => pool.started?.() ?? Promise.resolve() } : {}),
  };
  const settled = () => {
    const quiet = setTimeout(() => {
      if (!asked) settle();
    }, timing.quietMs);
    const latest = setTimeout(settle, timing.maxMs);
    void done.then(() => {
      clearTimeout(quiet);
      clearTimeout(latest);
    });
    return done;
  };
  return { pool: watched, settled };
}
