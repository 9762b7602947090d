/**
 * Path validation of spec 001 §5: output and file paths must not be empty, must have a valid format, and no
 * name in them may contain / : * ? " < > | or the full-width exclamation mark; a PDF file name ends with .pdf,
 * other outputs need the suffix of their type.
 */
import { CliError } from "./errors.js";
import { text } from "./i18n/text.js";

/** What a path is, in the catalogue's words. */
export type PathKind = "pathFile" | "pathFolder" | "pathOutput" | "pathProject" | "pathCover" | "pathScript";

/** Characters no name may hold ("/" separates names, so a name can never contain it). */
const forbidden = /[:*?"<>|\uFF01]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
const controlCharacters = /[\u0000-\u001f\u007f]/;

/** Checks a path the user typed; answers it unchanged. `suffix` (".pdf", ".exe", …) is required when given. */
export function validatePath(path: string | undefined, kind: PathKind, suffix?: string): string {
  const what = text(kind);
  if (path === undefined || path.trim() === "") throw new CliError(text("pathEmpty", { what }));
  if (controlCharacters.test(path) || path !== path.trim()) throw new CliError(text("pathInvalid", { what }));
  const names = path.split("/").filter((name) => name !== "");
  if (names.length === 0) throw new CliError(text("pathInvalid", { what }));
  for (const name of names) {
    if (forbidden.test(name)) throw new CliError(text("pathForbidden", { what, name }));
  }
  if (suffix && !path.toLowerCase().endsWith(suffix.toLowerCase())) {
    throw new CliError(text("pathSuffix", { what, suffix }));
  }
  return path;
}
