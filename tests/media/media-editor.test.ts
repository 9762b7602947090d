import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { Browser, Frame, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, strokeInOneTask } from "../browser.js";
import { workerStores } from "../setup/worker-stores.js";
import { bookOwner, type MediaStack, startMediaStack } from "./media-stack.js";

// The multimedia editor and the reader's media layer in Chromium against the real gateway (listening, with the
// built editor and reader) and the book and power services in this process on the run's real stores. An owner
// places a link, a video and a picture pop-up on page 3 (drag, resize, undo/redo, and edits a PDF link); the reader
// shows them at the same place of the page at 1× and 2× zoom and on a phone, turns to the link's page, opens the
// pop-up, and asks for the video only once page 3 is shown. Media files come from a local server that logs requests.
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const editorDist = fileURLToPath(new URL("../../web/editor/dist", import.meta.url));
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");
const stores = workerStores();

let stack: MediaStack;
let gateway: FastifyInstance;
let gatewayUrl: string;
let files: Server;
let filesUrl: string;
const fileRequests: string[] = [];
let browser: Browser;
let book: { bookId: string; number: string };

interface StoredItem {
  id: string;
  page: number;
  kind: string;
  x: number;
  y: number;
  width: number;
  height: number;
  url?: string;
  targetPage?: number;
  images?: string[];
  popup?: boolean;
  origin?: string;
}

beforeAll(async () => {
  for (const dist of [readerDist, editorDist]) {
    if (!existsSync(join(dist, "index.html"))) throw new Error(`build first: ${dist} (npm run build -w web/…)`);
  }
  await mkdir(screenshots, { recursive: true });
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
  files = createServer((request, response) => {
    fileRequests.push(request.url ?? "");
    if (request.url === "/photo.png") {
      response.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" }).end(photo);
      return;
    }
    // The clip's bytes do not matter here: whether it was asked for, and when, does.
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  stack = await startMediaStack(stores, "media-ui", { reader: readerDist, editor: editorDist });
  gateway = await stack.gateway(bookOwner);
  await gateway.listen({ host: "127.0.0.1", port: 0 });
  gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;
  book = await stack.publishedBook(6, { 3: [{ box: [0.55, 0.85, 0.3, 0.06], url: "https://pdf.example/found" }] });
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await new Promise((resolve) => files?.close(resolve));
});

async function storedItems(): Promise<StoredItem[]> {
  const response = await gateway.inject({
    method: "POST",
    url: "/api/book/get-page-media",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ bookId: book.bookId }).toString(),
  });
  return (response.json() as { data: { items: StoredItem[] } }).data.items;
}

