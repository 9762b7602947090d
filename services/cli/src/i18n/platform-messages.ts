/**
 * The platform's own message catalogue (services/language/src/labels/messages/<language>.json, the texts the
 * gateway words coded messages with). The conversion pipeline's failures and the settings validator's refusals are
 * coded messages; the tool words them in the user's language from that same catalogue, read from the checkout it
 * runs (the English catalogue when the language's is missing; the message's key and values when none is there).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { codedOfText, type MessageCatalogue, plainMessage, renderMessage } from "@turnleaf/kit/messages";
import type { CliLanguage } from "./languages.js";

const catalogues = new Map<CliLanguage, MessageCatalogue | null>();

function catalogue(language: CliLanguage): MessageCatalogue | null {
  let found = catalogues.get(language);
  if (found === undefined) {
    try {
      const root = dirname(createRequire(import.meta.url).resolve("@turnleaf/language/package.json"));
      const file = join(root, "src", "labels", "messages", `${language}.json`);
      found = JSON.parse(readFileSync(file, "utf8")) as MessageCatalogue;
    } catch {
      found = null;
    }
    catalogues.set(language, found);
  }
  return found;
}

/** A coded message text (or a plain text, shown as it is) in `language`. */
export function platformMessage(language: CliLanguage, text: string): string {
  const coded = codedOfText(text);
  if (!coded) return text;
  const messages = catalogue(language) ?? catalogue("en");
  return messages ? renderMessage(messages, coded, language) : plainMessage(coded);
}
