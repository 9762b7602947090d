import { describe, expect, it } from "vitest";
import { defaultSettings } from "./book.js";
import { applyPreview, isPreviewMessage, settingsFromHtmlConfig } from "./preview.js";

describe("preview messages", () => {
  it("are recognised only in the editor's shape", () => {
    expect(isPreviewMessage({ type: "previewBook", key: "bgColor", value: "#000" })).toBe(true);
    expect(isPreviewMessage({ type: "other", key: "bgColor" })).toBe(false);
    expect(isPreviewMessage("previewBook")).toBe(false);
  });

  it("set reader settings with the editor's value forms, and ignore unknown keys", () => {
    const message = (key: string, value: unknown) => ({ type: "previewBook" as const, key, value });
    expect(applyPreview(defaultSettings, message("bgColor", "#123456"))?.backgroundColor).toBe("#123456");
    expect(applyPreview(defaultSettings, message("hardCover", "no"))?.hardCover).toBe(false);
    expect(applyPreview(defaultSettings, message("autoFlip", "Show"))?.autoFlip).toBe(true);
    expect(applyPreview(defaultSettings, message("flipDirection", "RTL"))?.direction).toBe("rtl");
    expect(applyPreview(defaultSettings, message("flippingTime", "0.6"))?.flipTimeMs).toBe(600);
    expect(defaultSettings.flipAxis).toBe("horizontal");
    expect(applyPreview(defaultSettings, message("flipAxis", "Vertical"))?.flipAxis).toBe("vertical");
    expect(applyPreview(defaultSettings, message("flipAxis", "sideways"))?.flipAxis).toBe("horizontal");
    const calendar = applyPreview(defaultSettings, message("flipDirection", "vertical"));
    expect(calendar).toMatchObject({ flipAxis: "vertical", direction: "ltr" });
    if (!calendar) throw new Error("no settings");
    expect(applyPreview(calendar, message("flipDirection", "rtl"))).toMatchObject({
      flipAxis: "horizontal",
      direction: "rtl",
    });
    expect(applyPreview(calendar, message("direction", "rtl"))).toMatchObject({
      flipAxis: "vertical",
      direction: "rtl",
    });
    expect(applyPreview(defaultSettings, message("searchMinLength", "x"))).toBeUndefined();
    expect(applyPreview(defaultSettings, message("noSuchKey", 1))).toBeUndefined();
    expect(applyPreview(defaultSettings, message("flipSound", "no"))?.flipSound).toBe(false);
    expect(applyPreview(defaultSettings, message("print", "show"))?.print).toBe(true);
    expect(applyPreview(defaultSettings, message("magnifier", "0"))?.magnifier).toBe(false);
    expect(applyPreview(defaultSettings, message("printWatermark", "Draft"))?.printWatermark).toBe("Draft");
    expect(applyPreview(defaultSettings, message("backgroundMusic", "/music.mp3"))?.backgroundMusic).toEqual({
      url: "/music.mp3",
      loops: -1,
      volume: 1,
    });
    expect(
      applyPreview(defaultSettings, message("backgroundMusic", '{"url":"/a.mp3","loops":3,"volume":40}'))
        ?.backgroundMusic,
    ).toEqual({ url: "/a.mp3", loops: 3, volume: 40 });
    expect(applyPreview(defaultSettings, message("backgroundMusic", ""))?.backgroundMusic).toBeNull();
    expect(applyPreview(defaultSettings, message("pageCaptions", "1:Cover;2-:1+"))?.pageCaptions).toBe("1:Cover;2-:1+");
  });
});

describe("a book's saved htmlConfig", () => {
  it("maps the editor's keys onto the reader's with the preview's own rules", () => {
    expect(
      settingsFromHtmlConfig(defaultSettings, {
        bgColor: "#123456",
        flipDirection: "RTL",
        flippingTime: "0.6",
        hardCover: "No",
        autoFlip: "Yes",
        searchMinLength: "3",
        pageMode: "single",
        printWatermark: "draft",
        unknownKey: "x",
      }),
    ).toMatchObject({
      backgroundColor: "#123456",
      direction: "rtl",
      flipTimeMs: 600,
      hardCover: false,
      autoFlip: true,
      searchMinLength: 3,
      pageMode: "single",
      printWatermark: "draft",
    });
  });

  it("takes flip times of 20 or more as milliseconds and leaves bad values as they were", () => {
    const settings = settingsFromHtmlConfig(defaultSettings, {
      flippingTime: "450",
      searchMinLength: "x",
      pageMode: "wide",
    });
    expect(settings.flipTimeMs).toBe(450);
    expect(settings.searchMinLength).toBe(defaultSettings.searchMinLength);
    expect(settings.pageMode).toBe(defaultSettings.pageMode);
  });

  it("sets the calendar axis from the flip direction, and background music from a URL", () => {
    expect(
      settingsFromHtmlConfig(defaultSettings, { flipDirection: "vertical", backgroundMusic: "/a.mp3" }),
    ).toMatchObject({
      flipAxis: "vertical",
      backgroundMusic: { url: "/a.mp3", loops: -1, volume: 1 },
    });
  });
});
