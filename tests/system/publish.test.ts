import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ReaderBook, readyBook } from "@turnleaf/reader/testing";
import PDFDocument from "pdfkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { workerSystem } from "../setup/worker-stores.js";
import { form, postTo, uploadPdf } from "../support/system.js";

// A user's whole path on the seven built processes and the real stores: upload a PDF through the gateway, let
// the conversion worker turn it into pages, and read it in Chromium at its public link.
const services = await workerSystem();
let browser: Browser;
/** The book the first test publishes; later tests protect it. */
let published: { number: string; bookId: string } | undefined;

beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const post = (path: string, body: string | Blob, contentType?: string) =>
  postTo(services.gatewayUrl, path, body, contentType);

/** Five A5 pages with words to find, a contents outline and a link from page 2 to page 4. */
function samplePdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A5", autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const words = ["", "overture", "meadow", "harbour", "lantern", "epilogue"];
    for (let page = 1; page <= 5; page += 1) {
      doc.addPage();
      doc.outline.addItem(`Chapter ${page}`);
      doc.fontSize(28).text(`Page ${page}: ${words[page]}`, 40, 80);
      if (page === 2) doc.fontSize(16).text("Go to the harbour", 40, 200, { goTo: "harbour" } as never);
      if (page === 4) doc.addNamedDestination("harbour");
    }
    doc.end();
  });
}

