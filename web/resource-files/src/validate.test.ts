import { describe, expect, it } from "vitest";
import { templates } from "./catalogue/presets.js";
import { renderResourceFiles } from "./catalogue/render.js";
import type { SettingsTree } from "./types.js";
import {
  validateBrandConfig,
  validateBrandDefault,
  validateBusinessCards,
  validatePresetFile,
  validateSettingsTree,
} from "./validate.js";

const { data } = renderResourceFiles();
const catalogue = data.get("settings/settings.json") as SettingsTree;

/** The served tree with one change applied to a copy. */
function changed(change: (tree: SettingsTree) => void): SettingsTree {
  const tree = structuredClone(catalogue);
  change(tree);
  return tree;
}

// biome-ignore lint/suspicious/noExplicitAny: tests reach into nodes of any type to break them.
function node(tree: SettingsTree, key: string): any {
  const stack = tree.groups.flatMap((group) => group.children);
  while (stack.length > 0) {
    const next = stack.shift();
    if (next?.key === key) return next;
    if (next?.type === "composite") stack.push(...next.children);
  }
  throw new Error(`no ${key}`);
}

describe("validateSettingsTree", () => {
  it("accepts the catalogue", () => {
    expect(validateSettingsTree(catalogue)).toEqual([]);
  });

  it.each([
    [
      "a repeated key",
      (tree: SettingsTree) => (node(tree, "logoHeight").key = "logoPadding"),
      /logoPadding is used twice/,
    ],
    [
      "an alias that is another key",
      (tree: SettingsTree) => (node(tree, "bgColor").aliases = ["toolbarColor"]),
      /toolbarColor is used twice/,
    ],
    ["an unknown node type", (tree: SettingsTree) => (node(tree, "bgColor").type = "colour"), /not one of/],
    [
      "a default above max",
      (tree: SettingsTree) => (node(tree, "logoHeight").defaultValue = 5000),
      /defaultValue is outside/,
    ],
    ["a value below min", (tree: SettingsTree) => (node(tree, "logoHeight").value = 1), /value is outside/],
    [
      "a default off the step",
      (tree: SettingsTree) => Object.assign(node(tree, "logoHeight"), { defaultValue: 34.5, value: 34.5 }),
      /step/,
    ],
    [
      "a list default not among options",
      (tree: SettingsTree) => (node(tree, "pageMode").defaultValue = "triple"),
      /not one of the options/,
    ],
    [
      "a repeated option",
      (tree: SettingsTree) => node(tree, "pageMode").options.push({ value: "auto", label: { zh: "a", en: "a" } }),
      /repeats option/,
    ],
    ["a colour that is not one", (tree: SettingsTree) => (node(tree, "bgColor").defaultValue = "blue"), /colour/],
    ["a bool default that is a string", (tree: SettingsTree) => (node(tree, "print").defaultValue = 1), /boolean/],
    [
      "a file extension outside spec 000 §5",
      (tree: SettingsTree) => node(tree, "appLogoIcon").accept.push("exe"),
      /exe/,
    ],
    ["a file size over 10 MB", (tree: SettingsTree) => (node(tree, "appLogoIcon").maxSize = 20_000_000), /maxSize/],
    ["a missing English title", (tree: SettingsTree) => (node(tree, "print").title.en = ""), /title needs/],
    [
      "a condition on no setting",
      (tree: SettingsTree) => (node(tree, "printWatermark").config.related[0].key = "printing"),
      /printing, which is no setting/,
    ],
    [
      "a condition on an impossible value",
      (tree: SettingsTree) => (node(tree, "loadingCaption").config.related[0].values = ["typed"]),
      /not one of the options/,
    ],
    [
      "a condition on itself",
      (tree: SettingsTree) => (node(tree, "printWatermark").config.related[0].key = "printWatermark"),
      /related to itself/,
    ],
    [
      "isShow disagreeing with the defaults",
      (tree: SettingsTree) => (node(tree, "printWatermark").isShow = true),
      /isShow true, the defaults give false/,
    ],
    ["an empty composite", (tree: SettingsTree) => (node(tree, "logo").children = []), /needs children/],
    [
      "a form field of a form type",
      (tree: SettingsTree) => (node(tree, "backgroundMusic").fields[0].type = "form"),
      /leaf type/,
    ],
    [
      "a form default lacking a field",
      (tree: SettingsTree) => delete node(tree, "backgroundMusic").defaultValue.loops,
      /lacks field loops/,
    ],
    [
      "a group on no tab",
      (tree: SettingsTree) => ((tree.groups[0] as { tab: string }).tab = "design"),
      /has tab design/,
    ],
  ])("refuses %s", (_name, change, problem) => {
    const problems = validateSettingsTree(changed(change));
    expect(
      problems.some((text) => problem.test(text)),
      problems.join("\n"),
    ).toBe(true);
  });

  it("refuses what is not a tree", () => {
    expect(validateSettingsTree(null)).not.toEqual([]);
    expect(validateSettingsTree({ version: 1, groups: [] })).not.toEqual([]);
    expect(validateSettingsTree({ version: 1, groups: [{ id: "x", children: [42] }] })).not.toEqual([]);
  });
});

