import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { workerSystem } from "../setup/worker-stores.js";
import { numberedPdf, postAs } from "../support/insight.js";
import { uploadPdf } from "../support/system.js";

// Done means, in Chromium against the real stack: reading a book in the reader makes the editor's statistics screen
// show the view and the pages; the owner's own preview in the editor sends nothing.
const services = await workerSystem();
let browser: Browser;
let book: { number: string; bookId: string };

beforeAll(async () => {
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const views = async () =>
  ((await postAs(services.gatewayUrl, undefined, "/api/insight/get-statistics", { bookId: book.bookId })).data as {
    days: { views: number }[];
    pages: { page: number; views: number }[];
  }) ?? { days: [], pages: [] };

describe("statistics in the browser", () => {
  it("counts a reader's view and pages, and the editor's statistics screen shows them", async () => {
    book = await uploadPdf(services.gatewayUrl, await numberedPdf(5), { title: "Read in Chromium" });
    const reader = await browser.newContext({ viewport: { width: 700, height: 900 } });
    const page = await reader.newPage();
    const beacons: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/insight/events")) beacons.push(request.postData() ?? "");
    });
    await page.goto(`${services.gatewayUrl}/b/${book.number}`);
    await page.getByTestId("stage").waitFor({ timeout: 15_000 });
    await expect.poll(() => beacons.length, { timeout: 10_000 }).toBeGreaterThan(0);
    for (let turn = 0; turn < 2; turn += 1) {
      await page.waitForTimeout(700);
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction(() => !document.querySelector(".tl-turning"));
    }
    await page.waitForTimeout(700);
    // Leaving the page sends what was seen (pagehide).
    await page.goto("about:blank");
    await reader.close();
    expect(JSON.parse(beacons[0] ?? "{}")).toMatchObject({ events: [{ k: "view" }] });

    await expect.poll(async () => (await views()).days.at(-1)?.views, { timeout: 20_000, interval: 300 }).toBe(1);
    await expect
      .poll(async () => (await views()).pages.filter((entry) => entry.views > 0).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);

    const editor = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const screen = await editor.newPage();
    await screen.goto(`${services.gatewayUrl}/book_edit2/statistics?num=${book.number}`);
    await expect.poll(() => screen.getByTestId("stats-views").textContent(), { timeout: 15_000 }).toBe("1");
    expect(await screen.getByTestId("stats-unique").textContent()).toBe("1");
    // The chart is drawn (uPlot's canvas) and the heat map has the pages read.
    await screen.locator('[data-testid="views-chart"] canvas').first().waitFor();
    const heat = await screen
      .locator('[data-testid="stats-heatmap"] li')
      .evaluateAll((cells) =>
        cells.map((cell) => [Number(cell.getAttribute("data-page")), Number(cell.getAttribute("data-views"))]),
      );
    expect(heat.filter(([, count]) => (count ?? 0) > 0).map(([pageNumber]) => pageNumber)).toEqual(
      expect.arrayContaining([1, 2]),
    );
    // Chinese by default.
    expect(await screen.locator("html").getAttribute("lang")).toBe("zh-CN");
    expect(await screen.getByText("浏览量").first().isVisible()).toBe(true);
    // The CSV export link names this book and the range.
    const href = await screen.getByTestId("stats-export").getAttribute("href");
    expect(href).toContain(`bookId=${book.bookId}`);
    await editor.close();
  }, 120_000);

  it("sends nothing from the owner's own preview in the editor", async () => {
    const before = (await views()).days.at(-1)?.views;
    const editor = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await editor.newPage();
    const beacons: string[] = [];
    editor.on("request", (request) => {
      if (request.url().includes("/insight/")) beacons.push(request.url());
    });
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
    const preview = page.frameLocator('iframe[name="bookEditIframe"]');
    await preview.getByTestId("stage").waitFor({ timeout: 20_000 });
    await preview.locator("body").press("ArrowRight");
    await page.waitForTimeout(2_000);
    await page.goto("about:blank");
    await editor.close();
    expect(beacons).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await views()).days.at(-1)?.views).toBe(before);
  }, 60_000);
});