describe("publishing a PDF and reading it", () => {
  it("uploads, converts and opens at the book's link, pages turning in Chromium", async () => {
    const pdf = await samplePdf();
    published = await uploadPdf(services.gatewayUrl, pdf, { title: "Harbour Stories" });
    const { number } = published;

    const bookJson = (await (await fetch(`${services.gatewayUrl}/b/${number}/book.json`)).json()) as {
      pages: { renditions: { url: string }[] }[];
      pageCount: number;
      state: string;
      outline: { title: string; page: number }[];
    };
    expect(bookJson).toMatchObject({ pageCount: 5, state: "ready" });
    expect(bookJson.pages).toHaveLength(5);
    expect(bookJson.outline.map((entry) => entry.page)).toEqual([1, 2, 3, 4, 5]);

    // The page itself: title, Open Graph, JSON-LD, the page's text for crawlers.
    const html = await (await fetch(`${services.gatewayUrl}/b/${number}/3`)).text();
    expect(html).toContain("<title>Harbour Stories · 3</title>");
    expect(html).toContain('property="og:title" content="Harbour Stories"');
    expect(html).toContain('"@type":"Book"');
    expect(html).toContain("Page 3: harbour");
    // Only a revision's readable files are served; the manifest and sources are not.
    const firstImage = bookJson.pages[0]?.renditions[0]?.url ?? "";
    expect((await fetch(`${services.gatewayUrl}${firstImage}`)).headers.get("content-type")).toBe("image/webp");
    const manifestUrl = firstImage.replace(/pages\/.*$/, "manifest.json");
    expect((await fetch(`${services.gatewayUrl}${manifestUrl}`)).status).toBe(404);
    expect((await fetch(`${services.gatewayUrl}/b/no-such-book`)).status).toBe(404);

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${services.gatewayUrl}/b/${number}/2?lang=en`);
    const announcer = page.getByTestId("announcer");
    await expect.poll(() => announcer.textContent(), { timeout: 15_000 }).toBe("Page 2–3 of 5");
    await expect.poll(() => page.locator(".tl-text span").allTextContents()).toContain("Page 2: meadow");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announcer.textContent()).toBe("Page 4–5 of 5");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("searchbox").fill("meadow");
    await page.getByRole("button", { name: /Page 2/ }).click();
    await expect.poll(() => announcer.textContent()).toBe("Page 2–3 of 5");
    await page.screenshot({ path: join(process.env.TURNLEAF_SCREENSHOTS ?? tmpdir(), "published-book.png") });
    // Page 2's link (PDFium read it from the PDF) lies over its words, and clicking it goes to page 4.
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.locator('aside[aria-label="Search"]').count()).toBe(0);
    const face = page.locator('.tl-face[data-page="2"]').first();
    const words = face.locator(".tl-text span", { hasText: "Go to the harbour" });
    const hotspot = face.locator(".tl-link").first();
    await expect.poll(() => hotspot.count()).toBe(1);
    const [wordsBox, hotspotBox] = await Promise.all([words.boundingBox(), hotspot.boundingBox()]);
    if (!wordsBox || !hotspotBox) throw new Error("page 2's link or words are not drawn");
    const centre = { x: wordsBox.x + wordsBox.width / 2, y: wordsBox.y + wordsBox.height / 2 };
    expect(centre.x).toBeGreaterThan(hotspotBox.x);
    expect(centre.x).toBeLessThan(hotspotBox.x + hotspotBox.width);
    expect(centre.y).toBeGreaterThan(hotspotBox.y);
    expect(centre.y).toBeLessThan(hotspotBox.y + hotspotBox.height);
    await page.mouse.click(centre.x, centre.y);
    await expect.poll(() => announcer.textContent()).toBe("Page 4–5 of 5");
    await context.close();
  }, 120_000);

  it("a setting saved with update-book, a bookmark and a catalog reach the hosted reader's book.json", async () => {
    if (!published) throw new Error("the publishing test did not run");
    const { number, bookId } = published;
    const updated = await post(
      "/api/book/update-book",
      form({ bookId, bookConfig: JSON.stringify({ bgColor: "#204060", flippingTime: "0.6" }) }),
    );
    expect(updated, updated.msg).toMatchObject({ code: "OK", data: { htmlConfig: { bgColor: "#204060" } } });
    const added = await post("/api/book/add-book-bookmark", form({ bookId, caption: "Harbour" }));
    expect(added, added.msg).toMatchObject({ code: "OK", data: { bookmark: { page: 1, fontColour: "#ffffff" } } });
    const saved = await post(
      "/api/book/save-book-catalog",
      form({ bookId, catalog: JSON.stringify([{ title: "The harbour", page: 4, children: [] }]) }),
    );
    expect(saved, saved.msg).toMatchObject({ code: "OK" });
    const book = (await (await fetch(`${services.gatewayUrl}/b/${number}/book.json`)).json()) as ReaderBook;
    // The reader maps the saved htmlConfig with its preview's own code (web/reader/src/preview.ts).
    expect(readyBook(book).settings).toMatchObject({ backgroundColor: "#204060", flipTimeMs: 600 });
    expect(book.bookmarks).toMatchObject([{ caption: "Harbour", page: 1 }]);
    expect(book.outline).toEqual([{ title: "The harbour", page: 4, children: [] }]);
  }, 30_000);
});

describe("a password-protected book", () => {
  it("withholds protected pages until the reader enters the password, and a private book is not served", async () => {
    if (!published) throw new Error("the publishing test did not run");
    const { number, bookId } = published;
    const set = await post(
      "/api/book/set-book-privacy",
      form({
        bookId,
        access: "password",
        mode: "single",
        password: "lighthouse",
        hint: "what guides ships",
        fromPage: "3",
      }),
    );
    expect(set, set.msg).toMatchObject({ code: "OK", data: { access: "password", fromPage: 3, hasPassword: true } });
    expect(JSON.stringify(set.data)).not.toContain("lighthouse");

    const locked = (await (await fetch(`${services.gatewayUrl}/b/${number}/book.json`)).json()) as {
      pages: { number: number; locked: boolean; renditions: { url: string }[] }[];
      searchUrl: string | null;
      lock: { fromPage: number; hint: string };
    };
    expect(locked.lock).toMatchObject({ fromPage: 3, hint: "what guides ships" });
    expect(locked.pages.map((page) => page.locked)).toEqual([false, false, true, true, true]);
    expect(locked.pages[2]?.renditions).toEqual([]);
    expect(locked.searchUrl).toBeNull();
    // A direct asset URL of a protected page is refused without the grant; an open page is served.
    const openUrl = locked.pages[0]?.renditions[0]?.url ?? "";
    const protectedUrl = openUrl.replace("/pages/1/", "/pages/3/");
    expect((await fetch(`${services.gatewayUrl}${openUrl}`)).status).toBe(200);
    expect((await fetch(`${services.gatewayUrl}${protectedUrl}`)).status).toBe(403);
    expect(await (await fetch(`${services.gatewayUrl}/b/${number}/3`)).text()).not.toContain("Page 3: harbour");

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${services.gatewayUrl}/b/${number}/3?lang=en`);
    await page.getByRole("button", { name: "Enter password" }).click();
    const dialog = page.getByRole("dialog", { name: "Enter password" });
    await expect(dialog.textContent()).resolves.toContain("what guides ships");
    await dialog.getByLabel("Password").fill("harbour");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("Incorrect Password!");
    await dialog.getByLabel("Password").fill("lighthouse");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => page.locator('.tl-face[data-page="3"] img').count()).toBe(1);
    expect((await context.request.get(`${services.gatewayUrl}${protectedUrl}`)).status()).toBe(200);
    await context.close();

    const hidden = await post("/api/book/set-book-privacy", form({ bookId, access: "private" }));
    expect(hidden).toMatchObject({ code: "OK", data: { access: "private" } });
    expect((await fetch(`${services.gatewayUrl}/b/${number}`)).status).toBe(404);
    expect((await fetch(`${services.gatewayUrl}${openUrl}`)).status).toBe(404);
    const other = await post("/api/book/get-book-privacy", form({ bookId: "no-such-book" }));
    expect(other).toMatchObject({ code: "ERROR", msg: "书不存在" });
  }, 60_000);
});
