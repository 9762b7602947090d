import { type Translate, translatorOf } from "./fill.js";
import type { CliLanguage } from "./languages.js";
import { cliTexts } from "./texts/index.js";

export type { Translate };

/**
 * A language's filler from the twelve catalogues loaded together (tests, in-process use). The command-line tool
 * loads only the language it speaks (load-translator.ts).
 */
export function translator(language: CliLanguage): Translate {
  return translatorOf(language, cliTexts[language]);
}
