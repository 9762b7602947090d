/**
 * The twelve interface languages of spec 001 §1 in the spec's order, Chinese the default. The codes are the
 * language service's (GET /api/language/labels?lang=<code>); the native names label the switcher.
 */
export const interfaceLanguages = [
  { code: "zh-CN", name: "中文" },
  { code: "en", name: "English" },
  { code: "ja", name: "日本語" },
  { code: "hi", name: "हिन्दी" },
  { code: "fr", name: "Français" },
  { code: "ar", name: "العربية" },
  { code: "de", name: "Deutsch" },
  { code: "ko", name: "한국어" },
  { code: "pt", name: "Português" },
  { code: "ro", name: "Română" },
  { code: "es", name: "Español" },
  { code: "th", name: "ไทย" },
] as const;

export type InterfaceLanguage = (typeof interfaceLanguages)[number]["code"];

export const defaultLanguage: InterfaceLanguage = "zh-CN";

/** The interface language a ?lang= value names: exact code, then its primary subtag; anything else Chinese. */
export function languageOf(value: string | null | undefined): InterfaceLanguage {
  const tag = (value ?? "").trim().replace(/_/g, "-").toLowerCase();
  if (!tag) return defaultLanguage;
  const exact = interfaceLanguages.find((language) => language.code.toLowerCase() === tag);
  if (exact) return exact.code;
  const primary = tag.split("-")[0];
  if (primary === "zh") return "zh-CN";
  return interfaceLanguages.find((language) => language.code === primary)?.code ?? defaultLanguage;
}
