import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import jsQRModule from "jsqr";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";

// jsqr is CommonJS whose function also hangs on `default`: under NodeNext its default import is the module object.
const jsQR = jsQRModule.default;

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askedAgainAfterDrop, launchChromium } from "../browser.js";
import { toneWav, writeFixtureBook } from "./fixture-book.js";
import { openReader, serveReader } from "./static-server.js";

// The built reader (web/reader/dist, built by the test command) in real Chromium, over fixture books.
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");
let fixtures: string;
let server: Awaited<ReturnType<typeof serveReader>>;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  if (!existsSync(join(readerDist, "index.html")))
    throw new Error("build the reader first: npm run build -w web/reader");
  fixtures = await mkdtemp(join(tmpdir(), "turnleaf-reader-"));
  await writeFixtureBook(fixtures, { link: "demo", pages: 12 });
  await writeFixtureBook(fixtures, { link: "manga", pages: 12, direction: "rtl" });
  await writeFixtureBook(fixtures, {
    link: "extras",
    pages: 12,
    settings: {
      pageCaptions: "1:Cover;2-5:i+;6-:1+",
      backgroundMusic: { url: "/fixtures/extras/music.wav", loops: 2, volume: 50 },
      print: true,
      printWatermark: "Turnleaf sample",
      download: { pdfUrl: "/fixtures/extras/original.pdf", allowSinglePage: true },
    },
    extra: {
      bookmarks: [
        { page: 2, caption: "Intro", colour: "#1f5f99" },
        { page: 9, caption: "Chapter 2", colour: "#a93226", textColour: "#ffffff" },
      ],
    },
  });
  await writeFile(join(fixtures, "extras", "music.wav"), toneWav(0.4));
  await writeFixtureBook(fixtures, {
    link: "calendar",
    pages: 12,
    flipAxis: "vertical",
    settings: { pageMode: "double", flipTimeMs: 400 },
  });
  await writeFixtureBook(fixtures, { link: "quiet", pages: 6, settings: { flipSound: false } });
  await writeFixtureBook(fixtures, { link: "mini", pages: 6, settings: { mini: { maxWidth: 600, maxHeight: 400 } } });
  server = await serveReader(readerDist, fixtures);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(fixtures, { recursive: true, force: true });
});

const open = (path: string, target: BrowserContext = context): Promise<Page> =>
  openReader(target, `${server.url}${path}`);

const announced = (page: Page) => page.getByTestId("announcer");

async function previewFrame(page: Page) {
  await expect.poll(() => page.frame({ url: /\/b\/demo\/4/ }) !== null, { timeout: 10_000 }).toBe(true);
  const frame = page.frame({ url: /\/b\/demo\/4/ });
  if (!frame) throw new Error("no preview frame");
  return frame;
}

async function settle(page: Page) {
  await page.waitForFunction(() => !document.querySelector(".tl-turning"));
}

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

