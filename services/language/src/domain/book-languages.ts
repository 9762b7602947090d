import { type CodedMessage, DomainError, message } from "@turnleaf/kit";
import { interfaceLanguages } from "./interface-languages.js";

/** One language of a book (spec 000 "Language config"). */
export interface BookLanguage {
  code: string;
  name: string;
  checked: boolean;
  isDefault: boolean;
}

/** A language as a client asks to save it: isDefault is derived, never taken. */
export interface BookLanguageInput {
  code: string;
  name?: string | undefined;
  /** Unset: checked. */
  checked?: boolean | undefined;
}

/** Chinese: the default interface language, which every book keeps. */
export const chineseCode = "zh-CN";
export const nameMaxLength = 40;

const codeByLowerCase = new Map(interfaceLanguages.map((language) => [String(language.code).toLowerCase(), language]));

/** The interface language code for a code in any letter case, or undefined for anything else. */
export function canonicalCode(code: string): string | undefined {
  const language = codeByLowerCase.get(code.trim().toLowerCase());
  return language?.code;
}

function nativeName(code: string): string {
  return String(codeByLowerCase.get(code.toLowerCase())?.nativeName ?? code);
}

function invalid(text: CodedMessage, details: Record<string, unknown> = {}): DomainError {
  return new DomainError("INVALID_ARGUMENT", text, { details: { field: "languages", ...details } });
}

/** The rule: the first checked language is the default, and no other is. */
export function withDefault(languages: Omit<BookLanguage, "isDefault">[]): BookLanguage[] {
  const first = languages.findIndex((language) => language.checked);
  return languages.map((language, index) => ({ ...language, isDefault: index === first }));
}

/** What a book has before it saves any languages, and after a reset: Chinese, checked and default. */
export function defaultBookLanguages(): BookLanguage[] {
  return withDefault([{ code: chineseCode, name: nativeName(chineseCode), checked: true }]);
}

/**
 * Validates and normalises the languages a client saves: codes from the 12 interface languages (any letter
 * case), each once, names trimmed (the native name when empty), at least one checked. Chinese is kept: a list
 * without it gets it appended unchecked. The first checked language becomes the default.
 */
export function normaliseBookLanguages(inputs: BookLanguageInput[]): BookLanguage[] {
  if (inputs.length === 0) throw invalid(message("language.chooseOne"));
  if (inputs.length > interfaceLanguages.length) {
    throw invalid(message("language.tooMany", { max: interfaceLanguages.length }));
  }
  const seen = new Set<string>();
  const languages = inputs.map((input) => {
    if (input.code.trim() === "") throw invalid(message("language.codeMissing"));
    const code = canonicalCode(input.code);
    if (!code)
      throw invalid(message("language.unknownCode", { code: input.code.slice(0, 20) }), {
        code: input.code.slice(0, 20),
      });
    if (seen.has(code)) throw invalid(message("language.twice", { code }), { code });
    seen.add(code);
    const name = (input.name ?? "").trim();
    if (name.length > nameMaxLength) {
      throw invalid(message("language.nameTooLong", { max: nameMaxLength, code }), { code });
    }
    return { code, name: name || nativeName(code), checked: input.checked ?? true };
  });
  if (!languages.some((language) => language.checked)) throw invalid(message("language.selectOne"));
  if (!seen.has(chineseCode)) languages.push({ code: chineseCode, name: nativeName(chineseCode), checked: false });
  return withDefault(languages);
}

/**
 * Removes a language. Chinese stays (every book has it); a code the book lacks changes nothing. When no checked
 * language remains, Chinese is checked again; the first checked one is the default.
 */
export function deleteBookLanguage(current: BookLanguage[], code: string): BookLanguage[] {
  const canonical = canonicalCode(code);
  if (!canonical)
    throw invalid(message("language.unknownCode", { code: code.slice(0, 20) }), {
      field: "code",
      code: code.slice(0, 20),
    });
  if (canonical === chineseCode) {
    throw new DomainError("FAILED_PRECONDITION", message("language.chineseStays"), {
      details: { field: "code", code: canonical },
    });
  }
  const remaining = current.filter((language) => language.code !== canonical);
  const anyChecked = remaining.some((language) => language.checked);
  return withDefault(
    remaining.map(({ code: languageCode, name, checked }) => ({
      code: languageCode,
      name,
      checked: checked || (!anyChecked && languageCode === chineseCode),
    })),
  );
}

/** A stored list read back: the rules applied again, so a list saved under older rules still holds them. */
export function storedBookLanguages(stored: BookLanguage[] | undefined): BookLanguage[] {
  if (!stored || stored.length === 0) return defaultBookLanguages();
  try {
    return normaliseBookLanguages(stored);
  } catch {
    return defaultBookLanguages();
  }
}
