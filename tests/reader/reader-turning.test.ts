/**
 * The built reader in real Chromium, reading and turning: deep links and languages, pages as they land, turning
 * by keyboard, click and drag (right-to-left and vertical calendar flipping too), zoom, search and contents, text,
 * reduced motion, phones, accessibility, and the editor's preview switching the flip axis (reader-harness.ts).
 */
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { strokeInOneTask } from "../browser.js";
import { writeFixtureBook } from "./fixture-book.js";
import {
  announced,
  browser,
  context,
  fixtures,
  open,
  previewFrame,
  screenshots,
  server,
  settle,
  useReader,
} from "./reader-harness.js";

useReader(["demo", "manga", "calendar"]);

describe("the reader", { timeout: 60_000 }, () => {
  it("opens at a deep-linked page in the asked language, Chinese by default", async () => {
    const english = await open("/b/demo/5?lang=en");
    await expect.poll(() => announced(english).textContent()).toBe("Page 4–5 of 12");
    await english.close();
    const chinese = await open("/b/demo/5");
    await expect.poll(() => announced(chinese).textContent()).toBe("第 4–5 页，共 12 页");
    expect(await chinese.getByRole("button", { name: "下一页" }).count()).toBe(1);
    await chinese.close();
  });

  it("shows a converting book's pages as they land, without a reload", async () => {
    const book = await writeFixtureBook(fixtures, { link: "landing", pages: 4 });
    const bookFile = join(fixtures, "landing", "book.json");
    // Just uploaded: no page has landed yet.
    await writeFile(bookFile, JSON.stringify({ ...book, state: "converting", pages: [], searchUrl: null }));
    const page = await context.newPage();
    await page.goto(`${server.url}/b/landing?lang=en`);
    await expect.poll(() => page.getByText("Converting: pages appear as they are ready…").count()).toBe(1);
    // Page 1 lands: the open reader asks again by itself and shows it.
    await writeFile(bookFile, JSON.stringify({ ...book, state: "converting", pages: book.pages.slice(0, 1) }));
    await expect.poll(() => announced(page).textContent(), { timeout: 10_000 }).toContain("of 4");
    await expect.poll(() => page.locator('img[src*="/fixtures/landing/pages/1/"]').count()).toBeGreaterThan(0);
    // Every page: it stops asking.
    await writeFile(bookFile, JSON.stringify(book));
    await expect
      .poll(() => page.getByText("Converting: pages appear as they are ready…").count(), { timeout: 10_000 })
      .toBe(0);
    await page.close();
  });

  it("requests only the window's images at open", async () => {
    server.requests.length = 0;
    const page = await open("/b/demo/6?lang=en");
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const pagesFetched = new Set(
      server.requests.flatMap((path) => {
        const match = /^\/fixtures\/demo\/pages\/(\d+)\/\d+\.webp$/.exec(path);
        return match ? [Number(match[1])] : [];
      }),
    );
    expect(pagesFetched.has(6) && pagesFetched.has(7)).toBe(true);
    // Spreads 4–5, 6–7 and 8–9: what a turn either way needs, never the whole book.
    expect([...pagesFetched].every((number) => number >= 4 && number <= 9)).toBe(true);
    await page.close();
  });

  it("turns by keyboard, click and drag, and keeps one URL per page", async () => {
    const page = await open("/b/demo/4?lang=en");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await settle(page);
    expect(new URL(page.url()).pathname).toBe("/b/demo/6");

    const stage = await page.getByTestId("stage").boundingBox();
    if (!stage) throw new Error("no stage");
    await page.mouse.click(stage.x + stage.width * 0.85, stage.y + stage.height / 2);
    await expect.poll(() => announced(page).textContent()).toBe("Page 8–9 of 12");
    await settle(page);

    // Drag the right page's bottom corner across the spine: the sheet folds under the pointer.
    await page.mouse.move(stage.x + stage.width - 4, stage.y + stage.height - 4);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1) {
      await page.mouse.move(
        stage.x + stage.width - 4 - step * (stage.width / 20),
        stage.y + stage.height - 30 - step * 6,
      );
    }
    expect(await page.locator(".tl-turning-back").count()).toBe(1);
    const clip = await page.locator(".tl-turning-front").evaluate((element) => (element as HTMLElement).style.clipPath);
    expect(clip).toMatch(/^polygon\(/);
    await page.screenshot({ path: join(screenshots, "reader-drag.png") });
    await page.mouse.move(stage.x + stage.width * 0.1, stage.y + stage.height - 20);
    await page.mouse.up();
    await expect.poll(() => announced(page).textContent()).toBe("Page 10–11 of 12");
    await settle(page);

    await page.keyboard.press("End");
    await expect.poll(() => announced(page).textContent()).toBe("Page 12 of 12");
    await page.keyboard.press("Home");
    await expect.poll(() => announced(page).textContent()).toBe("Page 1 of 12");
    await page.keyboard.press("ArrowLeft");
    expect(await announced(page).textContent()).toBe("Page 1 of 12");
    await page.close();
  });

  it("lands a flick let go before the screen redrew (its moves and let-go in one task), and turns again after it", async () => {
    const page = await open("/b/demo/4?lang=en");
    await expect.poll(() => announced(page).textContent()).toBe("Page 4–5 of 12");
    await settle(page);
    // A quick flick on a slow phone: React has not rendered the turn its first move began when the pointer is let go.
    const stage = page.getByTestId("stage");
    const box = await stage.boundingBox();
    if (!box) throw new Error("the stage is not shown");
    const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
    await strokeInOneTask(stage, [at(0.97, 0.95), at(0.7, 0.9), at(0.1, 0.9)]);
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await settle(page);
    expect(await page.locator(".tl-turning-back").count()).toBe(0);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 8–9 of 12");
    await page.close();
  });

  it("a right-to-left book turns the other way", async () => {
    const page = await open("/b/manga/4?lang=en");
    await expect.poll(() => announced(page).textContent()).toBe("Page 4–5 of 12");
    const left = await page.locator(".tl-face[data-page]").first().getAttribute("data-page");
    expect(left).toBe("5");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await settle(page);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 4–5 of 12");
    await page.close();
  });

  it("zoom swaps to a larger rendition", async () => {
    const page = await open("/b/demo/4?lang=en");
    server.requests.length = 0;
    await page.getByRole("button", { name: "Zoom in" }).click();
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(() => server.requests.some((path) => /\/pages\/[45]\/1600\.webp$/.test(path))).toBe(true);
    // Zoomed, the arrow keys pan instead of turning.
    await page.keyboard.press("ArrowRight");
    expect(await announced(page).textContent()).toBe("Page 4–5 of 12");
    await page.close();
  });

  it("search finds a word and jumps to its page; contents and page links navigate", async () => {
    const page = await open("/b/demo/1?lang=en");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("searchbox").fill("gutter");
    await page.getByRole("button", { name: /Page 6/ }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await page.getByRole("button", { name: "Contents" }).click();
    await page.getByRole("button", { name: /Deeper/ }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await page.getByRole("button", { name: /Opening/ }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 1 of 12");
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 2–3 of 12");
    await settle(page);
    await page.getByRole("link", { name: "Page 7" }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await page.close();
  });

  it("has selectable text on pages and a text-only reading view", async () => {
    const page = await open("/b/demo/2?lang=en");
    await expect.poll(() => page.locator(".tl-text span").allTextContents()).toEqual(["page 2 spine", "page 3 cover"]);
    await page.getByRole("button", { name: "Text view" }).click();
    await expect(page.getByRole("region", { name: "Page 3" }).textContent()).resolves.toContain("page 3 cover");
    await page.close();
  });

  it("replaces the curl with an instant change when the reader prefers reduced motion", async () => {
    const calm = await browser.newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: "reduce" });
    const page = await open("/b/demo/4?lang=en", calm);
    await page.keyboard.press("ArrowRight");
    expect(await page.locator(".tl-turning-front, .tl-hard-sheet").count()).toBe(0);
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await calm.close();
  });

  it("shows one page at a time on a phone", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await open("/b/demo/3?lang=en", phone);
    await expect.poll(() => announced(page).textContent()).toBe("Page 3 of 12");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 4 of 12");
    await settle(page);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => announced(page).textContent()).toBe("Page 3 of 12");
    await page.screenshot({ path: join(screenshots, "reader-phone.png") });
    await phone.close();
  });

  it("has no serious accessibility violations (axe-core), on the book and in its panels", async () => {
    const page = await open("/b/demo/4?lang=en");
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
    const serious = async () =>
      (await page.evaluate("axe.run(document).then((result) => result.violations)")) as {
        id: string;
        impact: string;
        nodes: { target: string[] }[];
      }[];
    const check = async () =>
      (await serious())
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    expect(await check()).toEqual([]);
    await page.getByRole("button", { name: "Contents" }).click();
    expect(await check()).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("searchbox").fill("spine");
    expect(await check()).toEqual([]);
    await page.close();
  });

  it("labels every control", async () => {
    const page = await open("/b/demo/4?lang=en");
    const unnamed = await page
      .locator("button")
      .evaluateAll(
        (buttons) =>
          buttons.filter((button) => !(button.getAttribute("aria-label") || button.textContent?.trim())).length,
      );
    expect(unnamed).toBe(0);
    await page.screenshot({ path: join(screenshots, "reader-spread.png") });
    await page.close();
  });
});

