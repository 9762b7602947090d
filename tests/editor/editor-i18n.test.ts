import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { interfaceLanguages, labelsFor } from "@turnleaf/editor/testing";
import { labelDirectories } from "@turnleaf/language/in-process";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { workerSystem } from "../setup/worker-stores.js";

// The editor's interface texts: zh and en are built into the bundle, the language service owns all twelve (its
// editor scope); both must say the same, and a language other than zh/en shows the service's words in Chromium.
const editorCatalogue = (code: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${code}.json`, labelDirectories.editor), "utf8")) as Record<string, string>;

describe("the editor's labels", () => {
  it("built-in Chinese and English are exactly the language service's editor catalogues", () => {
    expect(labelsFor("zh-CN")).toEqual(editorCatalogue("zh-CN"));
    expect(labelsFor("en")).toEqual(editorCatalogue("en"));
  });

  it("take every text of another language from the service's editor catalogue", () => {
    for (const { code } of interfaceLanguages) {
      if (code === "zh-CN" || code === "en") continue;
      const catalogue = editorCatalogue(code);
      expect(labelsFor(code, catalogue), code).toEqual(catalogue);
    }
    expect(labelsFor("ar", editorCatalogue("ar")).titleEditor).toBe("تحرير الكتاب");
  });

  it("show English for what the service has not answered, and ignore empty texts and foreign keys", () => {
    const german = labelsFor("de", { titleUpload: "bitte laden Sie eine Datei hoch", save: " ", pageOf: "x" });
    expect(german.titleUpload).toBe("bitte laden Sie eine Datei hoch");
    expect(german.save).toBe("Save");
    expect(german).not.toHaveProperty("pageOf");
    expect(labelsFor("ja").titleEditor).toBe("book edit");
  });

  it("keep Chinese and English as built in whatever the service says", () => {
    expect(labelsFor("zh-CN", { titleEditor: "x" }).titleEditor).toBe("图书编辑");
    expect(labelsFor("en", { titleEditor: "x" }).titleEditor).toBe("book edit");
  });
});

const services = await workerSystem();

describe("the editor in German, in Chromium", () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const login = await context.request.post(`${services.gatewayUrl}/api/user/login`, {
      form: { email: services.owner.email, password: services.owner.password },
    });
    expect(((await login.json()) as { code: string }).code).toBe("OK");
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it("opens /upload?lang=de with the German texts of the language service, and Arabic right to left", async () => {
    const german = editorCatalogue("de");
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => asked.push(request.url()));
    await page.goto(`${services.gatewayUrl}/book_edit2/upload?lang=de`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(german.titleUpload);
    await expect.poll(() => page.title()).toBe(`${german.titleUpload} - Turnleaf`);
    expect(await page.locator(".lang-switch select").getAttribute("aria-label")).toBe(german.language);
    expect(asked.some((url) => url.includes("/api/language/labels?lang=de&scope=editor"))).toBe(true);
    await page.screenshot({ path: join(process.env.TURNLEAF_SCREENSHOTS ?? tmpdir(), "editor-upload-de.png") });
    await page.goto(`${services.gatewayUrl}/book_edit2/upload?lang=ar`);
    await expect.poll(() => page.locator("h1").textContent()).toBe(editorCatalogue("ar").titleUpload);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.screenshot({ path: join(process.env.TURNLEAF_SCREENSHOTS ?? tmpdir(), "editor-upload-ar.png") });
    await page.close();
  }, 120_000);
});
