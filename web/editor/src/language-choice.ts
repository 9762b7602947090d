import { interfaceLanguages } from "./languages.js";

/** One language of a book as get-book-language answers it. */
export interface BookLanguage {
  code: string;
  name: string;
  checked: boolean;
  isDefault: boolean;
}

/** What the panel edits, keyed by code so a re-apply after SAVE_CONFLICT merges language by language. */
export interface LanguageChoice {
  defaultCode: string;
  checked: Record<string, boolean>;
}

export function choiceOf(languages: BookLanguage[]): LanguageChoice {
  const stored = new Map(languages.map((language) => [language.code, language.checked]));
  return {
    defaultCode: languages.find((language) => language.isDefault)?.code ?? "zh-CN",
    checked: Object.fromEntries(interfaceLanguages.map(({ code }) => [code, stored.get(code) ?? false])),
  };
}

/** The list save-book-language takes: the default first, the other checked ones, then the unchecked ones. */
export function languagesOf(choice: LanguageChoice) {
  const checked: string[] = interfaceLanguages.map(({ code }) => code).filter((code) => choice.checked[code]);
  const first = checked.includes(choice.defaultCode) ? [choice.defaultCode] : [];
  const ordered = [...first, ...checked.filter((code) => code !== choice.defaultCode)];
  return [
    ...ordered.map((code) => ({ code, checked: true })),
    ...interfaceLanguages
      .filter((language) => !choice.checked[language.code])
      .map((language) => ({ code: language.code, checked: false })),
  ].map((entry) => ({
    ...entry,
    name: interfaceLanguages.find((language) => language.code === entry.code)?.name ?? "",
  }));
}
