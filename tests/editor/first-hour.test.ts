import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { uploadPdf } from "../support/system.js";
import { ownerContext } from "./fixtures.js";

// Issue #35, the editor half ("a publisher's first hour"), in Chromium against the built processes and the real
// stores: the owner's own editing lock, one saving rule for every panel, and the leads screen's layout. The
// interface is Chinese, as a new user first sees it.
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

async function post<T>(path: string, form: Record<string, string>): Promise<T> {
  const reply = await context.request.post(`${services.gatewayUrl}${path}`, { form });
  return ((await reply.json()) as { data: T }).data;
}

/** An editor page of the book (Chinese), its onboarding guide skipped. */
async function openEditor(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
  const skip = page.getByRole("button", { name: "跳过" });
  await Promise.race([skip.waitFor(), page.getByTestId("save-state").waitFor()]);
  if (await skip.isVisible()) await skip.click();
  await page.getByTestId("save-state").waitFor();
  return page;
}

/** Another session of the owner asking for the lock without taking it over (as a refresh does). */
const probe = () => ({ bookId: book.bookId, sessionId: "first-hour-probe" });

const titleField = (page: Page) => page.getByTestId("book-fields").getByLabel("书名", { exact: true });
const listState = (page: Page) => page.getByTestId("list-save-state").getAttribute("data-state");

describe("the owner's own editing lock", () => {
  it("uploads the book these tests edit", async () => {
    book = await uploadPdf(services.gatewayUrl, await labelledPdf("HOUR", 4), { title: "First Hour" });
  }, 180_000);

  it("gives the lock up when the tab closes, and a new tab edits at once", async () => {
    const first = await openEditor();
    await first.getByRole("tab", { name: "基本信息", exact: true }).click();
    expect(await titleField(first).isDisabled()).toBe(false);
    // Closed as a person closes a tab: the page's pagehide sends the release.
    await first.close({ runBeforeUnload: true });
    // Another session (not taking over) finds the book free within seconds, not after the lock's two minutes.
    await expect
      .poll(async () => (await post<{ mine: boolean }>("/api/book/get-book-lock", probe())).mine, { timeout: 15_000 })
      .toBe(true);
    await post("/api/book/get-book-lock", { ...probe(), release: "1" });

    const again = await openEditor();
    try {
      await again.getByRole("tab", { name: "基本信息", exact: true }).click();
      expect(await titleField(again).isDisabled()).toBe(false);
      expect(await again.getByTestId("lock-warning").count()).toBe(0);
    } finally {
      await again.close({ runBeforeUnload: true });
    }
  }, 90_000);

  it("opens editable even when the older tab's release never arrived (the same user takes over)", async () => {
    // A session that vanished without releasing (a crashed tab): it holds the lock for two minutes.
    const crashed = { bookId: book.bookId, sessionId: "crashed-tab-0001" };
    expect(await post<{ mine: boolean }>("/api/book/get-book-lock", { ...crashed, takeOver: "1" })).toMatchObject({
      mine: true,
    });
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "基本信息", exact: true }).click();
      expect(await titleField(page).isDisabled()).toBe(false);
      expect(await page.getByTestId("lock-warning").count()).toBe(0);
      // The vanished session, were it to come back, is the read-only one.
      expect(await post<{ locked: boolean }>("/api/book/get-book-lock", crashed)).toMatchObject({ locked: true });
    } finally {
      await page.close({ runBeforeUnload: true });
    }
  }, 60_000);
});

