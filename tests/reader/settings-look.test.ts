import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announced, readerSettingsHarness, screenshots, settle } from "./settings-fixtures.js";

// The reader-setting catalogue (spec 001) as htmlConfig keys (spec 000 §3/§4) in the built reader, in Chromium:
// how a book looks and what it shows — background, logo, toolbar colours, cover, binding and thickness, shadows and
// corners, the book's buttons and their order on phones, the loader, the ads banner, accessibility of the new
// controls. Where and how a book is read (sharing, margins, frames, WeChat, analytics, languages, zoom, the editor's
// preview): settings-reading.test.ts.
const harness = readerSettingsHarness();
const { open } = harness;
let server: Awaited<ReturnType<typeof harness.start>>["server"];
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  ({ server, browser, context } = await harness.start(async (book, fixtures) => {
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
    await mkdir(join(fixtures, "art"), { recursive: true });
    const dots = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="8" fill="#ffffff"/></svg>`;
    await sharp(Buffer.from(dots))
      .png()
      .toFile(join(fixtures, "art", "dots.png"));
    const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><rect width="240" height="60" rx="10" fill="#f0a020"/><text x="120" y="42" font-size="32" text-anchor="middle" font-family="sans-serif">LOGO</text></svg>`;
    await sharp(Buffer.from(logo))
      .png()
      .toFile(join(fixtures, "art", "logo.png"));
  }));
}, 180_000);

afterAll(() => harness.stop());

describe("the reader-setting catalogue: how a book looks", { timeout: 60_000 }, () => {
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
    // The help opens in the render after the loader goes, so it is waited for rather than read at once.
    const help = page.getByRole("dialog", { name: "Help" });
    await expect.poll(() => help.isVisible()).toBe(true);
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
});
