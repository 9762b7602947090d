import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { newOwner, postForm, uploadBook } from "./bookcase-fixtures.js";

// Spec 000 §5: "unknown setting parsers are only logged". The editor reads a settings catalogue newer than itself
// (the served settings.json with a setting of a type no code knows, the way a later catalogue could add one) in
// Chromium against the real stack: that setting is left out and logged to the console, the rest of the tree works.
const services = await workerSystem();
let browser: Browser;
let context: BrowserContext;
let number = "";

beforeAll(async () => {
  browser = await launchChromium();
  const owner = await newOwner(browser, services.gatewayUrl, services.ports.power);
  context = owner.context;
  const book = await uploadBook(context.request, services.gatewayUrl, await labelledPdf("S", 1), {
    title: "A newer catalogue",
  });
  number = book.number;
  const phase = async () =>
    (
      (await postForm(context.request, `${services.gatewayUrl}/api/book/get-progress`, { taskId: book.taskId }))
        .data as { phase?: string } | null
    )?.phase;
  for (let waited = 0; (await phase()) !== "ready"; waited += 500) {
    if (waited > 90_000) throw new Error("the book did not convert in 90 s");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("a setting whose type the editor does not know", () => {
  it("is left out and logged; the settings around it show and are found", async () => {
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on("console", (entry) => {
      if (entry.type() === "warning") warnings.push(entry.text());
    });
    await page.route("**/resourceFiles/settings/settings.json", async (route) => {
      const response = await route.fetch();
      const tree = (await response.json()) as { groups: { tab: string; children: object[] }[] };
      const group = tree.groups.find((candidate) => candidate.tab === "setup");
      group?.children.unshift({
        key: "futureDial",
        title: { zh: "未来的旋钮", en: "Future dial" },
        desc: { zh: "一种新的设置", en: "A new kind of setting" },
        visible: true,
        isShow: true,
        disabled: false,
        type: "dial",
        defaultValue: 3,
        value: 3,
      });
      await route.fulfill({ response, json: tree });
    });
    try {
      await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${number}`);
      const search = page.getByRole("searchbox", { name: "搜索设置" }).first();
      await search.fill("未来的旋钮");
      await page.getByText("没有匹配的设置").first().waitFor();
      await search.fill("背景颜色");
      await page.getByLabel("背景颜色").first().waitFor();
      expect(await page.getByText("未来的旋钮").count()).toBe(0);
      expect(warnings).toContain('unknown setting parser "dial" of futureDial');
    } finally {
      await page.close();
    }
  });
});
