/**
 * What the editor-panel field tests share (editor-panels-fields.test.ts, editor-panels-toolbar.test.ts): Chromium
 * with a context logged in as the demo owner, form posts in that session, the book's stored htmlConfig, and the
 * editor opened on the file's book past the onboarding guide.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../browser.js";
import type { SharedSystem } from "../setup/shared-system.js";
import { ownerContext } from "./fixtures.js";

export type Book = { number: string; bookId: string };

/** A test file's browser and helpers: `start` in its beforeAll, `stop` in its afterAll. */
export function panelsHarness(services: SharedSystem, current: () => Book) {
  let browser: Browser;
  let context: BrowserContext;

  async function start() {
    browser = await launchChromium();
    context = await ownerContext(browser, services, 900);
    return { browser, context };
  }

  async function stop() {
    await context?.close();
    await browser?.close();
  }

  async function api<T = Record<string, unknown>>(
    path: string,
    form: Record<string, string>,
    language?: string,
  ): Promise<{ code: string; msg: string; data: T }> {
    const reply = await context.request.post(`${services.gatewayUrl}${path}`, {
      form,
      headers: language ? { "accept-language": language } : {},
    });
    return (await reply.json()) as { code: string; msg: string; data: T };
  }

  const htmlConfig = async () =>
    (await api<{ htmlConfig: Record<string, unknown> }>("/api/book/get-book", { bookId: current().bookId })).data
      .htmlConfig;

  /** Opens the editor on the book (Chinese unless told), past the onboarding guide. */
  async function openEditor(lang?: "en"): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${current().number}${lang ? `&lang=${lang}` : ""}`);
    await page.getByTestId("save-state").waitFor();
    // The onboarding guide renders with the save state, on the first visit of this browser context only.
    const skip = page.getByRole("button", { name: lang ? "Skip" : "跳过" });
    if (await skip.isVisible()) await skip.click();
    return page;
  }

  const saveState = (page: Page) => page.getByTestId("save-state").getAttribute("data-state");
  const lastToast = (page: Page) => page.locator(".toast").last().textContent();

  return { start, stop, api, htmlConfig, openEditor, saveState, lastToast };
}
