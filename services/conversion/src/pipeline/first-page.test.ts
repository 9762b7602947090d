import { describe, expect, it } from "vitest";
import type { PageTask, RenderedPage } from "../render/page-renderer.js";
import type { RenderPool } from "../render/pool.js";
import { watchFirstPage } from "./first-page.js";

const page = { webp: [], text: [], links: [] } as unknown as RenderedPage;
const task = {} as PageTask;
const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A pool whose pages take `renderMs` (or never end), failing when `fails`. */
function pool(renderMs: number | "never", fails = false): RenderPool & { rendered: number } {
  const state = {
    size: 1,
    rendered: 0,
    render: async () => {
      if (renderMs === "never") return new Promise<RenderedPage>(() => undefined);
      await after(renderMs);
      state.rendered++;
      if (fails) throw new Error("unreadable page");
      return page;
    },
    release: async () => undefined,
    close: async () => undefined,
  };
  return state;
}

describe("a new replica's wait for its first page", () => {
  it("waits for a page asked for at once to render, past the quiet time", async () => {
    const inner = pool(300);
    const watch = watchFirstPage(inner, { quietMs: 50, maxMs: 5_000 });
    const rendering = watch.pool.render(task);
    const started = Date.now();
    await watch.settled();
    expect(inner.rendered).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await expect(rendering).resolves.toBe(page);
  });

  it("settles on a page that fails as on one that renders", async () => {
    const watch = watchFirstPage(pool(100, true), { quietMs: 50, maxMs: 5_000 });
    const rendering = watch.pool.render(task);
    await expect(rendering).rejects.toThrow("unreadable page");
    await expect(watch.settled()).resolves.toBeUndefined();
  });

  it("settles after the quiet time when no page is asked for", async () => {
    const inner = pool(100);
    const watch = watchFirstPage(inner, { quietMs: 80, maxMs: 5_000 });
    const started = Date.now();
    await watch.settled();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(inner.rendered).toBe(0);
  });

  it("stops waiting after the longest wait when the first page does not end", async () => {
    const watch = watchFirstPage(pool("never"), { quietMs: 20, maxMs: 300 });
    void watch.pool.render(task);
    const started = Date.now();
    await watch.settled();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it("passes the pool's size, warm-up, releases and close through", async () => {
    let released = "";
    let closed = false;
    const inner: RenderPool = {
      size: 3,
      started: () => after(10),
      render: async () => page,
      release: async (path) => {
        released = path;
      },
      close: async () => {
        closed = true;
      },
    };
    const watched = watchFirstPage(inner, { quietMs: 10, maxMs: 100 }).pool;
    expect(watched.size).toBe(3);
    await expect(watched.started?.()).resolves.toBeUndefined();
    await watched.release("/tmp/book.pdf");
    await watched.close();
    expect({ released, closed }).toEqual({ released: "/tmp/book.pdf", closed: true });
  });
});
