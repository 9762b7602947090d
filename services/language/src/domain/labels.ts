import { DomainError, message } from "@turnleaf/kit";
import { isMessageSyntax, messageArguments } from "@turnleaf/resource-files/message-format";
import { chineseCode } from "./book-languages.js";
import { interfaceLanguages } from "./interface-languages.js";

/** Label key to text; {name} marks a value the client fills in. */
export type LabelCatalogue = Record<string, string>;

/** One language's catalogues, per app: the reader's labels and the editor's own texts. */
export type LabelCatalogues = Map<string, LabelCatalogue>;

/**
 * Each app downloads only its own texts: the reader scope (also the default, as before scopes existed) and the
 * editor scope; the messages scope holds the services' coded messages. The files: ../data/label-files.ts.
 */
export const labelScopes = ["reader", "editor", "messages"] as const;
export type LabelScope = (typeof labelScopes)[number];

/** English is the reference every catalogue is checked against (the editor's English holds spec 000's texts). */
export const referenceCode = "en";

const rightToLeft = new Set(["ar"]);
const codes = interfaceLanguages.map((language) => String(language.code));

export interface ResolvedLanguage {
  code: string;
  /** The requested tag matched no interface language: Chinese is answered. */
  fallback: boolean;
}

/**
 * Which interface language answers a requested tag: an exact match in any letter case ("EN", "zh-cn"), then the
 * primary subtag ("en-US" → en, "pt-BR" → pt, "zh" or "zh-TW" → zh-CN), else Chinese with fallback set. An
 * empty request is Chinese, the default, and no fallback.
 */
export function resolveInterfaceLanguage(requested: string): ResolvedLanguage {
  const tag = requested.trim().replaceAll("_", "-").toLowerCase();
  if (tag === "") return { code: chineseCode, fallback: false };
  const exact = codes.find((code) => code.toLowerCase() === tag);
  if (exact) return { code: exact, fallback: false };
  const primary = tag.split("-")[0];
  const byPrimary = codes.find((code) => code.toLowerCase().split("-")[0] === primary);
  if (byPrimary) return { code: byPrimary, fallback: false };
  return { code: chineseCode, fallback: true };
}

export function directionOf(code: string): "ltr" | "rtl" {
  return rightToLeft.has(code) ? "rtl" : "ltr";
}

/** The arguments a text uses, as ICU MessageFormat reads it (a plural's `count` and those in its branches). */
function placeholders(text: string): string {
  return messageArguments(text).join(",");
}

/**
 * Checks one scope's catalogues against the English one: every language has every key, each a non-empty text
 * with the same placeholders, and no key English lacks. Answers the problems (empty when they hold).
 */
export function catalogueProblems(catalogues: LabelCatalogues): string[] {
  const reference = catalogues.get(referenceCode);
  if (!reference) return [`no ${referenceCode} catalogue`];
  const problems: string[] = [];
  for (const code of codes) {
    const catalogue = catalogues.get(code);
    if (!catalogue) {
      problems.push(`${code}: no catalogue`);
      continue;
    }
    for (const [key, text] of Object.entries(reference)) {
      const translated = catalogue[key];
      if (typeof translated !== "string" || translated.trim() === "") problems.push(`${code}: ${key} missing`);
      else if (!isMessageSyntax(translated)) problems.push(`${code}: ${key} is not valid ICU MessageFormat`);
      else if (placeholders(translated) !== placeholders(text)) problems.push(`${code}: ${key} placeholders differ`);
    }
    for (const key of Object.keys(catalogue)) {
      if (!(key in reference)) problems.push(`${code}: ${key} is not an ${referenceCode} key`);
    }
  }
  return problems;
}

/** The scope a request names; empty is the reader's (the catalogue served before scopes existed). */
export function scopeOf(requested: string): LabelScope {
  const scope = requested.trim().toLowerCase();
  if (scope === "") return "reader";
  const known = labelScopes.find((candidate) => candidate === scope);
  if (!known) {
    throw new DomainError(
      "INVALID_ARGUMENT",
      message("field.unknownValue", { field: "scope", value: requested.slice(0, 20) }),
      {
        details: { field: "scope" },
      },
    );
  }
  return known;
}

/** The answer to a label request: the resolved language's catalogue in the requested scope. */
export function labelsFor(
  scopes: Map<LabelScope, LabelCatalogues>,
  requested: string,
  requestedScope = "",
): { language: string; fallback: boolean; direction: "ltr" | "rtl"; scope: LabelScope; labels: LabelCatalogue } {
  if (requested.length > 64) {
    throw new DomainError("INVALID_ARGUMENT", message("textTooLong", { field: "lang", max: 64 }), {
      details: { field: "lang" },
    });
  }
  const scope = scopeOf(requestedScope);
  const { code, fallback } = resolveInterfaceLanguage(requested);
  const labels = scopes.get(scope)?.get(code);
  if (!labels) throw new Error(`no label catalogue for ${code}`);
  return { language: code, fallback, direction: directionOf(code), scope, labels };
}
