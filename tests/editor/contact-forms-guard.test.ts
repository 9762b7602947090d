import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { uploadPdf } from "../support/system.js";
import { ownerContext } from "./fixtures.js";

// Issue #35 item 8, the Save-button forms of the config tab: the phone numbers, the ad banner and the about/contact
// form report their edits to the unsaved-changes guard, as the contents, bookmarks, password and download panels do —
// a tab switch asks before an edit not yet saved is lost, and asks nothing once it is saved. Chromium against the
// built processes and the real stores, in the Chinese interface.
const services = await workerSystem();
let browser: Browser;
let context: BrowserContext;
let book: { number: string; bookId: string };

beforeAll(async () => {
  browser = await launchChromium();
  context = await ownerContext(browser, services, 900);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

async function openConfigTab(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
  const skip = page.getByRole("button", { name: "跳过" });
  await Promise.race([skip.waitFor(), page.getByTestId("save-state").waitFor()]);
  if (await skip.isVisible()) await skip.click();
  await page.getByTestId("save-state").waitFor();
  await page.getByRole("tab", { name: "配置", exact: true }).click();
  return page;
}

/** Clicks another tab; answers the guard's questions it raised (each declined, so the page stays). */
async function switchTab(page: Page): Promise<string[]> {
  const questions: string[] = [];
  const listener = (dialog: import("playwright-core").Dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", listener);
  try {
    await page.getByRole("tab", { name: "基本信息", exact: true }).click();
    // A question comes at once from the click; without one the tab has changed.
    await expect
      .poll(async () =>
        questions.length > 0 ||
        (await page.getByRole("tab", { name: "基本信息", exact: true }).getAttribute("aria-selected")) === "true"
          ? "settled"
          : "waiting",
      )
      .toBe("settled");
  } finally {
    page.off("dialog", listener);
  }
  return questions;
}

const forms: { name: string; region: string; edit: (page: Page) => Promise<void> }[] = [
  {
    name: "the phone numbers",
    region: "电话号码",
    edit: async (page) => {
      const region = page.getByRole("region", { name: "电话号码", exact: true });
      await region.getByRole("button", { name: "添加号码", exact: true }).click();
      await region.getByLabel("号码 1", { exact: true }).fill("+86 10 1234 5678");
    },
  },
  {
    name: "the ad banner",
    region: "广告横幅",
    edit: async (page) => {
      const region = page.getByRole("region", { name: "广告横幅", exact: true });
      await region.getByLabel("显示广告", { exact: true }).check();
    },
  },
  {
    name: "the about form",
    region: "关于与联系",
    edit: async (page) => {
      const region = page.getByRole("region", { name: "关于与联系", exact: true });
      await region.getByLabel("标题", { exact: true }).fill("联系我们");
    },
  },
];

describe("the config tab's Save-button forms and the unsaved-changes guard", () => {
  it("uploads the book these tests edit", async () => {
    book = await uploadPdf(services.gatewayUrl, await labelledPdf("GUARD", 2), { title: "Guarded forms" });
  }, 180_000);

  for (const form of forms) {
    it(`asks before a tab switch loses an edit of ${form.name}, and not once it is saved`, async () => {
      const page = await openConfigTab();
      try {
        // Untouched: the tab changes without a question.
        expect(await switchTab(page)).toEqual([]);
        await page.getByRole("tab", { name: "配置", exact: true }).click();

        await form.edit(page);
        const questions = await switchTab(page);
        expect(questions).toHaveLength(1);
        expect(questions[0]).toContain("尚未保存");
        // Declined: the form is still there with the edit.
        const region = page.getByRole("region", { name: form.region, exact: true });
        expect(await region.isVisible()).toBe(true);

        await region.getByRole("button", { name: "保存", exact: true }).click();
        await expect.poll(async () => (await switchTab(page)).length, { timeout: 15_000 }).toBe(0);
        expect(await page.getByRole("tab", { name: "基本信息", exact: true }).getAttribute("aria-selected")).toBe(
          "true",
        );
      } finally {
        await page.close({ runBeforeUnload: false });
      }
    }, 90_000);
  }
});
