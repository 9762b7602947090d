import { formatMessage, type MessageValues } from "@turnleaf/resource-files/message-format";
import type { CliLanguage } from "./languages.js";
import type { CliTextKey, CliTexts } from "./texts/index.js";

/** A text of the tool's catalogue in one language, filled with ICU MessageFormat; `language` says which. */
export interface Translate {
  (key: CliTextKey, values?: MessageValues): string;
  readonly language: CliLanguage;
}

/** The filler of one language's catalogue (a leaf: it imports no catalogue itself). */
export function translatorOf(language: CliLanguage, texts: CliTexts): Translate {
  return Object.assign((key: CliTextKey, values?: MessageValues) => formatMessage(texts[key], values, language), {
    language,
  });
}
