import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { customJson } from "./book-content.js";
import { applyBookUpdate, type BookSettings, parseDownloadConfig, parsePlugins } from "./book-settings.js";
import { catalogueSchema, checkFreeJson, parseSettingsJson } from "./setting-validation.js";

const empty: BookSettings = { htmlConfig: {}, plugins: [], downloadConfig: null, isDownload: false };
const book = { bookId: "b1", source: -1 };
const update = (bookConfig: Record<string, unknown>) =>
  applyBookUpdate(
    empty,
    { bookConfig: JSON.stringify(bookConfig), isDownload: "", plugin: "", downloadConfig: "" },
    book,
  );

/** The coded message a call throws (key and parameters), or undefined when it does not throw. */
function refusal(call: () => unknown): { key?: string; params?: unknown; field?: unknown } | undefined {
  try {
    call();
    return undefined;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { key: error.messageKey, params: error.messageParams, field: error.details?.field };
  }
}

describe("the settings catalogue as the book service reads it", () => {
  it("is the served settings.json, valid, with every setting of spec 001's ranges", () => {
    const schema = catalogueSchema();
    expect(schema.index.get("thumbnailAlpha")).toMatchObject({ min: 0, max: 100 });
    expect(schema.index.get("buttonIconSize")).toMatchObject({ min: 18, max: 35 });
    expect(schema.index.get("autoPlayLoopCount")).toMatchObject({ min: -1, exclude: [0] });
  });
});

describe("applyBookUpdate checks every value against the catalogue", () => {
  it("refuses with the rule's coded message and the setting's title", () => {
    expect(refusal(() => update({ thumbnailAlpha: 500 }))).toEqual({
      key: "settingRule.integer",
      params: { min: 0, max: 100, title: { key: "settingTitle.thumbnailAlpha" } },
      field: "thumbnailAlpha",
    });
    expect(refusal(() => update({ backGroundImgURL: "javascript:alert(1)" }))?.key).toBe("settingRule.link");
    expect(refusal(() => update({ backgroundMusic: { loops: 0 } }))).toMatchObject({
      key: "settingRule.excluded",
      params: { title: { key: "settingTitle.backgroundMusic.loops" } },
    });
  });

  it("stores normalised texts and keeps the rules of spec 000 §4", () => {
    const updated = update({
      loadingCaption: "Hi\u0000\u202e",
      backGroundImgURL: "files/a.png",
      aboutContent: " x\u2066 ",
    });
    expect(updated.htmlConfig).toMatchObject({
      loadingCaption: "Hi",
      loadingBackgroundColorType: 1,
      aboutContent: "x",
    });
  });

  it("bounds nesting before parsing and refuses script links in plug-ins and download links", () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    expect(refusal(() => parseSettingsJson(deep, "bookConfig"))).toMatchObject({
      key: "settingRule.tooDeep",
      params: { max: 16, title: { key: "settingTitle.bookConfig" } },
    });
    expect(refusal(() => parsePlugins(`[${deep}]`))?.key).toBe("settingRule.tooDeep");
    expect(refusal(() => parsePlugins('[{"name":"x","src":"javascript:alert(1)"}]'))?.key).toBe("settingRule.link");
    expect(parsePlugins('[{"name":" Book\\u0000Leave ","src":"plugins/a/index.js"}]')[0]?.name).toBe("BookLeave");
    expect(refusal(() => parseDownloadConfig('{"pdf":{"url":"data:text/html,x"}}'))?.key).toBe("settingRule.link");
    expect(parseDownloadConfig('{"pdf":{"url":"https://example.com/a.pdf"}}').pdf.url).toBe(
      "https://example.com/a.pdf",
    );
  });

  it("checks free JSON: script schemes anywhere, embedding schemes at the start, catalogue keys by their rules", () => {
    expect(
      refusal(() => checkFreeJson({ html: '<a href="java\tscript:x">' }, "content", { settingKeys: false }))?.key,
    ).toBe("settingRule.link");
    expect(refusal(() => checkFreeJson(["data:image/png;base64,AA"], "content", { settingKeys: false }))?.key).toBe(
      "settingRule.link",
    );
    expect(() =>
      checkFreeJson({ note: "metadata: fine", at: "10:30" }, "content", { settingKeys: false }),
    ).not.toThrow();
    expect(refusal(() => customJson('{"pageMode":"triple"}', "content", "theme"))?.key).toBe("settingRule.option");
    expect(customJson('{"pageMode":"triple"}', "content", "content")).toBe('{"pageMode":"triple"}');
  });
});
