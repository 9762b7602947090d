import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mobileTemplates, templates, themes } from "@turnleaf/resource-files/catalogue";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { writeFixtureBook } from "./fixture-book.js";
import { openReader, serveReader } from "./static-server.js";

// Issue #35, the reader's half: what a new reader hits on a phone (390×844, touch) and on a desktop. The built
// reader (web/reader/dist) in real Chromium over fixture books; screenshots of the phone reader with every
// catalogue template go to .turnleaf/screens/phone-<template>.png.
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const screens = fileURLToPath(new URL("../../.turnleaf/screens", import.meta.url));
const phoneSize = { width: 390, height: 844 };
let fixtures: string;
let server: Awaited<ReturnType<typeof serveReader>>;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;

const catalogueTemplates = [...templates.items, ...mobileTemplates.items];

beforeAll(async () => {
  if (!existsSync(join(readerDist, "index.html")))
    throw new Error("build the reader first: npm run build -w web/reader");
  fixtures = await mkdtemp(join(tmpdir(), "turnleaf-first-hour-"));
  await mkdir(screens, { recursive: true });
  await writeFixtureBook(fixtures, { link: "demo", pages: 12 });
  // Search results with long excerpts: the page label beside them must keep its one line.
  const long = await writeFixtureBook(fixtures, { link: "long", pages: 4 });
  const filler = "the quick brown fox jumps over the lazy dog while the binding holds every folio in place ".repeat(4);
  await writeFile(
    join(fixtures, "long", "search.json"),
    JSON.stringify({ pages: long.pages.map(({ number }) => ({ page: number, text: `${filler} spine ${filler}` })) }),
  );
  // Every tool a book can show: the phone's toolbar must still be one row.
  await writeFixtureBook(fixtures, {
    link: "tools",
    pages: 6,
    settings: {
      magnifier: true,
      print: true,
      download: { pdfUrl: "/fixtures/tools/original.pdf", allowSinglePage: true },
      buttons: {
        home: true,
        back: true,
        forward: true,
        zoom: true,
        contents: true,
        thumbnails: true,
        search: true,
        selectText: true,
        autoFlip: true,
        share: true,
        wechat: true,
        email: true,
        about: true,
        help: true,
        fullscreen: true,
      },
    },
  });
  for (const template of catalogueTemplates) {
    const theme = themes.items.find((item) => item.id === template.themeId);
    await writeFixtureBook(fixtures, {
      link: `template-${template.id}`,
      pages: 6,
      title: template.name.en,
      extra: { htmlConfig: { ...theme?.settings, ...template.settings } },
    });
  }
  server = await serveReader(readerDist, fixtures);
  browser = await launchChromium();
  desktop = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  phone = await browser.newContext({ viewport: phoneSize, hasTouch: true, isMobile: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(fixtures, { recursive: true, force: true });
});

const open = (path: string, target: BrowserContext): Promise<Page> => openReader(target, `${server.url}${path}`);
const announced = (page: Page) => page.getByTestId("announcer").textContent();
const settle = (page: Page) => page.waitForFunction(() => !document.querySelector(".tl-turning"));

/** The centre of the page's text run (the fixture's one span), once the text layer is drawn. */
async function textSpan(page: Page, pageNumber: number) {
  const span = page.locator(`.tl-spine > .tl-face[data-page="${pageNumber}"] .tl-text span`).first();
  await span.waitFor();
  const box = await span.boundingBox();
  if (!box) throw new Error(`no text on page ${pageNumber}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

/** A touch swipe dispatched as a finger would (CDP touch events: pointer events of type touch in the page). */
async function swipe(page: Page, from: { x: number; y: number }, dx: number, hold = 0) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from.x, y: from.y }] });
  if (hold) await page.waitForTimeout(hold);
  for (let step = 1; step <= 10; step += 1) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: from.x + (dx * step) / 10, y: from.y }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

describe("turning from the text", { timeout: 90_000 }, () => {
  it("a phone swipe that starts on a text span turns the page, both ways", async () => {
    const page = await open("/b/demo/3?lang=en", phone);
    await expect.poll(() => announced(page)).toBe("Page 3 of 12");
    const text = await textSpan(page, 3);
    // The finger lands on the text itself, not on a margin.
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest(".tl-text span") !== null, text),
    ).toBe(true);
    await swipe(page, text, -150);
    await expect.poll(() => announced(page)).toBe("Page 4 of 12");
    await settle(page);
    await swipe(page, await textSpan(page, 4), 150);
    await expect.poll(() => announced(page)).toBe("Page 3 of 12");
    await page.close();
  });

  it("a desktop mouse drag that starts on a text span turns; a press held there first selects the text", async () => {
    const page = await open("/b/demo/4?lang=en", desktop);
    await expect.poll(() => announced(page)).toBe("Page 4–5 of 12");
    const text = await textSpan(page, 5);
    await page.mouse.move(text.x, text.y);
    await page.mouse.down();
    for (let step = 1; step <= 12; step += 1) await page.mouse.move(text.x - step * 40, text.y + step);
    await page.mouse.up();
    await expect.poll(() => announced(page)).toBe("Page 6–7 of 12");
    await settle(page);

    // A long press (held before moving) is a selection: the text gets selected and the page stays.
    const held = await textSpan(page, 7);
    await page.mouse.move(held.box.x + 2, held.y);
    await page.mouse.down();
    await page.waitForTimeout(700);
    for (let step = 1; step <= 8; step += 1)
      await page.mouse.move(held.box.x + 2 + (step * held.box.width) / 8, held.y);
    await page.mouse.up();
    await page.waitForTimeout(400);
    expect(await announced(page)).toBe("Page 6–7 of 12");
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? "")).toContain("page 7");
    // A click on the text leaves it for selecting: no turn.
    await page.mouse.click(held.x, held.y);
    await page.waitForTimeout(400);
    expect(await announced(page)).toBe("Page 6–7 of 12");
    await page.close();
  });
});

describe("every catalogue template on a phone", { timeout: 120_000 }, () => {
  it("shows one page fitted to a 390×844 screen, whatever the template's page mode", async () => {
    expect(catalogueTemplates.map((template) => template.id)).toContain("magazine");
    for (const template of catalogueTemplates) {
      const page = await open(`/b/template-${template.id}/3?lang=en`, phone);
      await expect.poll(() => announced(page), { message: template.id }).toBe("Page 3 of 6");
      await settle(page);
      const faces = page.locator(".tl-spine > .tl-face[data-page]");
      await page.locator('.tl-spine > .tl-face[data-page="3"] img').waitFor();
      expect(await faces.count(), template.id).toBe(1);
      const box = await faces.first().boundingBox();
      if (!box) throw new Error(`no page in ${template.id}`);
      expect(box.x, template.id).toBeGreaterThanOrEqual(0);
      expect(box.y, template.id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, template.id).toBeLessThanOrEqual(phoneSize.width + 0.5);
      expect(box.y + box.height, template.id).toBeLessThanOrEqual(phoneSize.height + 0.5);
      // Fitted: the page takes most of the screen's width or height, not a thumbnail of a spread.
      expect(Math.max(box.width / phoneSize.width, box.height / phoneSize.height), template.id).toBeGreaterThan(0.6);
      await page.screenshot({ path: join(screens, `phone-${template.id}.png`) });
      await page.close();
    }
  });
});

describe("searching and jumping on a phone", { timeout: 90_000 }, () => {
  it("closes the search after a result is tapped, shows the page and marks the word on it", async () => {
    const page = await open("/b/demo/1?lang=en", phone);
    await page.getByRole("button", { name: "Search" }).tap();
    await page.getByRole("searchbox").fill("spine");
    const result = page.locator(".tl-panel li button").first();
    await result.waitFor();
    expect(await result.textContent()).toContain("Page 2");
    await result.tap();
    await expect.poll(() => page.locator(".tl-panel").count()).toBe(0);
    await expect.poll(() => announced(page)).toBe("Page 2 of 12");
    const mark = page.locator('.tl-spine > .tl-face[data-page="2"] .tl-text mark.tl-hit');
    await expect.poll(() => mark.count()).toBe(1);
    expect(await mark.textContent()).toBe("spine");
    const box = await mark.boundingBox();
    expect(box?.width).toBeGreaterThan(5);
    await page.screenshot({ path: join(screens, "phone-search-hit.png") });
    await page.close();
  });

  it("keeps the result's page label on one line beside a long excerpt", async () => {
    const page = await open("/b/long/1", phone);
    await page.getByRole("button", { name: "搜索" }).tap();
    await page.getByRole("searchbox").fill("spine");
    const label = page.locator(".tl-panel li .tl-outline-page").first();
    await label.waitFor();
    expect(await label.textContent()).toBe("第 1 页");
    // The lines its text is laid out on (a character a line before).
    const lines = await label.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    await page.close();
  });

  it("closes the thumbnails after a jump", async () => {
    const page = await open("/b/demo/1?lang=en", phone);
    await page.getByRole("button", { name: "Thumbnails" }).tap();
    await page.getByRole("button", { name: "Page 5", exact: true }).tap();
    await expect.poll(() => page.locator(".tl-thumbnails").count()).toBe(0);
    await expect.poll(() => announced(page)).toBe("Page 5 of 12");
    await page.close();
  });

  it("fits the toolbar on one row with the rest under 'more', and no two tools share an icon", async () => {
    const page = await open("/b/tools/1?lang=en", phone);
    const toolbar = page.locator("nav.tl-toolbar");
    const bar = await toolbar.boundingBox();
    expect(bar?.height).toBeLessThanOrEqual(56);
    // Every tool on the row: the same row, on the screen.
    const row = await toolbar.locator(":scope > button, :scope > a, :scope > .tl-more > button").all();
    expect(row.length).toBeGreaterThanOrEqual(5);
    const tops = new Set<number>();
    for (const tool of row) {
      // First and last page stay off a phone's row (tl-wide-only).
      if (!(await tool.isVisible())) continue;
      const box = await tool.boundingBox();
      if (!box) throw new Error("a tool without a box");
      tops.add(Math.round(box.y));
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phoneSize.width);
    }
    expect(tops.size).toBe(1);
    // One magnifying glass on the row: search (zoom and the magnifier, lenses too, are under "more").
    const rowNames = await Promise.all(row.map((tool) => tool.getAttribute("aria-label")));
    expect(rowNames.filter((name) => ["Search", "Zoom in", "Zoom out", "Magnifier"].includes(name ?? ""))).toEqual([
      "Search",
    ]);
    // The other tools open from "more", named.
    await page.getByRole("button", { name: "More" }).tap();
    const menu = page.locator(".tl-more-menu");
    await expect.poll(() => menu.isVisible()).toBe(true);
    for (const name of ["Zoom in", "Magnifier", "Share", "Full screen"]) {
      expect(await menu.getByRole("button", { name }).isVisible(), name).toBe(true);
    }
    await page.screenshot({ path: join(screens, "phone-toolbar-more.png") });
    await menu.getByRole("button", { name: "About" }).tap();
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.keyboard.press("Escape");

    const icons = await toolbar.locator("button svg path, a svg path").evaluateAll((paths) =>
      paths.map((path) => ({
        name: path.closest("button, a")?.getAttribute("aria-label") ?? "",
        d: path.getAttribute("d") ?? "",
      })),
    );
    // No two tools draw the same picture (auto flip's play was the next page's triangle).
    const byPicture = new Map<string, string[]>();
    for (const { name, d } of icons) byPicture.set(d, [...(byPicture.get(d) ?? []), name]);
    const clashes = [...byPicture.values()].filter((names) => names.length > 1).map((names) => names.join(" = "));
    expect(clashes).toEqual([]);
    await page.close();
  });
});
