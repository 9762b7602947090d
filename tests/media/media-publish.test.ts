import { existsSync } from "node:fs";
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { readProject, translator, writeFlipBook } from "@turnleaf/cli/in-process";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { writeMediaProject } from "./media-project.js";

// The published offline flipbook (turnleaf publish --format html, here its writer in this process) of a project
// whose project.json carries media items, opened from disk in Chromium with the built offline reader: the items
// sit where they were placed, the PDF link the owner edited gives way to its item, and a page link turns the page.
const offlineReader = fileURLToPath(new URL("../../web/reader/dist-offline", import.meta.url));
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");

let browser: Browser;
let workDir: string;

const items = [
  { id: "l1", page: 3, kind: "link", x: 0.1, y: 0.1, width: 0.3, height: 0.06, targetPage: 5 },
  { id: "v1", page: 3, kind: "video", x: 0.2, y: 0.3, width: 0.5, height: 0.25, url: "https://cdn.example/clip.mp4" },
  { id: "i1", page: 3, kind: "image", x: 0.6, y: 0.65, width: 0.3, height: 0.2, images: ["photo.png"], popup: true },
  { id: "n1", page: 3, kind: "note", x: 0.05, y: 0.8, width: 0.4, height: 0.12, text: "A note\non two lines" },
  {
    id: "pdf-3-0",
    page: 3,
    kind: "link",
    x: 0.5,
    y: 0.9,
    width: 0.2,
    height: 0.05,
    url: "https://edited.example/",
    origin: "pdf",
  },
];

/** A finished project of 6 pages with a PDF link on page 3 and the items above. */
const project = () => writeMediaProject(join(workDir, "project"), { media: { items, removedPdfLinks: [] } });

beforeAll(async () => {
  if (!existsSync(join(offlineReader, "reader.js")))
    throw new Error("build first: npm run build:offline -w web/reader");
  await mkdir(screenshots, { recursive: true });
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-media-publish-"));
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe("media in the published offline flipbook", () => {
  it("shows the project's items at their place, the edited PDF link replaced, and a page link turns the page", async () => {
    const projectDir = await project();
    const { project: read, manifest } = await readProject(projectDir);
    const flipBook = join(workDir, "out", "FlipBook");
    const book = await writeFlipBook({
      projectDir,
      flipBook,
      project: read,
      manifest,
      readerDir: offlineReader,
      t: translator("en"),
      options: {
        project: projectDir,
        format: "html",
        out: "",
        title: undefined,
        description: undefined,
        keywords: undefined,
        lang: "en",
        json: false,
      },
    });
    // The page's PDF link was edited: its item replaces it; the book carries the items on page 3 only.
    expect(book.pages[2]?.links).toEqual([]);
    expect((book.pages[2] as { media?: { id: string }[] }).media?.map((item) => item.id)).toEqual(
      items.map((i) => i.id),
    );
    expect((book.pages[1] as { media?: unknown }).media).toBeUndefined();

    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${pathToFileURL(join(flipBook, "index.html")).href}#page=3`);
    let face = page.locator('.tl-face[data-page="3"]').first();
    if ((await face.count()) === 0) {
      await page
        .getByRole("button", { name: /next|下一页/i })
        .first()
        .click();
      face = page.locator('.tl-face[data-page="3"]').first();
    }
    await page.locator('.tl-face[data-page="3"] [data-testid="media-layer"]').waitFor();
    const faceBox = await face.boundingBox();
    if (!faceBox) throw new Error("page 3 is not drawn");
    for (const item of items) {
      const box = await page.locator(`.tl-face[data-page="3"] [data-media-id="${item.id}"]`).boundingBox();
      if (!box) throw new Error(`item ${item.id} is not drawn`);
      const tolerance = 3 / faceBox.width + 0.002;
      expect(Math.abs((box.x - faceBox.x) / faceBox.width - item.x), item.id).toBeLessThan(tolerance);
      expect(Math.abs((box.y - faceBox.y) / faceBox.height - item.y), item.id).toBeLessThan(tolerance);
      expect(Math.abs(box.width / faceBox.width - item.width), item.id).toBeLessThan(tolerance);
    }
    expect(await page.locator('.tl-face[data-page="3"] [data-kind="note"]').textContent()).toBe("A note\non two lines");
    await page.screenshot({ path: join(screenshots, "media-published.png") });
    await page.locator('[data-media-id="l1"]').click();
    await page.locator('.tl-face[data-page="5"]').first().waitFor();
    await context.close();
  }, 60_000);
});
