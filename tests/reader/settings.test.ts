import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { writeFixtureBook } from "./fixture-book.js";
import { openReader, serveReader } from "./static-server.js";

// The reader-setting catalogue (spec 001) as htmlConfig keys (spec 000 §3/§4) in the built reader, in Chromium:
// each book's settings arrive as its saved htmlConfig and go through settingsFromHtmlConfig, as published books do.
const readerDist = fileURLToPath(new URL("../../web/reader/dist", import.meta.url));
const screenshots = process.env.TURNLEAF_SCREENSHOTS ?? join(tmpdir(), "turnleaf-screenshots");
let fixtures: string;
let server: Awaited<ReturnType<typeof serveReader>>;
let browser: Browser;
let context: BrowserContext;

const book = (link: string, htmlConfig: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  // Only the styled book's screenshots need every page drawn; the others reuse three pictures (quicker to write).
  writeFixtureBook(fixtures, {
    link,
    pages: 12,
    distinctPictures: link === "styled" ? 12 : 3,
    extra: { htmlConfig, ...extra },
  });

beforeAll(async () => {
  if (!existsSync(join(readerDist, "index.html")))
    throw new Error("build the reader first: npm run build -w web/reader");
  fixtures = await mkdtemp(join(tmpdir(), "turnleaf-settings-"));
  await mkdir(screenshots, { recursive: true });
  await book("styled", {
    bgBeginColor: "#0b3d5c",
    bgEndColor: "#c0d8e8",
    bgMRotation: "60",
    backGroundImgURL: "/fixtures/art/dots.png",
    backgroundPosition: "tile",
    backgroundOpacity: "35",
    appLargeLogoURL: "/fixtures/art/logo.png",
    appLogoLinkURL: "https://example.com/",
    logoPadding: "4",
    toolbarColor: "#7a1f1f",
    toolbarAlpha: "0.5",
    iconColor: "#ffe08a",
    hardCoverBorderWidth: "6",
    borderColor: "#572F0D",
    cornerRound: "14",
    BindingType: "spiral",
    thicknessWidthType: "Thicker",
    OpenWindow: "Self",
  });
  await book("plain", {
    showShadow: "No",
    BindingType: "none",
    CurlingPageCorner: "Yes",
    SelectTextButtonVisible: "Hide",
  });
  await book("buttons", {
    HomeButtonVisible: "Show",
    enablePageBack: "Yes",
    EmailButtonVisible: "Show",
    btnShareWithEmailSubject: "Read {title}",
    btnShareWithEmailBody: "{link} — cover {thumb}",
    PhoneButtonVisible: "Show",
    isMultiNum: "Yes",
    MultiPhoneNumber: JSON.stringify([
      { label: "Sales", number: "+86 10 1234 5678" },
      { label: "Support", number: "+1 555 0100" },
    ]),
    WeChatButtonVisible: "Show",
    AnnotationButtonVisible: "Show",
    AboutButtonVisible: "Show",
    aboutContent: "A sample catalogue by Turnleaf.",
    ShareButtonVisible: "Hide",
    ThumbnailsButtonVisible: "No",
    buttonsSortXML: '<buttons><button name="phone"/><button name="search"/><button name="next"/></buttons>',
  });
  await book("loader", {
    loadingCaption: "Opening the catalogue…",
    loadingCaptionColor: "#ffcc00",
    loadingCaptionFontSize: "22",
    loadingBackground: "#102030",
    loadingDisplayTime: "1.5",
    showHelpContentAtFirst: "Yes",
  });
  await book("loader-title", {
    loadingCaptionSource: "title",
    loadingCaption: "not shown",
    loadingBackgroundColorType: "2",
    backGroundImgURL: "/fixtures/art/dots.png",
    loadingDisplayTime: "1.5",
  });
  await book("ads", {
    adConfig: {
      haveAd: true,
      interval: 700,
      bgColor: "#123456",
      bgOpacity: 0.9,
      adPosition: "top",
      data: [
        { text: "First offer", link: "https://example.com/a" },
        { text: "Second offer", link: "https://example.com/b" },
      ],
    },
  });
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
  const dots = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="8" fill="#ffffff"/></svg>`;
  await sharp(Buffer.from(dots))
    .png()
    .toFile(join(fixtures, "art", "dots.png"));
  const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><rect width="240" height="60" rx="10" fill="#f0a020"/><text x="120" y="42" font-size="32" text-anchor="middle" font-family="sans-serif">LOGO</text></svg>`;
  await sharp(Buffer.from(logo))
    .png()
    .toFile(join(fixtures, "art", "logo.png"));
  server = await serveReader(readerDist, fixtures);
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(fixtures, { recursive: true, force: true });
});

const open = (path: string, target: BrowserContext = context): Promise<Page> =>
  openReader(target, `${server.url}${path}`);

const announced = (page: Page) => page.getByTestId("announcer");
const settle = (page: Page) => page.waitForFunction(() => !document.querySelector(".tl-turning"));

describe("the reader-setting catalogue", { timeout: 60_000 }, () => {
  it("draws the background gradient and picture, the large logo, toolbar colours, cover, binding and thickness", async () => {
    const page = await open("/b/styled/1?lang=en");
    const reader = page.locator(".tl-reader");
    expect(await reader.evaluate((element) => getComputedStyle(element).backgroundImage)).toBe(
      "linear-gradient(60deg, rgb(11, 61, 92), rgb(192, 216, 232))",
    );
    const background = page.getByTestId("background-image");
    expect(await background.evaluate((element) => getComputedStyle(element).opacity)).toBe("0.35");
    expect(await background.evaluate((element) => getComputedStyle(element).backgroundRepeat)).toBe("repeat");
    const logo = page.locator(".tl-logo img");
    expect((await logo.boundingBox())?.height).toBe(55);
    expect(await page.locator(".tl-logo").getAttribute("target")).toBe("_self");
    const toolbar = page.locator(".tl-toolbar");
    expect(await toolbar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgba(122, 31, 31, 0.5)",
    );
    expect(await toolbar.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(255, 224, 138)");
    // The cover: a 6 px border in its colour, the outer corners rounded.
    const cover = page.locator('.tl-face[data-page="1"]');
    expect(await cover.evaluate((element) => getComputedStyle(element, "::after").borderTopWidth)).toBe("6px");
    expect(await cover.evaluate((element) => getComputedStyle(element).borderTopRightRadius)).toBe("14px");
    expect(await cover.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe("0px");
    await page.screenshot({ path: join(screenshots, "settings-styled-cover.png") });

    // Spiral binding in a spread; the unread fore-edge thins and the read one thickens as pages turn.
    await page.keyboard.press("End");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => announced(page).textContent()).toBe("Page 2–3 of 12");
    await settle(page);
    expect(await page.locator(".tl-spiral").count()).toBe(1);
    const edge = (side: "left" | "right") =>
      page
        .getByTestId(`edge-${side}`)
        .evaluate((element) => element.getBoundingClientRect().width)
        .catch(() => 0);
    const unreadEarly = await edge("right");
    const readEarly = await edge("left");
    await page.goto(`${server.url}/b/styled/10?lang=en`);
    await page.getByTestId("stage").waitFor();
    expect(await edge("right")).toBeLessThan(unreadEarly);
    expect(await edge("left")).toBeGreaterThan(readEarly);
    await page.screenshot({ path: join(screenshots, "settings-styled-spread.png") });
    await page.close();
  });

  it("turns shadows and the gutter off, and lifts the next page's corner as a hint", async () => {
    const page = await open("/b/plain/2?lang=en");
    expect(
      await page.locator('.tl-face[data-page="2"]').evaluate((element) => getComputedStyle(element).boxShadow),
    ).toBe("none");
    expect(await page.getByTestId("binding").count()).toBe(0);
    await page.locator(".tl-text").first().waitFor();
    expect(
      await page
        .locator(".tl-text")
        .first()
        .evaluate((element) => getComputedStyle(element).userSelect),
    ).toBe("none");
    const curl = page.getByTestId("curl");
    expect(await curl.count()).toBe(1);
    // The hint sits on the outer bottom corner of the page that turns next (the right one).
    const stage = await page.getByTestId("stage").boundingBox();
    const box = await curl.boundingBox();
    if (!stage || !box) throw new Error("no stage or hint");
    expect(box.x + box.width).toBeGreaterThan(stage.x + stage.width - 50);
    await page.keyboard.press("End");
    await expect.poll(() => curl.count()).toBe(0);
    await page.close();
  });

  it("shows the book's buttons: home, back/forward, email with macros, phone numbers, WeChat, annotations, about", async () => {
    const page = await open("/b/buttons/6?lang=en");
    expect(await page.getByRole("button", { name: "Share" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Thumbnails" }).count()).toBe(0);

    const email = new URL((await page.getByRole("link", { name: "Share by email" }).getAttribute("href")) ?? "");
    expect(email.protocol).toBe("mailto:");
    expect(email.searchParams.get("subject")).toBe("Read Fixture buttons");
    expect(email.searchParams.get("body")).toBe(
      `${server.url}/b/buttons — cover ${server.url}/fixtures/buttons/pages/1/400.webp`,
    );

    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 8–9 of 12");
    await settle(page);
    await page.getByRole("button", { name: "Back" }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 6–7 of 12");
    await page.getByRole("button", { name: "Forward" }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 8–9 of 12");
    await page.getByRole("button", { name: "Home" }).click();
    await expect.poll(() => announced(page).textContent()).toBe("Page 1 of 12");

    await page.getByRole("button", { name: "Call" }).click();
    const phones = page.locator(".tl-phones a");
    expect(await phones.allTextContents()).toEqual(["Sales: +86 10 1234 5678", "Support: +1 555 0100"]);
    expect(await phones.first().getAttribute("href")).toBe("tel:+861012345678");
    await page.screenshot({ path: join(screenshots, "settings-phones.png") });
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "WeChat" }).click();
    await expect.poll(() => page.locator("dialog .tl-qr").count()).toBe(1);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "About" }).click();
    expect(await page.locator(".tl-about").textContent()).toBe("A sample catalogue by Turnleaf.");
    await page.keyboard.press("Escape");

    // Annotations: the page links hide and come back.
    await page.goto(`${server.url}/b/buttons/2?lang=en`);
    await page.getByTestId("stage").waitFor();
    const pageLink = page.locator(".tl-link").first();
    expect(await pageLink.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Page links and notes" }).click();
    expect(await pageLink.isVisible()).toBe(false);
    await page.close();
  });

  it("orders the toolbar on phones as the book's buttonsSortXML says", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await open("/b/buttons/3?lang=en", phone);
    const x = async (selector: string) => (await page.locator(selector).first().boundingBox())?.x ?? Number.NaN;
    const [call, search, next, previous] = [
      await x('[data-button="phone"]'),
      await x('[data-button="search"]'),
      await x('[data-button="next"]'),
      await x('[data-button="previous"]'),
    ];
    expect(call).toBeLessThan(search);
    expect(search).toBeLessThan(next);
    expect(next).toBeLessThan(previous);
    await page.screenshot({ path: join(screenshots, "settings-phone-order.png") });
    await phone.close();
    // Wide screens keep the reader's own order.
    const wide = await open("/b/buttons/3?lang=en");
    const previousX = (await wide.locator('[data-button="previous"]').boundingBox())?.x ?? 0;
    const phoneX = (await wide.locator('[data-button="phone"]').boundingBox())?.x ?? 0;
    expect(previousX).toBeLessThan(phoneX);
    await wide.close();
  });

  it("shows the book's title on the loader over the background picture when the settings say so", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/b/loader-title/1?lang=en`);
    const loader = page.getByTestId("loader");
    await loader.waitFor();
    expect(await loader.locator("p").textContent()).toBe(
      await page.evaluate(() => document.querySelector("h1")?.textContent),
    );
    expect(await loader.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain("url(");
    await page.close();
  });

  it("shows the loader with its caption, font and colour first, and help at open when asked", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/b/loader/1?lang=en`);
    const loader = page.getByTestId("loader");
    await loader.waitFor();
    expect(await loader.textContent()).toBe("Opening the catalogue…");
    expect(await loader.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(16, 32, 48)");
    const caption = loader.locator("p");
    expect(await caption.evaluate((element) => getComputedStyle(element).fontSize)).toBe("22px");
    expect(await caption.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(255, 204, 0)");
    await page.screenshot({ path: join(screenshots, "settings-loader.png") });
    await loader.waitFor({ state: "detached", timeout: 15_000 });
    const help = page.getByRole("dialog", { name: "Help" });
    expect(await help.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await page.getByRole("button", { name: "Help" }).count()).toBe(1);
    await page.close();
  });

  it("rotates the ads banner's entries at its interval and lets the reader close it", async () => {
    const page = await open("/b/ads/1?lang=en");
    const ad = page.getByTestId("ad");
    expect(await ad.textContent()).toContain("First offer");
    expect(await ad.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(18, 52, 86)");
    await expect.poll(() => ad.textContent(), { timeout: 5_000 }).toContain("Second offer");
    expect(await ad.locator("a").getAttribute("href")).toBe("https://example.com/b");
    await page.screenshot({ path: join(screenshots, "settings-ads.png") });
    await ad.getByRole("button", { name: "Close" }).click();
    expect(await ad.count()).toBe(0);
    await page.close();
  });

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

  it("has no serious accessibility violations with the new controls", async () => {
    const page = await open("/b/buttons/4?lang=en");
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
    const violations = (await page.evaluate("axe.run(document).then((result) => result.violations)")) as {
      id: string;
      impact: string;
    }[];
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
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
