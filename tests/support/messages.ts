import { readFileSync } from "node:fs";
import { type MessageParams, message, renderMessage } from "@turnleaf/kit";

const catalogues = new Map<string, Record<string, string>>();

/** A language's messages catalogue as the language service serves it (services/language/src/labels/messages/). */
export function messageCatalogue(code: string): Record<string, string> {
  let catalogue = catalogues.get(code);
  if (!catalogue) {
    const file = new URL(`../../services/language/src/labels/messages/${code}.json`, import.meta.url);
    catalogue = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    catalogues.set(code, catalogue);
  }
  return catalogue;
}

/** What the owner reads by default for a coded message: its Chinese text. */
export function zhMessage(key: string, params: MessageParams = {}): string {
  return renderMessage(messageCatalogue("zh-CN"), message(key, params));
}

/** The text of a coded message in another interface language. */
export function messageIn(code: string, key: string, params: MessageParams = {}): string {
  return renderMessage(messageCatalogue(code), message(key, params));
}
