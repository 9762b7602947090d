import { describe, expect, it } from "vitest";
import { bool, color, composite, list, num, t, text, when } from "./catalogue/nodes.js";
import { settingsSource } from "./catalogue/settings.js";
import {
  asBoolean,
  isNodeVisible,
  searchSettings,
  settingDefaults,
  settingIndex,
  settingValueProblem,
} from "./settings.js";
import type { SettingsTree } from "./types.js";

const tree: SettingsTree = {
  version: 1,
  groups: [
    {
      id: "g",
      tab: "setup",
      title: t("组", "Group"),
      desc: t("组", "Group"),
      children: [
        bool("print", t("打印", "Print"), t("允许读者打印", "Let readers print"), false),
        text(
          "printWatermark",
          t("打印水印", "Print watermark"),
          t("打印时的文字", "Printed text"),
          "",
          { maxLength: 10 },
          {
            related: [when("print")],
          },
        ),
        text(
          "watermarkFont",
          t("水印字体", "Watermark font"),
          t("字体", "Font"),
          "",
          { maxLength: 10 },
          {
            related: [when("printWatermark", "big")],
          },
        ),
        list("source", t("来源", "Source"), t("文字来源", "Where the text comes from"), "title", [
          ["title", t("书名", "Title")],
          ["custom", t("自定义", "Custom")],
        ]),
        composite(
          "box",
          t("方框", "Box"),
          t("方框", "Box"),
          [color("boxColor", t("方框颜色", "Box colour"), t("颜色", "Colour"), "#ffffff")],
          { related: [when("source", "custom")] },
        ),
        num(
          "size",
          t("大小", "Size"),
          t("SEARCHABLE size", "Searchable size"),
          5,
          { min: 1, max: 9, step: 1 },
          {
            visible: false,
          },
        ),
      ],
    },
  ],
};

describe("asBoolean (spec 000 §5)", () => {
  it("reads yes, show and true in any case as true and anything else as false", () => {
    for (const value of ["yes", "Show", "TRUE", " true ", true]) expect(asBoolean(value), String(value)).toBe(true);
    for (const value of ["no", "Hide", "1", "", false, null, undefined])
      expect(asBoolean(value), String(value)).toBe(false);
  });
});

describe("isNodeVisible", () => {
  it("follows a bool trigger, parsing legacy Show/Yes values", () => {
    expect(isNodeVisible(tree, "printWatermark", {})).toBe(false);
    expect(isNodeVisible(tree, "printWatermark", { print: true })).toBe(true);
    expect(isNodeVisible(tree, "printWatermark", { print: "Show" })).toBe(true);
    expect(isNodeVisible(tree, "printWatermark", { print: "Hide" })).toBe(false);
  });

  it("hides a setting whose trigger is itself hidden", () => {
    expect(isNodeVisible(tree, "watermarkFont", { print: true, printWatermark: "big" })).toBe(true);
    expect(isNodeVisible(tree, "watermarkFont", { print: false, printWatermark: "big" })).toBe(false);
  });

  it("applies a composite's conditions to its children and reads list values", () => {
    expect(isNodeVisible(tree, "boxColor", {})).toBe(false);
    expect(isNodeVisible(tree, "boxColor", { source: "custom" })).toBe(true);
    expect(isNodeVisible(tree, "box", { source: "custom" })).toBe(true);
  });

  it("keeps a setting that is not visible hidden, and an unknown key hidden", () => {
    expect(isNodeVisible(tree, "size", {})).toBe(false);
    expect(isNodeVisible(tree, "nope", {})).toBe(false);
  });

  it("reads a trigger's value under an alias the reader also accepts", () => {
    const aliased = structuredClone(tree);
    const print = aliased.groups[0]?.children[0];
    if (print) print.aliases = ["printing"];
    expect(isNodeVisible(aliased, "printWatermark", { printing: "yes" })).toBe(true);
  });
});

describe("searchSettings (spec 000 §5)", () => {
  it("matches title or description in the chosen language, case-insensitively", () => {
    expect(searchSettings(tree, "打印", "zh").map((node) => node.key)).toEqual(["print", "printWatermark"]);
    expect(searchSettings(tree, "PRINT", "en").map((node) => node.key)).toEqual(["print", "printWatermark"]);
    expect(searchSettings(tree, "searchable", "en").map((node) => node.key)).toEqual(["size"]);
    expect(searchSettings(tree, "打印", "en")).toEqual([]);
  });

  it("gives every setting for an empty query and none for an unmatched one", () => {
    expect(searchSettings(tree, "  ", "zh")).toHaveLength(6);
    expect(searchSettings(tree, "zzz", "zh")).toEqual([]);
  });

  it("finds the catalogue's background settings by a Chinese word", () => {
    const keys = searchSettings(settingsSource, "背景", "zh").map((node) => node.key);
    expect(keys).toContain("bgColor");
    expect(keys).toContain("backGroundImgURL");
  });
});

describe("settingValueProblem", () => {
  const index = settingIndex(settingsSource);
  const node = (key: string) => {
    const found = index.get(key);
    if (!found) throw new Error(`no ${key}`);
    return found;
  };

  it("accepts each catalogue default", () => {
    for (const [key, value] of Object.entries(settingDefaults(settingsSource)))
      expect(settingValueProblem(node(key), value), key).toBeUndefined();
  });

  it("refuses values outside a node's type, range, options, pattern or extensions", () => {
    expect(settingValueProblem(node("flippingTime"), 5)).toMatch(/outside/);
    expect(settingValueProblem(node("flippingTime"), "0.5")).toBeUndefined();
    expect(settingValueProblem(node("flippingTime"), "fast")).toMatch(/not a number/);
    expect(settingValueProblem(node("bgColor"), "red")).toMatch(/colour/);
    expect(settingValueProblem(node("pageMode"), "triple")).toMatch(/options/);
    expect(settingValueProblem(node("bgMRotation"), "90")).toBeUndefined();
    expect(settingValueProblem(node("socialSharingList"), ["wechat", "myspace"])).toMatch(/myspace/);
    expect(settingValueProblem(node("socialSharingList"), "wechat")).toMatch(/list/);
    expect(settingValueProblem(node("zoomWidths"), "100,abc")).toMatch(/match/);
    expect(settingValueProblem(node("backGroundImgURL"), "/x/y.exe")).toMatch(/extension/);
    expect(settingValueProblem(node("backGroundImgURL"), "/x/y.PNG?v=2")).toBeUndefined();
    expect(settingValueProblem(node("DownloadButtonVisible"), "Show")).toBeUndefined();
    expect(settingValueProblem(node("DownloadButtonVisible"), 3)).toMatch(/boolean/);
    expect(settingValueProblem(node("printWatermark"), "x".repeat(101))).toMatch(/longer/);
  });

  it("checks a form's fields and refuses unknown ones", () => {
    expect(settingValueProblem(node("backgroundMusic"), { url: "/a.mp3", loops: 2, volume: 0.5 })).toBeUndefined();
    expect(settingValueProblem(node("backgroundMusic"), { url: "/a.mp3", volume: 2 })).toMatch(/volume/);
    expect(settingValueProblem(node("backgroundMusic"), { url: "/a.png" })).toMatch(/extension/);
    expect(settingValueProblem(node("backgroundMusic"), { speed: 1 })).toMatch(/unknown field/);
    expect(settingValueProblem(node("backgroundMusic"), "music.mp3")).toMatch(/object/);
  });
});
