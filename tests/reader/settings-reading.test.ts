import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announced, readerSettingsHarness, screenshots, settle } from "./settings-fixtures.js";

// The reader-setting catalogue (spec 001) as htmlConfig keys (spec 000 §3/§4) in the built reader, in Chromium:
// where and how a book is read — the share channels of its region, negative margins, a single page's turning sheet,
// embed-only and WeChat-only books, sandboxed analytics, the book's languages, a quiet interface, zoom widths and
// sliding pages, and catalogue keys the editor's preview sends. How a book looks: settings-look.test.ts.
const harness = readerSettingsHarness();
const { open } = harness;
let server: Awaited<ReturnType<typeof harness.start>>["server"];
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ({ server, browser, context } = await harness.start(async (book, fixtures) => {
    await book("global", { socialShareType: "1" });
    await book("china", { socialShareType: "0", socialSharingList: "wechat,sinaweibo,qzone,facebook" });
    await book("wide", { leftMargin: "-120", rightMargin: "-120", topMargin: "-60", bottomMargin: "-60" });
    await book("framed", { OnlyOpenInIframe: "Yes", OnlyOpenInIframeInfo: "Only on our site" });
    await book("wechat", { OnlyOpenInWeChat: "Yes" });
    await book("tracked", { googleAnalyticsID: "G-TEST1234" });
    await book(
      "languages",
      {},
      {
        languages: [
          { code: "zh-CN", name: "中文", checked: true, isDefault: true },
          { code: "en", name: "English", checked: true, isDefault: false },
          { code: "ja", name: "日本語", checked: false, isDefault: false },
        ],
      },
    );
    await book("quiet-ui", { hideToolbar: "Yes", dynamicScene: "snow", urlPageNumber: "No", languageSetting: "en" });
    await book("zoomy", {
      zoomWidths: "1600, 2400",
      thumbnailColor: "#204080",
      thumbnailAlpha: "50",
      flipStyle: "slide",
    });
    await mkdir(join(fixtures, "art"), { recursive: true });
    // A page of the reader's own origin framing a book, as the editor's preview does.
    await writeFile(
      join(fixtures, "art", "preview.html"),
      '<!doctype html><title>preview</title><iframe src="/b/wechat/1?lang=en" width="900" height="600"></iframe>',
    );
    await writeFile(
      join(fixtures, "art", "editor.html"),
      '<!doctype html><title>editor</title><iframe name="bookEditIframe" src="/b/global/1" width="1000" height="700"></iframe>',
    );
  }));
}, 180_000);

afterAll(() => harness.stop());