describe("the reader's sharing, thumbnails, memory and preview", { timeout: 60_000 }, () => {
  it("shares a link whose QR code decodes to the book's address, with an embed code", async () => {
    const page = await open("/b/demo/4?lang=en");
    await page.getByRole("button", { name: "Share" }).click();
    const qr = page.getByRole("img", { name: "QR code" });
    await qr.waitFor();
    const source = (await qr.getAttribute("src")) ?? "";
    const png = Buffer.from(source.replace(/^data:image\/png;base64,/, ""), "base64");
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toBe(`${server.url}/b/demo`);
    expect(await page.getByRole("textbox", { name: "Embed code" }).inputValue()).toContain(
      `src="${server.url}/b/demo"`,
    );
    await page.close();
  });

  it("thumbnails jump to a page, and the book reopens where it was left", async () => {
    const page = await open("/b/demo?lang=en");
    await page.getByRole("button", { name: "Thumbnails" }).click();
    await page.getByRole("button", { name: "Page 9" }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 8–9 of 12");
    await page.close();
    const again = await open("/b/demo?lang=en");
    await expect.poll(() => announced(again).textContent()).toBe("Page 8–9 of 12");
    await again.close();
  });

  it("asks for a thumbnail again when it did not arrive", async () => {
    const page = await context.newPage();
    // Page 3's thumbnail (its pictures are not on the faces shown at page 10) is dropped the first time.
    const asked = await askedAgainAfterDrop(
      page,
      (url) => url.pathname.endsWith("/pages/3/400.webp"),
      async () => {
        await page.goto(`${server.url}/b/demo/10?lang=en`);
        await page.getByRole("button", { name: "Thumbnails" }).click();
        return page.getByRole("button", { name: "Page 3" }).locator("img");
      },
    );
    expect(asked).toBe(2);
    await page.close();
  });

  it("applies a setting posted by the editor's preview frame at once, from its own origin only", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/b/demo/1?lang=en`);
    // The editor side listens before the frame loads, as the editor does.
    await page.setContent(
      `<script>window.received = []; addEventListener("message", (event) => received.push(event.data));</script>
       <iframe id="bookEditIframe" src="${server.url}/b/demo/4?lang=en" width="1200" height="800"></iframe>`,
    );
    await expect.poll(() => page.evaluate("window.received")).toEqual([{ type: "previewReady" }]);
    const frame = await previewFrame(page);
    await frame.getByTestId("stage").waitFor();
    const background = () =>
      frame.locator(".tl-reader").evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.evaluate(() => {
      const target = (document.getElementById("bookEditIframe") as HTMLIFrameElement).contentWindow;
      target?.postMessage({ type: "previewBook", key: "bgColor", value: "#ff0000", showAlert: false }, "*");
    });
    await expect.poll(background).toBe("rgb(255, 0, 0)");
    await page.close();
  });

  it("ignores preview messages from another origin", async () => {
    const foreign = await serveReader(readerDist, fixtures);
    const page = await context.newPage();
    await page.goto(`${foreign.url}/b/demo/1?lang=en`);
    await page.setContent(
      `<iframe id="bookEditIframe" src="${server.url}/b/demo/4?lang=en" width="1200" height="800"></iframe>`,
    );
    const frame = await previewFrame(page);
    await frame.getByTestId("stage").waitFor();
    const background = () =>
      frame.locator(".tl-reader").evaluate((element) => getComputedStyle(element).backgroundColor);
    const before = await background();
    await page.evaluate(() => {
      const target = (document.getElementById("bookEditIframe") as HTMLIFrameElement).contentWindow;
      target?.postMessage({ type: "previewBook", key: "bgColor", value: "#ff0000", showAlert: false }, "*");
    });
    await page.waitForTimeout(300);
    expect(await background()).toBe(before);
    await page.close();
    await foreign.close();
  });
});

describe("the reader's settings", { timeout: 60_000 }, () => {
  it("shows page-number captions in the toolbar and the announcer", async () => {
    const page = await open("/b/extras/4?lang=en");
    await expect.poll(() => announced(page).textContent()).toBe("Page iii–iv of 12");
    expect(await page.locator(".tl-page-number").textContent()).toBe("iii–iv / 12");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 1–2 of 12");
    await settle(page);
    await page.keyboard.press("Home");
    await expect.poll(() => announced(page).textContent()).toBe("Page Cover of 12");
    await page.close();
  });
});

/** Counts the sounds the page starts through Web Audio (the synthesised flip). */
async function countingSounds(): Promise<BrowserContext> {
  const counted = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await counted.addInitScript(() => {
    const start = AudioBufferSourceNode.prototype.start;
    (window as unknown as { sounds: number }).sounds = 0;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      (window as unknown as { sounds: number }).sounds += 1;
      return start.apply(this, args);
    };
  });
  return counted;
}

describe("the reader's bookmarks and sound", { timeout: 60_000 }, () => {
  it("shows bookmark tabs on the side edges that jump to their pages", async () => {
    const page = await open("/b/extras/4?lang=en");
    const tabs = page.getByRole("navigation", { name: "Bookmarks" });
    const chapter = tabs.getByRole("button", { name: "Chapter 2" });
    const intro = tabs.getByRole("button", { name: "Intro" });
    // Pages still ahead stick out on the right; pages behind on the left.
    const stage = await page.getByTestId("stage").boundingBox();
    const right = await chapter.boundingBox();
    const left = await intro.boundingBox();
    if (!stage || !right || !left) throw new Error("no tabs");
    expect(right.x).toBeGreaterThanOrEqual(stage.x + stage.width - 1);
    expect(left.x + left.width).toBeLessThanOrEqual(stage.x + 1);
    expect(await chapter.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(169, 50, 38)");
    await page.screenshot({ path: join(screenshots, "reader-bookmarks.png") });
    await chapter.click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 3–4 of 12");
    await expect.poll(() => chapter.getAttribute("aria-current")).toBe("page");
    await intro.click();
    await expect.poll(() => announced(page).textContent()).toBe("Page i–ii of 12");
    await page.close();
  });

  it("plays a synthesised flip sound on each turn, unless muted or turned off", async () => {
    const counted = await countingSounds();
    const sounds = (page: Page) => page.evaluate(() => (window as unknown as { sounds: number }).sounds);
    const page = await open("/b/demo/4?lang=en", counted);
    expect(await sounds(page)).toBe(0);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => sounds(page)).toBe(1);
    await settle(page);
    await page.getByRole("button", { name: "Mute sound" }).click();
    expect(await page.getByRole("button", { name: "Mute sound" }).getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 8–9 of 12");
    expect(await sounds(page)).toBe(1);
    const quiet = await open("/b/quiet/2?lang=en", counted);
    await quiet.keyboard.press("ArrowRight");
    await expect.poll(() => announced(quiet).textContent()).toBe("Page 4–5 of 6");
    expect(await sounds(quiet)).toBe(0);
    expect(await quiet.getByRole("button", { name: "Mute sound" }).count()).toBe(0);
    await counted.close();
  });

  it("starts the background music after the first gesture, at its volume, and mutes it", async () => {
    const page = await open("/b/extras/4?lang=en");
    const music = page.getByTestId("music");
    const state = () =>
      music.evaluate((element) => {
        const audio = element as HTMLAudioElement;
        return { paused: audio.paused, volume: audio.volume, muted: audio.muted };
      });
    expect(await state()).toEqual({ paused: true, volume: 0.5, muted: false });
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await state()).paused).toBe(false);
    // Two loops of a 0.4 s tone: it plays again once, then stops.
    await expect
      .poll(() => music.evaluate((element) => (element as HTMLAudioElement).ended), { timeout: 5000 })
      .toBe(true);
    await page.getByRole("button", { name: "Mute sound" }).click();
    expect((await state()).muted).toBe(true);
    await page.close();
  });
});

describe("the reader's print", { timeout: 60_000 }, () => {
  it("prints the visible pages or the whole book in a print-only layout under the watermark", async () => {
    const printer = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    // The browser's print dialog cannot be driven headless: count the calls instead.
    await printer.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    const page = await open("/b/extras/4?lang=en", printer);
    const printed = () => page.evaluate(() => (window as unknown as { printed: number }).printed);
    const layout = page.getByTestId("print-layout");
    await page.getByRole("button", { name: "Print" }).click();
    await page.getByRole("button", { name: "Print these pages" }).click();
    await expect.poll(printed).toBe(1);
    expect(await layout.isVisible()).toBe(false);

    await page.emulateMedia({ media: "print" });
    expect(await layout.isVisible()).toBe(true);
    expect(await page.locator(".tl-toolbar").isVisible()).toBe(false);
    const sources = () =>
      layout
        .locator("img")
        .evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).src).pathname));
    expect(await sources()).toEqual(["/fixtures/extras/pages/4/1600.webp", "/fixtures/extras/pages/5/1600.webp"]);
    expect(
      await layout
        .locator("img")
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    ).toBe(true);
    const watermarks = layout.locator(".tl-print-watermark");
    expect(await watermarks.count()).toBe(2);
    expect(await watermarks.first().textContent()).toBe("Turnleaf sample");
    expect(await watermarks.first().isVisible()).toBe(true);
    await page.screenshot({ path: join(screenshots, "reader-print.png") });

    // After printing, the layout goes; the whole book prints every page.
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await expect.poll(() => layout.count()).toBe(0);
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("button", { name: "Print" }).click();
    await page.getByRole("button", { name: "Print the whole book" }).click();
    await expect.poll(printed).toBe(2);
    expect((await sources()).length).toBe(12);
    await printer.close();
  });
});

describe("the reader's download and magnifier", { timeout: 60_000 }, () => {
  it("offers the original PDF and the visible pages' pictures for download", async () => {
    const plain = await open("/b/demo/4?lang=en");
    expect(await plain.getByRole("button", { name: "Download" }).count()).toBe(0);
    await plain.close();
    const page = await open("/b/extras/4?lang=en");
    await page.getByRole("button", { name: "Download" }).click();
    const pdf = page.getByRole("link", { name: "Original PDF" });
    expect(await pdf.getAttribute("href")).toBe("/fixtures/extras/original.pdf");
    expect(await pdf.getAttribute("download")).toBe("Fixture extras.pdf");
    const single = page.getByRole("link", { name: "Page 5" });
    expect(await single.getAttribute("href")).toBe("/fixtures/extras/pages/5/1600.webp");
    expect(await single.getAttribute("download")).toBe("Fixture extras-5.webp");
    expect(await page.getByRole("dialog", { name: "Download" }).getByRole("link").count()).toBe(3);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.close();
  });

  it("shows a lens with the largest rendition under the pointer; clicks do not turn; Esc closes it", async () => {
    const page = await open("/b/demo/4?lang=en");
    const toggle = page.getByRole("button", { name: "Magnifier" });
    await toggle.click();
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    const face = await page.locator('.tl-face[data-page="5"]').boundingBox();
    if (!face) throw new Error("no page 5");
    await page.mouse.move(face.x + face.width / 2, face.y + face.height / 4);
    const lens = page.getByTestId("lens");
    await expect.poll(() => lens.isVisible()).toBe(true);
    const style = await lens.evaluate((element) => ({
      image: (element as HTMLElement).style.backgroundImage,
      size: (element as HTMLElement).style.backgroundSize,
      position: (element as HTMLElement).style.backgroundPosition,
    }));
    expect(style.image).toContain("/fixtures/demo/pages/5/1600.webp");
    // 2.5 × the page's drawn size; the point under the pointer at the lens's centre (radius 90).
    const [width] = style.size.split(" ").map((value) => Number.parseFloat(value));
    expect(width).toBeCloseTo(face.width * 2.5, 0);
    const [x, y] = style.position.split(" ").map((value) => Number.parseFloat(value));
    expect(x).toBeCloseTo(90 - (face.width / 2) * 2.5, 0);
    expect(y).toBeCloseTo(90 - (face.height / 4) * 2.5, 0);
    await page.screenshot({ path: join(screenshots, "reader-magnifier.png") });
    await page.mouse.click(face.x + face.width * 0.9, face.y + face.height / 2);
    await page.waitForTimeout(300);
    expect(await announced(page).textContent()).toBe("Page 4–5 of 12");
    await page.keyboard.press("Escape");
    await expect.poll(() => lens.count()).toBe(0);
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await page.close();
  });
});

describe("the reader's mini mode", { timeout: 60_000 }, () => {
  it("draws the book within the mini size, centred, with a compact toolbar", async () => {
    const page = await open("/b/mini/2?lang=en");
    const stage = await page.getByTestId("stage").boundingBox();
    const viewport = await page.locator(".tl-viewport").boundingBox();
    if (!stage || !viewport) throw new Error("no stage");
    expect(stage.width).toBeLessThanOrEqual(600);
    expect(stage.height).toBeLessThanOrEqual(400);
    expect(stage.height).toBeGreaterThan(390);
    expect(Math.abs(stage.x + stage.width / 2 - (viewport.x + viewport.width / 2))).toBeLessThan(2);
    expect(Math.abs(stage.y + stage.height / 2 - (viewport.y + viewport.height / 2))).toBeLessThan(2);
    const next = await page.getByRole("button", { name: "Next page" }).boundingBox();
    expect(next?.height).toBeLessThanOrEqual(30);
    expect(await page.getByRole("button", { name: "First page" }).isVisible()).toBe(false);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 4–5 of 6");
    await page.screenshot({ path: join(screenshots, "reader-mini.png") });
    await page.close();
  });
});
