import { readFile } from "node:fs/promises";
import {
  findPreset,
  groupsOf,
  imageLimitsFor,
  presetValues,
  searchTab,
  settingValueOf,
  shows,
} from "@turnleaf/editor/testing";
import type { PresetFile, SettingsTree, TemplateEntry } from "@turnleaf/resource-files";
import { resourceFilesDir } from "@turnleaf/resource-files/node";
import { beforeAll, describe, expect, it } from "vitest";

// The editor's reading of the catalogue resource (the files the gateway serves under /resourceFiles/): which groups
// a tab shows, related visibility, search, preset lookup and the values a preset applies.
const read = async <T>(path: string) => JSON.parse(await readFile(`${resourceFilesDir}${path}`, "utf8")) as T;
let tree: SettingsTree;
let templates: PresetFile<TemplateEntry>;
let themes: PresetFile;
let scenes: PresetFile;

beforeAll(async () => {
  tree = await read<SettingsTree>("settings/settings.json");
  templates = await read<PresetFile<TemplateEntry>>("templates/templates.json");
  themes = await read<PresetFile>("themes/themesConfig.json");
  scenes = await read<PresetFile>("scenes/scenes.json");
});

const node = (key: string) => {
  const stack = tree.groups.flatMap((group) => group.children);
  while (stack.length) {
    const next = stack.shift();
    if (next?.key === key) return next;
    if (next?.type === "composite") stack.push(...next.children);
  }
  throw new Error(`no setting ${key}`);
};

describe("the settings tree in the editor's tabs", () => {
  it("puts each group in its tab", () => {
    expect(groupsOf(tree, "basic").length).toBeGreaterThan(0);
    expect(groupsOf(tree, "setup").map((group) => group.id)).toContain("background");
    expect(groupsOf(tree, "config").every((group) => group.tab === "config")).toBe(true);
  });

  it("shows a related setting only when its trigger holds (spec 000 §5 booleans)", () => {
    const interval = node("autoFlipIntervalSeconds");
    expect(shows(tree, interval, {})).toBe(false);
    expect(shows(tree, interval, { autoFlip: true })).toBe(true);
    expect(shows(tree, interval, { autoFlip: "Yes" })).toBe(true);
    expect(shows(tree, interval, { autoFlip: "No" })).toBe(false);
  });

  it("searches a tab's titles and descriptions case-insensitively, leaving out hidden settings", () => {
    expect(searchTab(tree, "setup", "BACKGROUND COLOUR", "en", {}).map((found) => found.key)).toContain("bgColor");
    expect(searchTab(tree, "setup", "背景颜色", "zh", {}).map((found) => found.key)).toContain("bgColor");
    expect(searchTab(tree, "setup", "interval", "en", {}).map((found) => found.key)).not.toContain(
      "autoFlipIntervalSeconds",
    );
    expect(searchTab(tree, "setup", "interval", "en", { autoFlip: true }).map((found) => found.key)).toContain(
      "autoFlipIntervalSeconds",
    );
    expect(searchTab(tree, "config", "background colour", "en", {})).toEqual([]);
  });

  it("reads a book's value, its alias or the default", () => {
    const background = node("bgColor");
    if (background.type === "composite") throw new Error("bgColor is a leaf");
    expect(settingValueOf(background, {})).toBe("#3a3f47");
    expect(settingValueOf(background, { backgroundColor: "#111111" })).toBe("#111111");
    expect(settingValueOf(background, { bgColor: "#222222", backgroundColor: "#111111" })).toBe("#222222");
  });

  it("limits logo pictures by the brand configuration, other pictures by size only", () => {
    const logo = {
      accept: ["jpg"],
      maxWidth: 500,
      maxHeight: 500,
      recommendedWidth: 150,
      recommendedHeight: 30,
      minWidthExclusive: 2,
    };
    expect(imageLimitsFor("logoURL", logo)).toEqual({ limitWidth: 500, limitHeight: 500 });
    expect(imageLimitsFor("backGroundImgURL", logo)).toEqual({});
  });
});

describe("templates, themes and scenes", () => {
  it("finds a preset by id, name or spoken title in either language; dark and light by the background", () => {
    expect(findPreset(themes.items, "OCEAN")?.id).toBe("ocean");
    expect(findPreset(themes.items, "海洋")?.id).toBe("ocean");
    expect(findPreset(scenes.items, "snow")?.id).toBe("snow");
    const darkest = findPreset(themes.items, "dark");
    const lightest = findPreset(themes.items, "浅色");
    expect(darkest && lightest && darkest.id !== lightest.id).toBe(true);
    expect(findPreset(themes.items, "no such theme")).toBeUndefined();
  });

  it("applies a template over its theme's values", () => {
    const template = templates.items[0];
    if (!template) throw new Error("no templates");
    const values = presetValues("template", template, themes.items);
    const theme = themes.items.find((entry) => entry.id === template.themeId);
    for (const [key, value] of Object.entries(template.settings)) expect(values[key]).toEqual(value);
    for (const key of Object.keys(theme?.settings ?? {}))
      if (!(key in template.settings)) expect(values[key]).toEqual(theme?.settings[key]);
  });
});