describe("the reader-setting catalogue: where and how a book is read", { timeout: 60_000 }, () => {
  it("offers the share channels of the book's region, with share-intent links", async () => {
    const global = await open("/b/global/1?lang=en");
    await global.getByRole("button", { name: "Share" }).click();
    const channels = global.locator(".tl-share-channels li");
    expect(await channels.evaluateAll((items) => items.map((item) => item.getAttribute("data-channel")))).toEqual([
      "qrcode",
      "copy",
      "poster",
      "linkedin",
      "facebook",
      "twitter",
      "email",
      "reddit",
    ]);
    const facebook = new URL((await global.getByRole("link", { name: "Facebook" }).getAttribute("href")) ?? "");
    expect(facebook.searchParams.get("u")).toBe(`${server.url}/b/global`);
    await global.getByRole("button", { name: "Poster" }).click();
    await global.locator(".tl-poster img").waitFor();
    await global.screenshot({ path: join(screenshots, "settings-share-global.png") });
    await global.close();

    const china = await open("/b/china/1?lang=zh");
    await china.getByRole("button", { name: "分享" }).click();
    const chosen = china.locator(".tl-share-channels li");
    expect(await chosen.evaluateAll((items) => items.map((item) => item.getAttribute("data-channel")))).toEqual([
      "wechat",
      "sinaweibo",
      "qzone",
    ]);
    const weibo = new URL((await china.getByRole("link", { name: "新浪微博" }).getAttribute("href")) ?? "");
    expect(weibo.host).toBe("service.weibo.com");
    expect(weibo.searchParams.get("url")).toBe(`${server.url}/b/china`);
    await china.close();
  });

  it("grows the book past the viewport with negative margins", async () => {
    const normal = await open("/b/global/2?lang=en");
    const normalWidth = (await normal.getByTestId("stage").boundingBox())?.width ?? 0;
    await normal.close();
    const wide = await open("/b/wide/2?lang=en");
    const wideHeight = (await wide.getByTestId("stage").boundingBox())?.height ?? 0;
    const wideWidth = (await wide.getByTestId("stage").boundingBox())?.width ?? 0;
    expect(wideWidth).toBeGreaterThan(normalWidth);
    // 900 px window − 48 px toolbar + 120 px of negative margins.
    expect(wideHeight).toBeGreaterThan(900 - 48);
    await wide.screenshot({ path: join(screenshots, "settings-negative-margins.png") });
    await wide.close();
  });

  it("keeps a single page's turning sheet inside the viewport instead of cutting it at the edge", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await open("/b/global/3?lang=en", phone);
    // Sample every frame of a turn: does any turning face reach the viewport's outermost column?
    const touched = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const viewport = document.querySelector(".tl-viewport")?.getBoundingClientRect();
          if (!viewport) return resolve("no viewport");
          let hit = false;
          let seen = false;
          let frames = 0;
          const frame = () => {
            frames += 1;
            if (!seen && frames > 600) return resolve("no turn");
            const turning = document.querySelector(".tl-turning");
            if (turning) seen = true;
            for (let y = viewport.top + 20; y < viewport.bottom; y += 40) {
              const elements = document.elementsFromPoint(viewport.left + 1, y);
              if (elements.some((element) => element.matches(".tl-turning-front, .tl-turning-back"))) hit = true;
            }
            if (seen && !turning) resolve(hit ? "cut at the edge" : "inside");
            else requestAnimationFrame(frame);
          };
          document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
          requestAnimationFrame(frame);
        }),
    );
    expect(touched).toBe("inside");
    await expect.poll(() => announced(page).textContent()).toBe("Page 4 of 12");
    await phone.close();
  });

  it("refuses an embed-only book outside a frame and reads it inside one", async () => {
    const direct = await context.newPage();
    await direct.goto(`${server.url}/b/framed/1?lang=en`);
    await direct.getByTestId("refused").waitFor();
    expect(await direct.getByTestId("refused").textContent()).toBe("Only on our site");
    expect(await direct.getByTestId("stage").count()).toBe(0);
    await direct.screenshot({ path: join(screenshots, "settings-embed-only.png") });
    await direct.close();

    const host = await context.newPage();
    await host.setContent(`<iframe src="${server.url}/b/framed/1?lang=en" width="900" height="600"></iframe>`);
    const frame = host.frameLocator("iframe");
    await frame.getByTestId("stage").waitFor();
    await host.close();
  });

  it("reads a WeChat-only book only in WeChat's browser", async () => {
    const elsewhere = await context.newPage();
    await elsewhere.goto(`${server.url}/b/wechat/1?lang=en`);
    expect(await elsewhere.getByTestId("refused").textContent()).toBe("Please open this book in WeChat");
    await elsewhere.close();
    // The editor's preview (a same-origin parent) shows it in any browser.
    const preview = await context.newPage();
    await preview.goto(`${server.url}/fixtures/art/preview.html`);
    await preview.frameLocator("iframe").getByTestId("stage").waitFor();
    await preview.close();
    const wechat = await browser.newContext({
      userAgent:
        "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.42",
    });
    const inside = await open("/b/wechat/1?lang=en", wechat);
    expect(await inside.getByTestId("refused").count()).toBe(0);
    await wechat.close();
  });

  it("frames analytics in a sandbox only when the book has them", async () => {
    const tracked = await open("/b/tracked/1?lang=en");
    const frame = tracked.getByTestId("analytics");
    expect(await frame.getAttribute("sandbox")).toBe("allow-scripts");
    expect(await frame.getAttribute("src")).toBe("/b/tracked/analytics");
    await tracked.close();
    const untracked = await open("/b/global/1?lang=en");
    expect(await untracked.getByTestId("analytics").count()).toBe(0);
    await untracked.close();
  });

  it("switches among the book's languages", async () => {
    const page = await open("/b/languages/1");
    const switcher = page.getByRole("combobox", { name: "语言" });
    expect(await switcher.locator("option").allTextContents()).toEqual(["中文", "English"]);
    await switcher.selectOption("en");
    await page.getByRole("button", { name: "Next page" }).waitFor();
    expect(new URL(page.url()).searchParams.get("lang")).toBe("en");
    await page.close();
  });

  it("reads without a toolbar, under a dynamic scene, in the book's interface language, the URL left alone", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/b/quiet-ui`);
    await page.getByTestId("stage").waitFor();
    expect(await page.locator(".tl-toolbar").isVisible()).toBe(false);
    expect(await page.getByTestId("scene").locator("i").count()).toBe(28);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 2–3 of 12");
    await settle(page);
    expect(new URL(page.url()).pathname).toBe("/b/quiet-ui");
    await page.screenshot({ path: join(screenshots, "settings-scene-no-toolbar.png") });
    await page.close();
  });

  it("zooms to the book's zoom widths, colours the thumbnails panel and slides instead of curling", async () => {
    const page = await open("/b/zoomy/2?lang=en");
    const stageWidth = async () => (await page.getByTestId("stage").boundingBox())?.width ?? 0;
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(stageWidth).toBeGreaterThan(3190);
    expect(await stageWidth()).toBeLessThan(3210);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect.poll(stageWidth).toBeGreaterThan(4790);
    expect(await page.getByRole("button", { name: "Zoom in" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Zoom out" }).click();
    await page.getByRole("button", { name: "Zoom out" }).click();

    await page.getByRole("button", { name: "Thumbnails" }).click();
    expect(await page.locator(".tl-thumbnails").evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgba(32, 64, 128, 0.5)",
    );
    await page.keyboard.press("Escape");

    await page.evaluate(() => {
      const stage = document.querySelector('[data-testid="stage"]');
      const seen = { sheet: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (stage?.querySelector(".tl-turning-back, .tl-hard-sheet")) seen.sheet = true;
      }).observe(stage as Node, { subtree: true, childList: true });
    });
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 4–5 of 12");
    expect(await page.evaluate(() => (window as unknown as { seen: { sheet: boolean } }).seen.sheet)).toBe(false);
    await page.close();
  });

  it("applies catalogue keys the editor's preview sends, at once", async () => {
    const editor = await context.newPage();
    await editor.goto(`${server.url}/fixtures/art/editor.html`);
    const frame = editor.frameLocator("iframe");
    await frame.getByRole("button", { name: "下一页" }).waitFor();
    const send = (key: string, value: unknown) =>
      editor.evaluate(
        ([key, value]) =>
          (document.querySelector("iframe") as HTMLIFrameElement).contentWindow?.postMessage(
            { type: "previewBook", key, value, showAlert: false },
            window.location.origin,
          ),
        [key, value] as const,
      );
    await send("languageSetting", "en");
    await frame.getByRole("button", { name: "Next page" }).waitFor();
    await send("bgBeginColor", "#102040");
    await send("bgEndColor", "#f0e0d0");
    await send("bgMRotation", "180");
    await expect
      .poll(() => frame.locator(".tl-reader").evaluate((element) => getComputedStyle(element).backgroundImage))
      // 180° is CSS's default direction, which computed styles leave out.
      .toBe("linear-gradient(rgb(16, 32, 64), rgb(240, 224, 208))");
    await send("hideToolbar", "Yes");
    await expect.poll(() => frame.locator(".tl-toolbar").isVisible()).toBe(false);
    await editor.screenshot({ path: join(screenshots, "settings-preview-live.png") });
    await editor.close();
  });
});
