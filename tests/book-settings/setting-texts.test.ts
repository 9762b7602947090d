import { readFileSync } from "node:fs";
import {
  ApiError,
  assertValidChange,
  catalogueForChecks,
  changeRefusal,
  interfaceLanguages,
  labelsFor,
  localisedRefusal,
  refusalOf,
} from "@turnleaf/editor/testing";
import { loadLabelScopes } from "@turnleaf/language/in-process";
import {
  refusalText,
  settingRuleLabelKeys,
  settingsSchema,
  settingTexts,
  settingTitleKeys,
} from "@turnleaf/resource-files";
import { settingsSource } from "@turnleaf/resource-files/catalogue";
import { describe, expect, it } from "vitest";

// The texts of a refused setting value: the language service's editor catalogues hold them in all twelve interface
// languages; the built-in Chinese and English (what the book service answers and the editor bundles) equal them.
const ruleKeys = ["settingRefused", ...Object.values(settingRuleLabelKeys)];
const editorCatalogue = (code: string) =>
  JSON.parse(
    readFileSync(new URL(`../../services/language/src/labels/editor/${code}.json`, import.meta.url), "utf8"),
  ) as Record<string, string>;

describe("refusal texts in every interface language", () => {
  it("the built-in zh and en texts are the language service's zh-CN and en catalogue entries", () => {
    for (const [lang, code] of [
      ["zh", "zh-CN"],
      ["en", "en"],
    ] as const) {
      const catalogue = editorCatalogue(code);
      const texts: Record<string, string> = settingTexts[lang];
      for (const key of ruleKeys) expect(texts[key], `${code} ${key}`).toBe(catalogue[key]);
    }
  });

  it("all twelve catalogues load (same keys and placeholders as English) and word every rule", () => {
    const catalogues = loadLabelScopes().get("editor");
    for (const { code } of interfaceLanguages) {
      const catalogue = catalogues?.get(code) ?? {};
      for (const key of ruleKeys) expect(catalogue[key], `${code} ${key}`).toMatch(/\S/);
    }
  });

  it("the editor's labels carry them, so a refusal reads in the interface language", () => {
    expect(settingsSchema(settingsSource).index.get("thumbnailAlpha")?.title.en).toBe("Thumbnail alpha");
    const refusal = {
      key: "thumbnailAlpha",
      rule: "integer" as const,
      params: { min: 0, max: 100 },
      title: { zh: "缩略图透明度", en: "Thumbnail alpha" },
      desc: { zh: "", en: "" },
      problem: "",
    };
    expect(refusalText(refusal, "zh", labelsFor("zh-CN"))).toBe("缩略图透明度：请输入 0 到 100 之间的整数");
    expect(refusalText(refusal, "en", labelsFor("de", editorCatalogue("de")))).toBe(
      "Thumbnail alpha: geben Sie eine ganze Zahl von 0 bis 100 ein",
    );
  });
});

describe("the language service's message catalogues (what the gateway renders a refusal from)", () => {
  const messages = (code: string) =>
    JSON.parse(
      readFileSync(new URL(`../../services/language/src/labels/messages/${code}.json`, import.meta.url), "utf8"),
    ) as Record<string, string>;

  it("hold every setting's catalogue title: Chinese and English as the settings catalogue words them", () => {
    const [zh, en] = [messages("zh-CN"), messages("en")];
    const titles = settingTitleKeys(settingsSource);
    expect(titles.length).toBeGreaterThan(100);
    for (const { key, title } of titles) {
      expect(zh[`settingTitle.${key}`], key).toBe(title.zh);
      expect(en[`settingTitle.${key}`], key).toBe(title.en);
    }
  });

  it("word each rule as '<title>: <rule>' with the editor's texts of the same language", () => {
    for (const { code } of interfaceLanguages) {
      const [texts, editor] = [messages(code), editorCatalogue(code)];
      for (const [rule, label] of Object.entries(settingRuleLabelKeys)) {
        const expected = (editor.settingRefused ?? "").replace("{rule}", editor[label] ?? "");
        expect(texts[`settingRule.${rule}`], `${code} ${rule}`).toBe(expected);
      }
    }
  });
});

describe("the editor checks a change with the same validator before sending it", () => {
  it("refuses invalid values with the catalogue text and lets valid ones through", () => {
    catalogueForChecks(settingsSource);
    expect(() => assertValidChange({ bgColor: "#123456", flippingTime: "0.5" }, "zh")).not.toThrow();
    let refused: unknown;
    try {
      assertValidChange({ backGroundImgURL: "javascript:alert(1)" }, "zh", labelsFor("zh-CN"));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe("背景图片：只能使用 http(s) 网址或本书自己的文件");
    expect(() => assertValidChange({ autoPlayLoopCount: 0 }, "en", labelsFor("en"))).toThrow(
      "Auto flip loop count: may not be 0",
    );
  });

  it("answers why a change of the document may not be made, looking only at its settings", () => {
    catalogueForChecks(settingsSource);
    expect(changeRefusal({ pageMode: "triple" }, "en", labelsFor("en"))).toBe(
      "Page mode: choose one of the options offered",
    );
    expect(changeRefusal({ "book:desc": "javascript: is a word here", bgColor: "#010203" }, "zh")).toBeUndefined();
    expect(changeRefusal({ "media:abc": { kind: "link" } }, "zh")).toBeUndefined();
  });

  it("words a server refusal the gateway could not word, from its data", () => {
    const data = {
      field: "pageMode",
      rule: "option",
      params: {},
      title: { zh: "页面模式", en: "Page mode" },
      desc: { zh: "", en: "" },
    };
    expect(refusalOf(data)).toMatchObject({ key: "pageMode", rule: "option" });
    // The gateway words it in the interface language; only its plain form (no language service) is worded here.
    const worded = new ApiError("ERROR", "Mode de page : choisissez l'une des options proposées", data);
    expect(localisedRefusal(worded, "en", labelsFor("fr", editorCatalogue("fr")))).toBe(worded);
    const plain = new ApiError("ERROR", "settingRule.option (title=@settingTitle.pageMode)", data);
    const shown = localisedRefusal(plain, "en", labelsFor("fr", editorCatalogue("fr")));
    expect((shown as Error).message).toBe("Page mode : choisissez l'une des options proposées");
    const other = new ApiError("ERROR", "book not found", { field: "bookId" });
    expect(localisedRefusal(other, "en")).toBe(other);
  });
});
