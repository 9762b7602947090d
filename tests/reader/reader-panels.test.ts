/**
 * The built reader in real Chromium, its panels and extras: sharing with a QR code, thumbnails and the remembered
 * page, the editor's preview messages, page captions, bookmarks, flip sound and music, print, download, the
 * magnifier and the mini mode (reader-harness.ts serves the fixture books).
 */
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { askedAgainAfterDrop } from "../browser.js";
import {
  announced,
  browser,
  context,
  fixtures,
  jsQR,
  open,
  previewFrame,
  readerDist,
  screenshots,
  server,
  settle,
  useReader,
} from "./reader-harness.js";
import { serveReader } from "./static-server.js";

useReader(["demo", "extras", "quiet", "mini"]);

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
