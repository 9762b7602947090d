import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchChromium, playwrightDisabledFeatures } from "../browser.js";

// The test Chromium's `--disable-features` replaces Playwright's own (Chromium keeps the last one given), so it
// repeats Playwright's list: an upgrade of Playwright that changes its list must change ours too.
it("repeats the features the installed Playwright disables", () => {
  const playwright = dirname(createRequire(import.meta.url).resolve("playwright-core/package.json"));
  const bundle = readFileSync(join(playwright, "lib/coreBundle.js"), "utf8");
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1];
  expect(list, "Playwright's list of disabled features was not found in its bundle").toBeDefined();
  const names = [...(list ?? "").replace(/\/\/.*$/gm, "").matchAll(/"([^"]+)"/g)].map((match) => match[1]);
  expect(playwrightDisabledFeatures).toEqual(names);
});

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it("builds no omnibox popup page for a test's browser context", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("data:text/html,<p>one page</p>");
  const session = await page.context().newCDPSession(page);
  const { targetInfos } = (await session.send("Target.getTargets")) as { targetInfos: { url: string }[] };
  expect(targetInfos.map((target) => target.url)).not.toContainEqual(expect.stringContaining("omnibox-popup"));
  expect(targetInfos.map((target) => target.url)).toContain("data:text/html,<p>one page</p>");
  await context.close();
});

// The headless shell sends no Accept-Language of its own; pages that follow the browser's language (the login form,
// the reader's interface) must meet the English a full Chromium asks for.
it("asks for English pages, as a full Chromium does", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("data:text/html,<p>one page</p>");
  expect(await page.evaluate(() => navigator.languages)).toEqual(["en-US", "en"]);
  await context.close();
});
