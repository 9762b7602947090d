import type { BookLanguage } from "../book.js";

/** The language switcher: the book's languages; choosing one reloads the interface labels (and `?lang=`). */
export function LanguageSwitcher({
  languages,
  current,
  label,
  onChange,
}: {
  languages: BookLanguage[];
  current: string;
  label: string;
  onChange(code: string): void;
}) {
  const value = languages.find((language) => sameLanguage(language.code, current))?.code ?? languages[0]?.code ?? "";
  return (
    <label className="tl-language" data-button="language">
      <span className="tl-visually-hidden">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} aria-label={label}>
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name || language.code}
          </option>
        ))}
      </select>
    </label>
  );
}

/** zh and zh-CN are the same interface language; so are en and en-GB. */
export const sameLanguage = (a: string, b: string) =>
  a.toLowerCase() === b.toLowerCase() || a.toLowerCase().split("-")[0] === b.toLowerCase().split("-")[0];
