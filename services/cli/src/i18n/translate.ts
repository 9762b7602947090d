import { formatMessage, type MessageValues } from "@turnleaf/resource-files/message-format";
import type { CliLanguage } from "./languages.js";
import { type CliTextKey, cliTexts } from "./texts/index.js";

/** A text of the tool's catalogue in one language, filled with ICU MessageFormat; `language` says which. */
export interface Translate {
  (key: CliTextKey, values?: MessageValues): string;
  readonly language: CliLanguage;
}

export function translator(language: CliLanguage): Translate {
  const texts = cliTexts[language];
  return Object.assign((key: CliTextKey, values?: MessageValues) => formatMessage(texts[key], values, language), {
    language,
  });
}
