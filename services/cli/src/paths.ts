/**
 * Path validation of spec 001 §5: output and file paths must not be empty, must have a valid format, and no
 * name in them may contain / : * ? " < > | or the full-width exclamation mark; a PDF file name ends with .pdf,
 * other outputs need the suffix of their type.
 */
import { CliError } from "./errors.js";

export const pathMessages = {
  empty: (what: string) => `${what} must not be empty`,
  invalidFormat: (what: string) => `${what}: invalid path format`,
  forbiddenCharacters: (what: string, name: string) =>
    `${what}: the name "${name}" must not contain / : * ? " < > | or ！`,
  suffix: (what: string, suffix: string) => `${what}: the file name must end with ${suffix}`,
} as const;

/** Characters no name may hold ("/" separates names, so a name can never contain it). */
const forbidden = /[:*?"<>|\uFF01]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
const controlCharacters = /[\u0000-\u001f\u007f]/;

/** Checks a path the user typed; answers it unchanged. `suffix` (".pdf", ".exe", …) is required when given. */
export function validatePath(path: string | undefined, what: string, suffix?: string): string {
  if (path === undefined || path.trim() === "") throw new CliError(pathMessages.empty(what));
  if (controlCharacters.test(path) || path !== path.trim()) throw new CliError(pathMessages.invalidFormat(what));
  const names = path.split("/").filter((name) => name !== "");
  if (names.length === 0) throw new CliError(pathMessages.invalidFormat(what));
  for (const name of names) {
    if (forbidden.test(name)) throw new CliError(pathMessages.forbiddenCharacters(what, name));
  }
  if (suffix && !path.toLowerCase().endsWith(suffix.toLowerCase())) {
    throw new CliError(pathMessages.suffix(what, suffix));
  }
  return path;
}