/** Drags from the middle of `from` (or a point in it) by (dx, dy) pixels with the mouse, in steps. */
async function drag(page: Page, from: Locator, dx: number, dy: number) {
  // Playwright's hover waits until the element is still and is what a pointer at its centre reaches (another item
  // placed over it would take the press instead).
  await from.hover();
  const box = await from.boundingBox();
  if (!box) throw new Error("nothing to drag");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

const saved = (page: Page) =>
  expect.poll(() => page.getByTestId("save-state").getAttribute("data-state"), { timeout: 10_000 }).toBe("success");

/** Where an item is drawn on a page's face, as fractions of the face's box. */
async function placed(page: Page | Frame, pageNumber: number, id: string) {
  const face = await page
    .locator(`.tl-face[data-page="${pageNumber}"]:not(.tl-turning-front):not(.tl-turning-back)`)
    .first()
    .boundingBox();
  const item = await page.locator(`.tl-face[data-page="${pageNumber}"] [data-media-id="${id}"]`).first().boundingBox();
  if (!face || !item) throw new Error(`page ${pageNumber} or item ${id} is not drawn`);
  return {
    faceWidth: face.width,
    x: (item.x - face.x) / face.width,
    y: (item.y - face.y) / face.height,
    width: item.width / face.width,
    height: item.height / face.height,
  };
}

function expectAt(actual: Awaited<ReturnType<typeof placed>>, item: StoredItem) {
  // Within a pixel or two of the page's drawn size.
  const tolerance = 3 / actual.faceWidth + 0.002;
  expect(Math.abs(actual.x - item.x), `x of ${item.id}`).toBeLessThan(tolerance);
  expect(Math.abs(actual.y - item.y), `y of ${item.id}`).toBeLessThan(tolerance);
  expect(Math.abs(actual.width - item.width), `width of ${item.id}`).toBeLessThan(tolerance);
  expect(Math.abs(actual.height - item.height), `height of ${item.id}`).toBeLessThan(tolerance);
}

let placedItems: StoredItem[] = [];

/** The editor of the test book in a context of its own (tour seen), on the Multimedia tab at `pageNumber`. */
async function openMediaEditor(pageNumber: number) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(() => window.localStorage.setItem("turnleaf.editor.guideSeen", "1"));
  const page = await context.newPage();
  await page.goto(`${gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
  await page.getByRole("tab", { name: "Multimedia" }).click();
  const editor = page.getByTestId("media-editor");
  await editor.getByRole("spinbutton", { name: "Page" }).fill(String(pageNumber));
  return { context, page, editor };
}

describe("multimedia on pages", () => {
  it("an owner places a link, a video and a picture pop-up on page 3, drags, resizes, undoes and redoes", async () => {
    const { context, page, editor } = await openMediaEditor(3);
    // The PDF link the conversion found is there, editable, before any item.
    const pdfLink = editor.locator('[data-media-id="pdf-3-0"]');
    await expect.poll(() => pdfLink.getAttribute("data-origin")).toBe("pdf");

    await editor.getByRole("button", { name: "Add link" }).click();
    await saved(page);
    const [link] = (await storedItems()).filter((item) => item.kind === "link");
    expect(link).toMatchObject({ page: 3, targetPage: 4, x: 0.35, y: 0.47 });
    // A drag's change reaches the save after the editor has drawn it: the save state may still show the last save
    // when the drag ends, so the stored item is asked until it has moved.
    await drag(page, editor.locator(`[data-media-id="${link?.id}"]`), -120, -200);
    await expect.poll(async () => (await storedItems()).find((item) => item.id === link?.id)?.x).toBeLessThan(0.3);
    await saved(page);
    const draggedLink = (await storedItems()).find((item) => item.id === link?.id);
    expect(draggedLink?.y).toBeLessThan(0.35);

    await editor.getByRole("button", { name: "Add video" }).click();
    await page.getByTestId("media-new").locator("#media-source").fill(`${filesUrl}/clip.mp4`);
    await page.getByRole("button", { name: "Place on the page" }).click();
    await saved(page);
    const video = (await storedItems()).find((item) => item.kind === "video");
    expect(video).toMatchObject({ url: `${filesUrl}/clip.mp4`, width: 0.6, height: 0.3 });
    await drag(page, editor.locator(`[data-media-id="${video?.id}"] [data-testid="media-resize"]`), -80, 60);
    await expect
      .poll(async () => (await storedItems()).find((item) => item.id === video?.id)?.width)
      .toBeLessThan(0.55);
    await saved(page);
    const resizedVideo = (await storedItems()).find((item) => item.id === video?.id);
    expect(resizedVideo?.height).toBeGreaterThan(0.33);

    await editor.getByRole("button", { name: "Add picture" }).click();
    await page.getByTestId("media-new").locator("#media-source").fill(`${filesUrl}/photo.png`);
    await page.getByRole("button", { name: "Place on the page" }).click();
    await page.getByTestId("media-settings").getByLabel("Open in a pop-up").check();
    await saved(page);
    const image = (await storedItems()).find((item) => item.kind === "image");
    expect(image).toMatchObject({ images: [`${filesUrl}/photo.png`], popup: true });

    // Undo and redo, as every other change: the pop-up setting goes and comes back, on the server too.
    await page.getByRole("button", { name: "Undo" }).click();
    await saved(page);
    expect((await storedItems()).find((item) => item.id === image?.id)?.popup).toBeUndefined();
    await page.getByRole("button", { name: "Redo" }).click();
    await saved(page);
    expect((await storedItems()).find((item) => item.id === image?.id)?.popup).toBe(true);

    // The PDF link, once moved, is an item of its own id; undoing the move brings the conversion's link back.
    await drag(page, pdfLink, 0, -40);
    await expect.poll(async () => (await storedItems()).find((item) => item.id === "pdf-3-0")?.origin).toBe("pdf");
    await saved(page);

    await page.screenshot({ path: join(screenshots, "media-editor.png") });
    placedItems = (await storedItems()).filter((item) => item.page === 3);
    expect(placedItems.map((item) => item.kind).sort()).toEqual(["image", "link", "link", "video"]);
    await context.close();
  }, 90_000);

  it("the editor's preview frame redraws items live as they are placed, dragged, edited and deleted, without reloading", async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript(() => window.localStorage.setItem("turnleaf.editor.guideSeen", "1"));
    const page = await context.newPage();
    await page.goto(`${gatewayUrl}/book_edit2/editor?num=${book.number}&lang=en`);
    await expect
      .poll(() => page.locator('iframe[name="bookEditIframe"]').getAttribute("data-ready"), { timeout: 20_000 })
      .toBe("true");
    const frame = page.frame({ name: "bookEditIframe" });
    if (!frame) throw new Error("no preview frame");
    await frame.getByRole("button", { name: "Next page" }).first().click();
    await frame.locator('.tl-face[data-page="2"]').first().waitFor();
    // Marks this document: a reloaded preview would lose it.
    await frame.evaluate(() => Object.assign(window, { previewMark: "kept" }));
    const inPreview = (id: string) => frame.locator(`.tl-face[data-page="2"] [data-media-id="${id}"]`);
    const previewLeft = async (id: string) =>
      Number.parseFloat(
        (await inPreview(id)
          .first()
          .evaluate((element: HTMLElement) => element.style.left)) || "NaN",
      );

    await page.getByRole("tab", { name: "Multimedia" }).click();
    const editor = page.getByTestId("media-editor");
    // Page 2 (shown beside page 3 in the preview): the items of page 3 stay as the other tests left them.
    await editor.getByRole("spinbutton", { name: "Page" }).fill("2");
    await editor.getByRole("button", { name: "Add note" }).click();
    await saved(page);
    const note = (await storedItems()).find((item) => item.kind === "note" && item.page === 2);
    if (!note) throw new Error("the note was not stored");
    // Placed: in the preview at once (the frame is only hidden behind the multimedia tab).
    await expect.poll(() => inPreview(note.id).count()).toBe(1);
    expect(await previewLeft(note.id)).toBeCloseTo(note.x * 100, 1);

    // Dragged: the preview follows the pointer before it is let go (no step, nothing saved yet).
    const handle = editor.locator(`[data-media-id="${note.id}"]`);
    const box = await handle.boundingBox();
    if (!box) throw new Error("the note is not drawn in the editor");
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 6 });
    await expect.poll(() => previewLeft(note.id)).toBeLessThan(note.x * 100 - 3);
    expect((await storedItems()).find((item) => item.id === note.id)?.x).toBe(note.x);
    await page.mouse.up();
    await saved(page);
    const moved = (await storedItems()).find((item) => item.id === note.id);
    if (!moved) throw new Error("the note is gone");
    expect(moved.x).toBeLessThan(note.x);

    // Edited: the note's text, then the whole placement seen on the preview's page, where the server put it.
    const text = page.locator("#media-note");
    await text.fill("Live in the preview");
    await text.blur();
    await saved(page);
    await expect.poll(() => inPreview(note.id).textContent()).toBe("Live in the preview");
    await page.getByRole("tab", { name: "Basic" }).click();
    expectAt(await placed(frame, 2, note.id), moved);

    // Undone and redone: the preview follows the undo stack. Placing, dragging and editing the note are one to three
    // steps (changes within a second of each other merge, so a loaded machine makes more of them): each undo changes
    // the preview, and the last one takes the note away.
    await page.getByRole("tab", { name: "Multimedia" }).click();
    await editor.getByRole("spinbutton", { name: "Page" }).fill("2");
    const previewState = () =>
      inPreview(note.id).evaluateAll((elements) =>
        elements.map((element) => `${element.textContent}@${(element as HTMLElement).style.left}`).join("|"),
      );
    let undone = 0;
    while ((await previewState()) !== "") {
      expect(undone, "placing, dragging and editing the note are at most three steps").toBeLessThan(3);
      const before = await previewState();
      await page.getByRole("button", { name: "Undo" }).click();
      undone += 1;
      await expect.poll(previewState).not.toBe(before);
    }
    expect(await inPreview(note.id).count()).toBe(0);
    await saved(page);
    for (let step = 0; step < undone; step += 1) await page.getByRole("button", { name: "Redo" }).click();
    await expect.poll(() => inPreview(note.id).textContent()).toBe("Live in the preview");
    await saved(page);
    // Deleted: it leaves the preview.
    await editor.locator(`[data-media-id="${note.id}"]`).click();
    await page.getByTestId("media-settings").getByRole("button", { name: "Delete" }).click();
    await saved(page);
    await expect.poll(() => inPreview(note.id).count()).toBe(0);
    expect((await storedItems()).some((item) => item.id === note.id)).toBe(false);
    expect(await frame.evaluate(() => (window as unknown as { previewMark?: string }).previewMark)).toBe("kept");
    await context.close();
  }, 90_000);

  it("the reader shows them at their place at 1× and 2× zoom and on a phone, loads the video with its page, turns to the link's page and opens the pop-up", async () => {
    expect(placedItems.length).toBe(4);
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    fileRequests.length = 0;
    await page.goto(`${gatewayUrl}/b/${book.number}?lang=en`);
    await page.locator('.tl-face[data-page="1"]').first().waitFor();
    await page.waitForTimeout(800);
    // Page 3 is not shown: nothing of its media was asked for.
    expect(fileRequests).toEqual([]);
    await page.getByRole("button", { name: "Next page" }).first().click();
    await page.locator('.tl-face[data-page="3"] [data-testid="media-layer"]').waitFor();
    await expect.poll(() => fileRequests.includes("/clip.mp4"), { timeout: 10_000 }).toBe(true);

    for (const item of placedItems) expectAt(await placed(page, 3, item.id), item);
    const oneTimes = (await placed(page, 3, placedItems[0]?.id ?? "")).faceWidth;
    await page.screenshot({ path: join(screenshots, "media-reader-1x.png") });

    const zoomIn = page.getByRole("button", { name: "Zoom in" }).first();
    await zoomIn.click();
    await zoomIn.click();
    await expect
      .poll(async () => (await placed(page, 3, placedItems[0]?.id ?? "")).faceWidth / oneTimes)
      .toBeCloseTo(2, 1);
    for (const item of placedItems) expectAt(await placed(page, 3, item.id), item);
    await page.screenshot({ path: join(screenshots, "media-reader-2x.png") });
    const zoomOut = page.getByRole("button", { name: "Zoom out" }).first();
    await zoomOut.click();
    await zoomOut.click();

    // The picture opens in a pop-up over the reader.
    const image = placedItems.find((item) => item.kind === "image");
    await page.locator(`[data-media-id="${image?.id}"]`).click();
    const dialog = page.getByRole("dialog", { name: "Picture" });
    await expect.poll(() => dialog.locator("img").getAttribute("src")).toBe(`${filesUrl}/photo.png`);
    await dialog.getByRole("button", { name: "Close" }).click();
    expect(await dialog.count()).toBe(0);

    // The link turns to page 4.
    const link = placedItems.find((item) => item.kind === "link" && item.targetPage === 4);
    await page.locator(`[data-media-id="${link?.id}"]`).click();
    await page.locator('.tl-face[data-page="4"]').first().waitFor();
    await expect.poll(() => page.locator('.tl-face[data-page="3"]').count()).toBe(0);
    await context.close();

    // A phone: single pages, the same places.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    await mobile.goto(`${gatewayUrl}/b/${book.number}/3?lang=en`);
    await mobile.locator('.tl-face[data-page="3"] [data-testid="media-layer"]').waitFor();
    for (const item of placedItems) expectAt(await placed(mobile, 3, item.id), item);
    await mobile.screenshot({ path: join(screenshots, "media-reader-phone.png") });
    await phone.close();
  }, 90_000);

  it("keeps a drag let go before the screen redrew (its moves and let-go in one task)", async () => {
    const { context, page, editor } = await openMediaEditor(5);
    await editor.getByRole("button", { name: "Add link" }).click();
    await saved(page);
    const [link] = (await storedItems()).filter((item) => item.page === 5);
    if (!link) throw new Error("the link was not stored");
    // A quick flick on a busy machine: React has rendered none of the moves when the pointer is let go.
    const box = editor.locator(`[data-media-id="${link.id}"]`);
    const bounds = await box.boundingBox();
    if (!bounds) throw new Error("the link's box is not shown");
    const [x, y] = [bounds.x + bounds.width / 2, bounds.y + bounds.height / 2];
    await strokeInOneTask(box, [
      { x, y },
      { x: x - 60, y: y - 60 },
      { x: x - 120, y: y - 120 },
    ]);
    await expect
      .poll(async () => (await storedItems()).find((item) => item.id === link.id)?.x ?? link.x)
      .toBeLessThan(link.x - 0.02);
    await context.close();
  }, 60_000);
});
