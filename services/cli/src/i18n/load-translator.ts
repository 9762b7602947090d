import { type Translate, translatorOf } from "./fill.js";
import type { CliLanguage } from "./languages.js";
import type { CliTexts } from "./texts/index.js";

/**
 * The catalogue of one language, imported alone: a command reads one of the twelve (texts/index.ts imports them
 * all, ~420 KB of module text to compile at every start).
 */
async function textsOf(language: CliLanguage): Promise<CliTexts> {
  switch (language) {
    case "zh-CN":
      return (await import("./texts/zh-CN.js")).zhCN;
    case "en":
      return (await import("./texts/en.js")).en;
    case "ja":
      return (await import("./texts/ja.js")).ja;
    case "hi":
      return (await import("./texts/hi.js")).hi;
    case "fr":
      return (await import("./texts/fr.js")).fr;
    case "ar":
      return (await import("./texts/ar.js")).ar;
    case "de":
      return (await import("./texts/de.js")).de;
    case "ko":
      return (await import("./texts/ko.js")).ko;
    case "pt":
      return (await import("./texts/pt.js")).pt;
    case "ro":
      return (await import("./texts/ro.js")).ro;
    case "es":
      return (await import("./texts/es.js")).es;
    case "th":
      return (await import("./texts/th.js")).th;
  }
}

/** The filler of `language`, its catalogue loaded on its own. */
export async function loadTranslator(language: CliLanguage): Promise<Translate> {
  return translatorOf(language, await textsOf(language));
}