/** Where the faces lying flat are on the page, by page number. */
async function faceBoxes(page: Page) {
  const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
  for (const face of await page.locator(".tl-spine > .tl-face[data-page]").all()) {
    const box = await face.boundingBox();
    const number = await face.getAttribute("data-page");
    if (box && number) boxes[number] = box;
  }
  return boxes;
}

describe("the reader's vertical (calendar) flipping", { timeout: 60_000 }, () => {
  it("stacks the pages around a horizontal spine and turns them upwards by key, click and drag", async () => {
    const page = await open("/b/calendar/1?lang=en");
    await expect.poll(() => announced(page).textContent()).toBe("Page 1 of 12");
    const stageElement = page.getByTestId("stage");
    expect(await stageElement.getAttribute("class")).toContain("tl-vertical");
    const stage = await stageElement.boundingBox();
    if (!stage) throw new Error("no stage");
    // Two pages stacked: the stage is as wide as one page and twice as tall; page 1 lies alone below the spine.
    expect(stage.height).toBeGreaterThan(stage.width * 2);
    const spine = stage.y + stage.height / 2;
    let faces = await faceBoxes(page);
    expect(Object.keys(faces)).toEqual(["1"]);
    expect(faces["1"]?.y).toBeCloseTo(spine, 0);

    // ArrowDown turns the cover up over the spine (a hard board rotating about it).
    await page.keyboard.press("ArrowDown");
    await page.waitForTimeout(250);
    expect(await page.locator(".tl-hard-sheet").count()).toBe(1);
    await page.screenshot({ path: join(screenshots, "reader-vertical-hard.png") });
    await expect.poll(() => announced(page).textContent()).toBe("Page 2–3 of 12");
    await settle(page);
    faces = await faceBoxes(page);
    expect(faces["2"]?.y).toBeCloseTo(stage.y, 0);
    expect(faces["3"]?.y).toBeCloseTo(spine, 0);
    expect(faces["2"]?.x).toBeCloseTo(faces["3"]?.x ?? 0, 0);

    // A click on the lower page turns forward.
    await page.mouse.click(stage.x + stage.width / 2, stage.y + stage.height * 0.8);
    await expect.poll(() => announced(page).textContent()).toBe("Page 4–5 of 12");
    await settle(page);

    // Drag the lower page's bottom edge upwards: the sheet folds over the horizontal spine.
    await page.mouse.move(stage.x + stage.width - 4, stage.y + stage.height - 4);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1) {
      await page.mouse.move(
        stage.x + stage.width - 30 - step * 6,
        stage.y + stage.height - 4 - step * (stage.height / 20),
      );
    }
    expect(await page.locator(".tl-turning-front").count()).toBe(1);
    expect(await page.locator(".tl-turning-back").count()).toBe(1);
    const clip = await page.locator(".tl-turning-front").evaluate((element) => (element as HTMLElement).style.clipPath);
    expect(clip).toMatch(/^polygon\(/);
    const transform = await page
      .locator(".tl-turning-back")
      .evaluate((element) => (element as HTMLElement).style.transform);
    expect(transform).toMatch(/^matrix\(/);
    await page.screenshot({ path: join(screenshots, "reader-vertical-drag.png") });
    await page.mouse.move(stage.x + stage.width - 20, stage.y + stage.height * 0.1);
    await page.mouse.up();
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await settle(page);
    expect(new URL(page.url()).pathname).toBe("/b/calendar/6");

    // ArrowUp turns back; a click on the upper page too.
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(screenshots, "reader-vertical-back.png") });
    await expect.poll(() => announced(page).textContent()).toBe("Page 4–5 of 12");
    await settle(page);
    await page.mouse.click(stage.x + stage.width / 2, stage.y + stage.height * 0.2);
    await expect.poll(() => announced(page).textContent()).toBe("Page 2–3 of 12");
    await settle(page);
    await page.screenshot({ path: join(screenshots, "reader-vertical.png") });
    await page.close();
  });

  it("switches an open book to vertical flipping from the editor's preview", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/b/demo/1?lang=en`);
    await page.setContent(
      `<iframe id="bookEditIframe" src="${server.url}/b/demo/4?lang=en" width="1200" height="800"></iframe>`,
    );
    const frame = await previewFrame(page);
    await frame.getByTestId("stage").waitFor();
    const post = (key: string, value: string) =>
      page.evaluate(
        ([key, value]) => {
          const target = (document.getElementById("bookEditIframe") as HTMLIFrameElement).contentWindow;
          target?.postMessage({ type: "previewBook", key, value, showAlert: false }, "*");
        },
        [key, value],
      );
    const stageClass = () => frame.getByTestId("stage").getAttribute("class");
    await expect.poll(() => frame.getByTestId("announcer").textContent()).toBe("Page 4–5 of 12");
    await post("flipDirection", "vertical");
    await expect.poll(stageClass).toContain("tl-vertical");
    // Portrait pages do not stack at a useful size in this frame: one page below the spine at a time.
    await expect.poll(() => frame.getByTestId("announcer").textContent()).toBe("Page 4 of 12");
    // One page: a click on its lower half turns it up over the spine on its top edge, on its upper half back.
    const single = frame.getByTestId("stage");
    const singleBox = await single.boundingBox();
    if (!singleBox) throw new Error("no stage");
    expect(singleBox.height).toBeGreaterThan(singleBox.width);
    await single.click({ position: { x: singleBox.width / 2, y: singleBox.height * 0.9 } });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(screenshots, "reader-vertical-single.png") });
    await expect.poll(() => frame.getByTestId("announcer").textContent()).toBe("Page 5 of 12");
    await frame.waitForFunction(() => !document.querySelector(".tl-turning"));
    await single.click({ position: { x: singleBox.width / 2, y: singleBox.height * 0.1 } });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(screenshots, "reader-vertical-single-back.png") });
    await expect.poll(() => frame.getByTestId("announcer").textContent()).toBe("Page 4 of 12");
    await frame.waitForFunction(() => !document.querySelector(".tl-turning"));
    await post("pageMode", "double");
    await expect.poll(() => frame.getByTestId("announcer").textContent()).toBe("Page 4–5 of 12");
    const stage = await frame.getByTestId("stage").boundingBox();
    if (!stage) throw new Error("no stage");
    expect(stage.height).toBeGreaterThan(stage.width);
    // A click on the lower page turns it up.
    await frame.getByTestId("stage").click({ position: { x: stage.width / 2, y: stage.height * 0.8 } });
    await expect.poll(() => frame.getByTestId("announcer").textContent()).toBe("Page 6–7 of 12");
    await page.screenshot({ path: join(screenshots, "reader-vertical-preview.png") });
    await post("flipAxis", "horizontal");
    await expect.poll(stageClass).not.toContain("tl-vertical");
    await page.close();
  });
});
