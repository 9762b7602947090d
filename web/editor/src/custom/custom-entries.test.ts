import { describe, expect, it } from "vitest";
import {
  configJson,
  configNameKey,
  contentBlockOf,
  contentJson,
  contentKeyPattern,
  entryCount,
  savedConfigOf,
  settingsForKind,
} from "./custom-entries.js";

describe("custom config and content as the editor stores them", () => {
  it("keeps the settings at the top level beside the name, and reads them back without it", () => {
    const json = configJson("  春季外观 ", { bgColor: "#123456" });
    expect(JSON.parse(json)).toEqual({ bgColor: "#123456", [configNameKey]: "春季外观" });
    expect(savedConfigOf("config", { type: "config", config: JSON.parse(json), updatedAt: "t" })).toEqual({
      kind: "config",
      name: "春季外观",
      settings: { bgColor: "#123456" },
      updatedAt: "t",
    });
    expect(savedConfigOf("theme", { type: "theme", config: null, updatedAt: "" })).toBeUndefined();
    expect(savedConfigOf("theme", { type: "theme", config: [1], updatedAt: "" })).toBeUndefined();
  });

  it("saves every setting for config and only the look's for theme", () => {
    const settings = { bgColor: "#000", disableRightClick: true, gone: undefined };
    const look = new Set(["bgColor"]);
    expect(settingsForKind("config", settings, look)).toEqual({ bgColor: "#000", disableRightClick: true });
    expect(settingsForKind("theme", settings, look)).toEqual({ bgColor: "#000" });
  });

  it("saves contents without the server's entry ids and reads only blocks of that shape", () => {
    const catalog = [{ id: "a", title: "一", page: 1, children: [{ id: "b", title: "二", page: 2, children: [] }] }];
    const block = contentBlockOf(JSON.parse(contentJson(catalog, [])));
    expect(block?.catalog).toEqual([{ title: "一", page: 1, children: [{ title: "二", page: 2, children: [] }] }]);
    expect(entryCount(block?.catalog ?? [])).toBe(2);
    expect(contentBlockOf({ html: "<p>hi</p>" })).toBeUndefined();
    expect(contentKeyPattern.test("chapters-v1")).toBe(true);
    expect(contentKeyPattern.test("章节")).toBe(false);
    expect(contentKeyPattern.test("k".repeat(65))).toBe(false);
  });
});
