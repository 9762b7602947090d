import { describe, expect, it } from "vitest";
import { defaultSettings } from "./book.js";
import {
  adSettings,
  asColour,
  buttonOrder,
  gradientAngle,
  loaderCaption,
  withAlpha,
  zoomLevelsFor,
} from "./htmlconfig.js";
import { settingsFromHtmlConfig } from "./preview.js";

describe("htmlConfig keys of the reader-setting catalogue", () => {
  it("set the logo, the large logo at 55 px, and drop it when its picture is cleared", () => {
    const settings = settingsFromHtmlConfig(defaultSettings, {
      appLogoIcon: "/logo.png",
      appLogoLinkURL: "https://example.com",
      logoHeight: "30",
      logoPadding: "6",
    });
    expect(settings.logo).toEqual({
      url: "/logo.png",
      link: "https://example.com",
      height: 30,
      padding: 6,
      large: false,
    });
    expect(settingsFromHtmlConfig(settings, { appLargeLogoURL: "/big.png" }).logo?.large).toBe(true);
    expect(settingsFromHtmlConfig(settings, { appLogoIcon: "" }).logo).toBeNull();
    expect(settingsFromHtmlConfig(settings, { appLogoLinkURL: "javascript:alert(1)" }).logo?.link).toBe(
      "https://example.com",
    );
  });

  it("set the gradient with the catalogue's angles, the background picture and its opacity", () => {
    const settings = settingsFromHtmlConfig(defaultSettings, {
      bgBeginColor: "#112233",
      bgEndColor: "0xAABBCC",
      bgMRotation: "45",
      backGroundImgURL: "/bg.jpg",
      backgroundPosition: "Tile",
      backgroundOpacity: "40",
    });
    expect(settings.backgroundGradient).toEqual({ colorA: "#112233", colorB: "#AABBCC", angle: 30 });
    expect(settings.backgroundImage).toEqual({ url: "/bg.jpg", position: "tile", opacity: 0.4 });
    expect(gradientAngle("170")).toBe(180);
    expect(gradientAngle("x")).toBeUndefined();
  });

  it("read colours safely and mix the toolbar's alpha", () => {
    expect(asColour("red;background:url(x)")).toBeUndefined();
    expect(asColour("rgb(1, 2, 3)")).toBe("rgb(1, 2, 3)");
    expect(withAlpha("#ff0000", 0.5)).toBe("rgba(255, 0, 0, 0.5)");
    expect(withAlpha("#f00", 1)).toBe("#f00");
    const settings = settingsFromHtmlConfig(defaultSettings, { toolbarColor: "#000000", toolbarAlpha: "0.3" });
    expect(settings).toMatchObject({ toolbarColor: "#000000", toolbarAlpha: 0.3 });
  });

  it("take the loader's caption source and background type (spec 000 loadingCaptionSource, loadingBackgroundColorType)", () => {
    const loader = (htmlConfig: Record<string, unknown>) => {
      const settings = settingsFromHtmlConfig(defaultSettings, htmlConfig).loader;
      if (!settings) throw new Error("no loader");
      return settings;
    };
    const custom = loader({ loadingCaption: "Opening…", loadingCaptionSource: "custom" });
    expect(loaderCaption(custom, "The Title", "Loading")).toBe("Opening…");
    expect(loaderCaption(loader({ loadingCaptionSource: "title" }), "The Title", "Loading")).toBe("The Title");
    expect(loaderCaption(loader({ loadingCaptionSource: "title" }), "", "Loading")).toBe("Loading");
    expect(loaderCaption(loader({ loadingCaption: "x", loadingCaptionSource: "none" }), "T", "Loading")).toBeNull();
    // A caption without a source (books saved before it existed) still shows.
    expect(loaderCaption(loader({ loadingCaption: "Opening…" }), "T", "Loading")).toBe("Opening…");
    expect(loader({ loadingCaptionSource: "elsewhere", loadingCaption: "a" }).captionSource).toBe("");
    expect(loader({ loadingBackgroundColorType: "2" }).backgroundType).toBe(2);
    expect(loader({ loadingBackgroundColorType: 1 }).backgroundType).toBe(1);
    expect(loader({ loadingBackgroundColorType: "7", loadingCaption: "a" }).backgroundType).toBe(1);
  });

  it("set the loader, cover, binding, thickness and margins (negative allowed)", () => {
    const settings = settingsFromHtmlConfig(defaultSettings, {
      loadingCaption: "Opening…",
      loadingDisplayTime: "2",
      loadingBackground: "#ffffff",
      hardCoverBorderWidth: "8",
      borderColor: "#572F0D",
      cornerRound: "10",
      BindingType: "spiral",
      thicknessWidthType: "Thicker",
      leftMargin: "-20",
      topMarginOnMobile: "0",
      flippingTime: "0.3",
    });
    expect(settings.loader).toMatchObject({ caption: "Opening…", minSeconds: 2, background: "#ffffff" });
    expect(settings).toMatchObject({
      coverBorderWidth: 8,
      coverBorderColor: "#572F0D",
      cornerRadius: 10,
      binding: "spiral",
      thickness: "thick",
      flipTimeMs: 300,
    });
    expect(settings.margins.left).toBe(-20);
    expect(settings.mobileMargins.top).toBe(0);
  });

  it("show and hide buttons, with phone numbers, email macros and the mobile order", () => {
    const settings = settingsFromHtmlConfig(defaultSettings, {
      ShareButtonVisible: "Hide",
      PhoneButtonVisible: "Show",
      isMultiNum: "yes",
      MultiPhoneNumber: '[{"label":"Sales","number":"+86 10 1234"},{"label":"bad"}]',
      EmailButtonVisible: "Show",
      btnShareWithEmailSubject: "Read {title}",
      enablePageBack: "Yes",
      buttonsSortXML: '<buttons><button name="share"/><button name="TableOfContent"/><button name="nope"/></buttons>',
    });
    expect(settings.buttons).toMatchObject({ share: false, phone: true, email: true, back: true, forward: true });
    expect(settings.phone).toEqual({
      single: "",
      multiple: [{ label: "Sales", number: "+86 10 1234" }],
      useMultiple: true,
    });
    expect(settings.email.subject).toBe("Read {title}");
    expect(settings.mobileButtonOrder).toEqual(["share", "contents"]);
    expect(buttonOrder("search, zoom,search")).toEqual(["search", "zoom"]);
  });

  it("read the ad banner with its 3000 ms default interval", () => {
    expect(adSettings({ haveAd: true, data: [{ image: "/ad.png", link: "https://ads.example" }] })).toEqual({
      interval: 3000,
      bgColor: "#000000",
      bgOpacity: 0.6,
      position: "bottom",
      items: [{ image: "/ad.png", link: "https://ads.example", text: "" }],
    });
    expect(adSettings('{"haveAd":"no","data":[{"text":"x"}]}')).toBeNull();
    expect(adSettings("{broken")).toBeUndefined();
  });

  it("take analytics, share region and where the book may be read", () => {
    const settings = settingsFromHtmlConfig(defaultSettings, {
      googleAnalyticsID: "G-ABC1234",
      socialShareType: "1",
      socialSharingList: '["facebook","twitter"]',
      OnlyOpenInIframe: "Yes",
      OnlyOpenInWeChat: "No",
    });
    expect(settings).toMatchObject({
      analyticsId: "G-ABC1234",
      shareRegion: 1,
      shareChannels: ["facebook", "twitter"],
      embedOnly: true,
      wechatOnly: false,
    });
    expect(settingsFromHtmlConfig(defaultSettings, { googleAnalyticsID: "<script>" }).analyticsId).toBe("");
  });

  it("take the settings tree's own keys: mini mode in any key order, zoom widths, flip style, language, download URL", () => {
    const mini = settingsFromHtmlConfig(defaultSettings, {
      miniMaxWidth: "500",
      miniMaxHeight: "300",
      miniMode: "Yes",
    });
    expect(mini.mini).toEqual({ maxWidth: 500, maxHeight: 300 });
    expect(settingsFromHtmlConfig(mini, { miniMode: "No" }).mini).toBeNull();
    const settings = settingsFromHtmlConfig(
      { ...defaultSettings, download: { pdfUrl: "/original.pdf", allowSinglePage: true } },
      {
        zoomWidths: "2400, 1200,1600",
        flipStyle: "Slide",
        languageSetting: "ja",
        downloadURL: "https://files.example/book.pdf",
        hideToolbar: "yes",
        urlPageNumber: "No",
        dynamicScene: "Snow",
        thumbnailAlpha: "50",
      },
    );
    expect(settings).toMatchObject({
      zoomWidths: [1200, 1600, 2400],
      flipStyle: "slide",
      interfaceLanguage: "ja",
      download: { pdfUrl: "https://files.example/book.pdf", allowSinglePage: true },
      hideToolbar: true,
      urlPageNumber: false,
      dynamicScene: "snow",
      thumbnailAlpha: 0.5,
    });
    expect(settingsFromHtmlConfig(defaultSettings, { downloadURL: "https://x.example/a.pdf" }).download).toBeNull();
    expect(settingsFromHtmlConfig(defaultSettings, { dynamicScene: "fireworks" }).dynamicScene).toBe("");
  });

  it("turn zoom widths into zoom levels up to 400 % of the drawn page", () => {
    expect(zoomLevelsFor([1200, 1600, 2400], 600)).toEqual([1, 2, 2 + 2 / 3, 4]);
    expect(zoomLevelsFor([300, 9000], 600)).toEqual([1, 1.5, 2, 3, 4]);
    expect(zoomLevelsFor([], 600)).toEqual([1, 1.5, 2, 3, 4]);
  });

  it("show the leave-message button for MessageButtonVisible / showLeaveMessage Show, Yes or true, and hide it otherwise", () => {
    expect(settingsFromHtmlConfig(defaultSettings, { MessageButtonVisible: "Show" }).buttons.message).toBe(true);
    expect(settingsFromHtmlConfig(defaultSettings, { showLeaveMessage: true }).buttons.message).toBe(true);
    expect(settingsFromHtmlConfig(defaultSettings, { MessageButtonVisible: "Hide" }).buttons.message).toBe(false);
    expect(buttonOrder(["LeaveMessage", "phone"])).toEqual(["message", "phone"]);
  });
});
