import { messageArguments } from "@turnleaf/resource-files/message-format";
import { describe, expect, it } from "vitest";
import { chooseLanguage, cliLanguages, matchLanguage } from "./languages.js";
import { loadTranslator } from "./load-translator.js";
import { cliTexts } from "./texts/index.js";
import { translator } from "./translate.js";

describe("the tool's interface language", () => {
  it("is Chinese when nothing names another", () => {
    expect(chooseLanguage(undefined, {})).toBe("zh-CN");
    expect(chooseLanguage(undefined, { LANG: "C.UTF-8" })).toBe("zh-CN");
  });

  it("takes --lang over the environment and the environment in POSIX order", () => {
    expect(chooseLanguage("en", { LANG: "de_DE.UTF-8" })).toBe("en");
    expect(chooseLanguage(undefined, { LC_ALL: "fr_FR.UTF-8", LANG: "de_DE.UTF-8" })).toBe("fr");
    expect(chooseLanguage(undefined, { TURNLEAF_LANG: "ja", LANG: "de_DE.UTF-8" })).toBe("ja");
    expect(matchLanguage("zh_TW.UTF-8")).toBe("zh-CN");
    expect(matchLanguage("pt-BR")).toBe("pt");
    expect(matchLanguage("sv_SE")).toBeUndefined();
  });

  it("has every text in all twelve languages, each filling the same parameters", () => {
    const keys = Object.keys(cliTexts["zh-CN"]).sort();
    for (const language of cliLanguages) {
      expect(Object.keys(cliTexts[language]).sort(), language).toEqual(keys);
      for (const key of keys as (keyof (typeof cliTexts)["zh-CN"])[]) {
        const text = cliTexts[language][key];
        expect(text.trim(), `${language}.${key}`).not.toBe("");
        expect(messageArguments(text).sort(), `${language}.${key}`).toEqual(
          messageArguments(cliTexts["zh-CN"][key]).sort(),
        );
      }
    }
    expect(translator("en")("unknownCommand", { name: "fly" })).toBe("unknown command: fly");
    expect(translator("zh-CN")("unknownCommand", { name: "fly" })).toBe("未知命令：fly");
  });

  it("loads each language's catalogue alone (what the tool does) with the texts of that language", async () => {
    const keys = Object.keys(cliTexts["zh-CN"]) as (keyof (typeof cliTexts)["zh-CN"])[];
    for (const language of cliLanguages) {
      const alone = await loadTranslator(language);
      expect(alone.language).toBe(language);
      for (const key of keys) expect(alone(key), `${language} ${key}`).toBe(translator(language)(key));
    }
  });
});