describe("every panel saves the same way", () => {
  it("captions a new bookmark in the interface language, gives it the only tab's colour, and saves edits by itself", async () => {
    const page = await openEditor();
    try {
      await page.getByRole("tab", { name: "书签", exact: true }).click();
      expect(await page.getByRole("button", { name: "保存", exact: true }).count()).toBe(0);
      await page.getByRole("button", { name: "添加书签", exact: true }).click();
      await expect.poll(() => page.getByLabel("书签文字 1", { exact: true }).inputValue()).toBe("书签");
      await page.getByRole("button", { name: "添加书签", exact: true }).click();
      await expect.poll(() => page.getByLabel("页码 2", { exact: true }).inputValue()).toBe("2");
      type Marks = { bookmarks: { caption: string; colour: string }[] };
      const stored = await post<Marks>("/api/book/get-book-bookmark", { bookId: book.bookId });
      expect(stored.bookmarks.map((mark) => mark.caption)).toEqual(["书签", "书签"]);
      // Spec 000 "Bookmark add": all existing tabs share a colour (one tab does), so the new one takes it.
      expect(stored.bookmarks[1]?.colour).toBe(stored.bookmarks[0]?.colour);

      // An edit saves itself (no 保存), as the look does.
      await page.getByLabel("书签文字 2", { exact: true }).fill("第二章");
      await expect
        .poll(async () => (await post<Marks>("/api/book/get-book-bookmark", { bookId: book.bookId })).bookmarks[1])
        .toMatchObject({ caption: "第二章" });
      await expect.poll(() => listState(page)).toBe("success");
      expect(await page.getByTestId("list-save-state").textContent()).toBe("已保存");
    } finally {
      await page.close({ runBeforeUnload: true });
    }
  }, 90_000);

  it("saves a complete contents entry by itself, and asks before a tab switch loses an incomplete one", async () => {
    const page = await openEditor();
    const questions: string[] = [];
    try {
      await page.getByRole("tab", { name: "目录", exact: true }).click();
      expect(await page.getByRole("button", { name: "保存", exact: true }).count()).toBe(0);
      await page.getByRole("button", { name: "添加目录项", exact: true }).click();
      // Without a title it cannot be stored: the panel says so.
      await expect.poll(() => listState(page)).toBe("unsaved");
      expect(await page.getByTestId("list-save-state").textContent()).toContain("每个目录项都需要标题");
      // Switching tabs asks; declining stays with the entry.
      page.once("dialog", (dialog) => {
        questions.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole("tab", { name: "书签", exact: true }).click();
      await expect.poll(() => questions.length).toBe(1);
      expect(questions[0]).toContain("尚未保存");
      expect(await page.getByLabel("标题 1", { exact: true }).count()).toBe(1);

      await page.getByLabel("标题 1", { exact: true }).fill("第一章");
      await page.getByLabel("页码 1", { exact: true }).fill("2");
      await expect.poll(() => listState(page)).toBe("success");
      type Catalog = { catalog: { title: string; page: number }[] };
      expect((await post<Catalog>("/api/book/get-book-catalog", { bookId: book.bookId })).catalog).toMatchObject([
        { title: "第一章", page: 2 },
      ]);

      // An edit still waiting for its autosave is saved when the tab closes the panel, with no question.
      await page.getByLabel("标题 1", { exact: true }).fill("第一章 序");
      await page.getByRole("tab", { name: "书签", exact: true }).click();
      await expect
        .poll(async () => (await post<Catalog>("/api/book/get-book-catalog", { bookId: book.bookId })).catalog[0])
        .toMatchObject({ title: "第一章 序" });
      expect(questions).toHaveLength(1);
    } finally {
      await page.close({ runBeforeUnload: true });
    }
  }, 90_000);
});

describe("the preview in view mode", () => {
  it("offers PAD beside PC and PHONE, framing the reader at a tablet's width", async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}&mode=view`);
      await page.getByTestId("save-state").waitFor();
      const switcher = page.getByRole("group", { name: "预览", exact: true });
      expect(await switcher.getByRole("button").allTextContents()).toEqual(["电脑", "平板", "手机"]);
      await switcher.getByRole("button", { name: "平板" }).click();
      expect(await switcher.getByRole("button", { name: "平板" }).getAttribute("aria-pressed")).toBe("true");
      // Spec 000 §4 gives PC and PHONE a one-time hint; PAD has none (the PC's is not shown for it).
      expect(await page.getByTestId("preview-hint").count()).toBe(0);
      const frame = page.locator('iframe[name="bookEditIframe"]');
      await expect.poll(async () => Math.round((await frame.boundingBox())?.width ?? 0)).toBe(768);
    } finally {
      await page.close({ runBeforeUnload: true });
    }
  }, 60_000);
});

describe("leaving for the login page", () => {
  it("shows the server's sign-out message first, then goes to /login.php coming back to the editor", async () => {
    const visitor = await browser.newContext();
    try {
      // An unknown session cookie is refused: LOGIN_SIGNOUT with the server's message.
      await visitor.addCookies([{ name: "tl_session", value: "no-such-session", url: services.gatewayUrl }]);
      const visit = await visitor.newPage();
      await visit.goto(`${services.gatewayUrl}/book_edit2/editor?num=${book.number}`);
      const toast = visit.locator(".toast").first();
      await toast.waitFor({ timeout: 15_000 });
      // The message is up while the editor is still the page.
      expect(new URL(visit.url()).pathname).toBe("/book_edit2/editor");
      expect((await toast.textContent())?.trim()).not.toBe("");
      await expect.poll(() => new URL(visit.url()).pathname, { timeout: 15_000 }).toBe("/login.php");
      expect(new URL(visit.url()).searchParams.get("back")).toBe(`/book_edit2/editor?num=${book.number}`);
    } finally {
      await visitor.close();
    }
  }, 60_000);
});

describe("the leads screen", () => {
  it("lays each checkbox's label out beside it, clear of the fields that follow", async () => {
    const page = await context.newPage();
    try {
      await page.goto(`${services.gatewayUrl}/book_edit2/leads?num=${book.number}`);
      await page.getByTestId("leads-form").waitFor({ timeout: 15_000 });
      for (const [box, next] of [
        ["leads-enabled", "leads-before-page"],
        ["leads-skippable", "leads-consent-text"],
      ] as const) {
        const label = page.getByTestId(box).locator("xpath=..");
        const text = await label.locator("span").boundingBox();
        const input = await page.getByTestId(box).boundingBox();
        const following = await page.getByTestId(next).boundingBox();
        if (!text || !input || !following) throw new Error(`no layout for ${box}`);
        // The text sits on one line beside its box (not a one-character column) ...
        expect(text.height).toBeLessThan(30);
        expect(text.x).toBeGreaterThanOrEqual(input.x + input.width);
        // ... and ends above the next field.
        expect(text.y + text.height).toBeLessThanOrEqual(following.y);
      }
    } finally {
      await page.close();
    }
  }, 60_000);
});
