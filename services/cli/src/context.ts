import type { Translate } from "./i18n/fill.js";
import { type CliLanguage, chooseLanguage } from "./i18n/languages.js";
import { loadTranslator } from "./i18n/load-translator.js";
import { StateStore, stateDirectory } from "./state.js";

/** What every command works with: the user's state, the environment, the clock and the two output streams. */
export interface Context {
  state: StateStore;
  env: NodeJS.ProcessEnv;
  cwd: string;
  now(): Date;
  /** A line for the user on stdout (results). */
  print(line: string): void;
  /** A line for the user on stderr (progress, notes, warnings). */
  note(line: string): void;
  /** The interface language (`--lang`, $TURNLEAF_LANG, the OS locale, else Chinese) and its texts. */
  language: CliLanguage;
  t: Translate;
}

/** The value of `--lang X` or `--lang=X` anywhere on the command line. */
export function languageFlag(argv: readonly string[]): string | undefined {
  for (const [index, argument] of argv.entries()) {
    if (argument === "--lang") return argv[index + 1];
    if (argument.startsWith("--lang=")) return argument.slice("--lang=".length);
  }
  return undefined;
}

/** The context of this process; only the chosen language's catalogue is loaded. */
export async function processContext(argv: readonly string[]): Promise<Context> {
  const language = chooseLanguage(languageFlag(argv), process.env);
  return {
    state: new StateStore(stateDirectory(process.env)),
    env: process.env,
    cwd: process.cwd(),
    now: () => new Date(),
    print: (line) => process.stdout.write(`${line}\n`),
    note: (line) => process.stderr.write(`${line}\n`),
    language,
    t: await loadTranslator(language),
  };
}
