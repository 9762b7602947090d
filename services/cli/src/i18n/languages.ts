/** The twelve interface languages (spec 001 §1), in the spec's order; Chinese is the default. */
export const cliLanguages = ["zh-CN", "en", "ja", "hi", "fr", "ar", "de", "ko", "pt", "ro", "es", "th"] as const;
export type CliLanguage = (typeof cliLanguages)[number];
export const defaultCliLanguage: CliLanguage = "zh-CN";

/** One of the twelve for a tag such as `en_GB.UTF-8`, `zh-Hans-CN` or `pt-BR`, or undefined when none fits. */
export function matchLanguage(tag: string | undefined): CliLanguage | undefined {
  if (!tag) return undefined;
  const clean = (tag.split(/[.@]/)[0] ?? "").replace(/_/g, "-").toLowerCase();
  if (clean === "" || clean === "c" || clean === "posix") return undefined;
  if (clean.startsWith("zh")) return "zh-CN";
  const primary = clean.split("-")[0];
  return cliLanguages.find((language) => language === primary);
}

/**
 * The interface language: `--lang` first, then $TURNLEAF_LANG, then the OS locale ($LC_ALL, $LC_MESSAGES, $LANG,
 * in POSIX order), else Chinese. A `--lang` that names none of the twelve is refused by the caller.
 */
export function chooseLanguage(flag: string | undefined, env: NodeJS.ProcessEnv): CliLanguage {
  for (const candidate of [flag, env.TURNLEAF_LANG, env.LC_ALL, env.LC_MESSAGES, env.LANG]) {
    const language = matchLanguage(candidate);
    if (language) return language;
  }
  return defaultCliLanguage;
}