describe("validatePresetFile", () => {
  it("accepts the templates", () => {
    expect(validatePresetFile(templates, catalogue, "templates")).toEqual([]);
  });

  it.each([
    ["an unknown key", { colourOfBook: "#ffffff" }, /colourOfBook, which is no setting/],
    ["an alias instead of the key", { backgroundColor: "#ffffff" }, /write its key bgColor/],
    ["a value outside the node's options", { pageMode: "triple" }, /not one of the options/],
    ["a value outside the node's range", { flippingTime: 9 }, /outside/],
  ])("refuses a template setting %s", (_name, settings, problem) => {
    const file = structuredClone(templates);
    Object.assign(file.items[0]?.settings ?? {}, settings);
    const problems = validatePresetFile(file, catalogue, "templates");
    expect(
      problems.some((text) => problem.test(text)),
      problems.join("\n"),
    ).toBe(true);
  });

  it("refuses repeated ids, a default that is no item, a preview outside the folder and a template without theme", () => {
    const file = structuredClone(templates) as unknown as { defaultId: string; items: Record<string, unknown>[] };
    const [first, second] = file.items;
    if (!first || !second) throw new Error("two templates expected");
    second.id = first.id;
    file.defaultId = "gone";
    first.preview = "../../etc/passwd.svg";
    delete second.themeId;
    const problems = validatePresetFile(file, catalogue, "templates").join("\n");
    expect(problems).toMatch(/repeats id/);
    expect(problems).toMatch(/defaultId "gone" is no item/);
    expect(problems).toMatch(/not a path under \/resourceFiles\//);
    expect(problems).toMatch(/needs a themeId/);
  });

  it("requires a background to set backGroundImgURL to its own image", () => {
    const file = structuredClone(data.get("mobile/backgrounds/backgrounds.json")) as {
      items: { settings: Record<string, unknown> }[];
    };
    expect(validatePresetFile(file, catalogue, "backgrounds")).toEqual([]);
    const first = file.items[0];
    if (first) first.settings.backGroundImgURL = "/resourceFiles/mobile/backgrounds/images/other.png";
    expect(validatePresetFile(file, catalogue, "backgrounds").join("\n")).toMatch(/must set backGroundImgURL/);
  });
});

describe("brand and card files", () => {
  it("accept the catalogue's files and refuse broken ones", () => {
    const brandDefault = data.get("brand/brandDefault.json");
    const brandConfig = data.get("brand/brandConfig.json");
    const cards = data.get("businessCards/businessCards.json");
    expect(validateBrandDefault(brandDefault)).toEqual([]);
    expect(validateBrandConfig(brandConfig)).toEqual([]);
    expect(validateBusinessCards(cards)).toEqual([]);

    const brokenDefault = structuredClone(brandDefault) as { brands: Record<string, Record<string, unknown>> };
    delete brokenDefault.brands.relatedBrand;
    if (brokenDefault.brands.loadingBrand) brokenDefault.brands.loadingBrand.link = "javascript:alert(1)";
    const defaultProblems = validateBrandDefault(brokenDefault).join("\n");
    expect(defaultProblems).toMatch(/relatedBrand is missing/);
    expect(defaultProblems).toMatch(/http\(s\) URL/);

    const brokenCards = structuredClone(cards) as { items: Record<string, unknown>[] };
    const card = brokenCards.items[0];
    if (card) {
      card.fields = ["name", "name", "fax"];
      card.colors = { background: "white", text: "#000", accent: "#000" };
    }
    const cardProblems = validateBusinessCards(brokenCards).join("\n");
    expect(cardProblems).toMatch(/distinct card fields/);
    expect(cardProblems).toMatch(/colors.background/);
  });
});
