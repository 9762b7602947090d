import { describe, expect, it } from "vitest";
import type { PageTask, RenderedPage } from "../render/page-renderer.js";
import type { RenderPool } from "../render/pool.js";
import { createGuardedPool, RenderBudgetError } from "./guarded-pool.js";

const page: RenderedPage = {
  webp: [],
  thumb: { width: 1, height: 1, data: new Uint8Array() },
  text: [],
  links: [],
} as unknown as RenderedPage;
const task = {} as PageTask;
const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A lane whose worker takes `startMs` to warm up (or never does) and then `renderMs` a page. */
function lane(startMs: number | "never", renderMs: number): RenderPool {
  const warm = startMs === "never" ? new Promise<void>(() => undefined) : after(startMs);
  return {
    size: 1,
    started: () => warm,
    render: async () => {
      await warm;
      await after(renderMs);
      return page;
    },
    release: async () => undefined,
    close: async () => undefined,
  };
}

describe("the guarded render pool's page budget", () => {
  it("starts when the lane is warm: a slow start does not fail a quick page", async () => {
    const pool = createGuardedPool({ size: 1, pageBudgetMs: 300, createLane: () => lane(500, 50) });
    await expect(pool.render(task)).resolves.toBe(page);
  });

  it("still stops a page that renders past it, and a start that never ends gets one budget of its own", async () => {
    const slow = createGuardedPool({ size: 1, pageBudgetMs: 200, createLane: () => lane(0, 1_000) });
    await expect(slow.render(task)).rejects.toBeInstanceOf(RenderBudgetError);
    const stuck = createGuardedPool({ size: 1, pageBudgetMs: 200, createLane: () => lane("never", 0) });
    const started = Date.now();
    await expect(stuck.render(task)).rejects.toBeInstanceOf(RenderBudgetError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("the guarded render pool's lanes", () => {
  it("starts only the first lane until the first page has rendered, then renders pages on every lane at once", async () => {
    let created = 0;
    let rendering = 0;
    let mostAtOnce = 0;
    const counted = (): RenderPool => {
      created++;
      const warm = after(20);
      return {
        size: 1,
        started: () => warm,
        render: async () => {
          await warm;
          rendering++;
          mostAtOnce = Math.max(mostAtOnce, rendering);
          await after(150);
          rendering--;
          return page;
        },
        release: async () => undefined,
        close: async () => undefined,
      };
    };
    const pool = createGuardedPool({ size: 3, pageBudgetMs: 60_000, createLane: counted });
    await after(200);
    expect(created).toBe(1);
    const pages = Promise.all(Array.from({ length: 6 }, () => pool.render(task)));
    // The first page renders (150 ms) on the only lane: no other render process starts beside it.
    await after(100);
    expect(created).toBe(1);
    await pages;
    expect(created).toBe(3);
    expect(mostAtOnce).toBe(3);
    await pool.close();
  });
});
