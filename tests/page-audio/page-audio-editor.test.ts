import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumArgs, chromiumPath } from "../browser.js";
import { bookOwner } from "../media/media-stack.js";
import { workerStores } from "../setup/worker-stores.js";
import { toneMp3 } from "./audio-fixtures.js";
import { type PageAudioStack, startPageAudioStack } from "./page-audio-stack.js";

// The page audio editor in Chromium (the built editor against the real gateway and book service on the run's real
// stores): the owner chooses page 2, types a text, generates its speech on the server and plays the preview; gives
// page 3 an uploaded MP3; switches to manual flip; the stored page audio says so. In English (`lang=en`).
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const editorDist = fileURLToPath(new URL("../../web/editor/dist", import.meta.url));
const stores = workerStores();
let stack: PageAudioStack;
let url: string;
let browser: Browser;

beforeAll(async () => {
  for (const dist of [readerDist, editorDist]) {
    if (!existsSync(join(dist, "index.html"))) throw new Error(`build first: ${dist} (npm run build -w web/…)`);
  }
  stack = await startPageAudioStack(stores, "page-audio-editor", { reader: readerDist, editor: editorDist });
  url = (await stack.listening(bookOwner)).url;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--autoplay-policy=no-user-gesture-required"],
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function stored(bookId: string) {
  const response = await fetch(`${url}/api/book/get-page-audio`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ bookId }).toString(),
  });
  return (
    (await response.json()) as {
      data: { pages: { page: number; source: string; text: string }[]; play: { autoFlip: boolean } };
    }
  ).data;
}

async function pageModeOf(bookId: string) {
  const response = await fetch(`${url}/api/book/get-book`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ bookId }).toString(),
  });
  return ((await response.json()) as { data: { htmlConfig: { pageMode?: string } } }).data.htmlConfig.pageMode;
}

/** Plays the preview and answers how far it got. */
const played = (preview: Locator) =>
  preview.evaluate(async (element: HTMLAudioElement) => {
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 800));
    return element.currentTime;
  });

describe("the page audio editor", () => {
  it("generates a page's speech, takes an MP3, previews them and saves the play settings", async () => {
    const book = await stack.publishedBook(4);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript(() => window.localStorage.setItem("turnleaf.editor.guideSeen", "1"));
    const page = await context.newPage();
    await page.goto(`${url}/book_edit2/editor?num=${book.number}&lang=en`);
    await page.getByRole("tab", { name: "Multimedia" }).click();
    const panel = page.getByTestId("page-audio-editor");
    await expect
      .poll(() => panel.getByTestId("page-audio-page").locator("option").count(), { timeout: 20_000 })
      .toBe(4);
    await panel.getByTestId("page-audio-page").selectOption("2");
    await expect.poll(() => panel.getByText("This page has no audio").count()).toBe(1);
    await panel.getByTestId("page-audio-text").fill("Hello from the editor.");
    await panel.getByRole("combobox", { name: "Voice" }).selectOption("en");
    await panel.getByRole("button", { name: "Generate speech" }).click();
    const preview = panel.getByTestId("page-audio-preview");
    await expect.poll(() => preview.count(), { timeout: 30_000 }).toBe(1);
    expect(await preview.getAttribute("src")).toMatch(/\/api\/common\/file\/[^/]+\/page-2\.mp3$/);
    expect(await played(preview)).toBeGreaterThan(0.2);
    expect(await panel.getByTestId("page-audio-page").locator("option:checked").textContent()).toBe("2 ♪");

    await panel.getByTestId("page-audio-page").selectOption("3");
    await panel.getByRole("radio", { name: "Upload an MP3" }).click();
    const mp3 = join(await mkdtemp(join(tmpdir(), "turnleaf-page-audio-editor-")), "narration.mp3");
    await writeFile(mp3, toneMp3(1.5));
    await panel.getByTestId("page-audio-file").setInputFiles(mp3);
    await panel.getByTestId("page-audio-text").fill("Chapter three");
    await panel.getByRole("button", { name: "Use this file" }).click();
    await expect
      .poll(async () => (await preview.getAttribute("src")) ?? "", { timeout: 30_000 })
      .toMatch(/narration\.mp3$/);
    expect(await played(preview)).toBeGreaterThan(0.2);

    await panel.getByRole("radio", { name: "Turn pages by hand" }).click();
    await panel.getByRole("button", { name: "Save play settings" }).click();
    await expect.poll(async () => (await stored(book.bookId)).play.autoFlip, { timeout: 20_000 }).toBe(false);
    const pages = (await stored(book.bookId)).pages;
    expect(pages.map(({ page: number, source, text }) => ({ number, source, text }))).toEqual([
      { number: 2, source: "speech", text: "Hello from the editor." },
      { number: 3, source: "file", text: "Chapter three" },
    ]);

    // Clearing page 2 from the editor.
    await panel.getByTestId("page-audio-page").selectOption("2");
    await panel.getByRole("button", { name: "Clear this page's audio" }).click();
    await expect
      .poll(async () => (await stored(book.bookId)).pages.map((entry) => entry.page), { timeout: 20_000 })
      .toEqual([3]);

    // Switching the page display mode asks first (spec 001 §4): declined, nothing changes; confirmed, the page audio
    // is cleared and the mode saved.
    await page.getByRole("tab", { name: "Design" }).click();
    await page.getByRole("tab", { name: "Setup", exact: true }).click();
    const mode = page.getByRole("combobox", { name: "Page mode" });
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await mode.selectOption("single");
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toBe("Switching the page display mode clears all page audio. Continue?");
    await page.waitForTimeout(1_500);
    expect((await stored(book.bookId)).pages.map((entry) => entry.page)).toEqual([3]);
    page.once("dialog", (dialog) => void dialog.accept());
    await mode.selectOption("double");
    await expect.poll(async () => (await stored(book.bookId)).pages.length, { timeout: 20_000 }).toBe(0);
    await expect.poll(() => pageModeOf(book.bookId), { timeout: 20_000 }).toBe("double");
    await context.close();
  }, 120_000);
});
