/**
 * Render threads with a time budget per page. Each lane is a pool of one thread (the renderer's own pool,
 * through its public interface); a lane renders one page at a time and pages wait here for a free lane, so a
 * page past its budget holds nobody else's page: its lane is closed (the thread is terminated, whatever it was
 * stuck in) and a fresh one takes its place, and the page fails with RenderBudgetError. One runaway document
 * therefore costs one thread for the length of the budget, never the replica. A page's budget starts once its
 * lane is warm, so a fresh render process's start (Node, PDFium) is not counted as the next page's render;
 * the start itself gets one budget of its own. The first lane starts alone, the others once the first page has
 * rendered.
 */
import type { PageTask, RenderedPage } from "../render/page-renderer.js";
import type { RenderPool } from "../render/pool.js";

export class RenderBudgetError extends Error {
  constructor(readonly budgetMs: number) {
    super(`the page did not finish rendering within ${budgetMs} ms`);
    this.name = "RenderBudgetError";
  }
}

export interface GuardedPoolOptions {
  /** Render threads. */
  size: number;
  /** Time one page may render. */
  pageBudgetMs: number;
  /** A pool of one render thread (createRenderPool(1, …)). */
  createLane(): RenderPool;
  /** Told when a lane was replaced (for the log). */
  onReplaced?(budgetMs: number): void;
}

interface Lane {
  pool: RenderPool;
  busy: boolean;
}

export function createGuardedPool(options: GuardedPoolOptions): RenderPool {
  const size = Math.max(1, options.size);
  const first: Lane = { pool: options.createLane(), busy: false };
  const lanes: Lane[] = [first];
  const waiting: ((lane: Lane) => void)[] = [];
  let closed = false;

  const take = (): Promise<Lane> => {
    const free = lanes.find((lane) => !lane.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const give = (lane: Lane) => {
    const next = waiting.shift();
    if (next) next(lane);
    else lane.busy = false;
  };

  // The other lanes start once the first page has rendered: a new replica's first page waits for one render process's
  // start (Node, PDFium), which took half as long again while every lane started at once on the same cores,
  // and rendered in 333-408 ms instead of ~295 while the second lane started beside it; a replica that never converts
  // anything (most of the services a test suite starts) forks one render process, not one per lane. Once they are
  // started, a book's pages render on every lane.
  const addLanes = () => {
    for (let index = 1; index < size && !closed; index++) {
      const lane: Lane = { pool: options.createLane(), busy: true };
      lanes.push(lane);
      give(lane);
    }
  };
  let lanesAsked = false;
  const askLanes = () => {
    if (lanesAsked || size <= 1) return;
    lanesAsked = true;
    if (first.pool.started) void first.pool.started().then(addLanes);
    else addLanes();
  };

  return {
    size,
    async render(task: PageTask): Promise<RenderedPage> {
      const lane = await take();
      const pool = lane.pool;
      let timer: NodeJS.Timeout | undefined;
      if (pool.started) {
        let startTimer: NodeJS.Timeout | undefined;
        await Promise.race([
          pool.started(),
          new Promise((resolve) => {
            startTimer = setTimeout(resolve, options.pageBudgetMs);
          }),
        ]);
        clearTimeout(startTimer);
      }
      const overdue = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          if (!closed) {
            lane.pool = options.createLane();
            void pool.close().catch(() => undefined);
            options.onReplaced?.(options.pageBudgetMs);
          }
          reject(new RenderBudgetError(options.pageBudgetMs));
        }, options.pageBudgetMs);
      });
      const rendering = pool.render(task);
      rendering.catch(() => undefined);
      try {
        return await Promise.race([rendering, overdue]);
      } finally {
        clearTimeout(timer);
        give(lane);
        askLanes();
      }
    },
    async release(path: string): Promise<void> {
      await Promise.all(lanes.map((lane) => lane.pool.release(path).catch(() => undefined)));
    },
    async close(): Promise<void> {
      closed = true;
      await Promise.all(lanes.map((lane) => lane.pool.close()));
    },
  };
}
