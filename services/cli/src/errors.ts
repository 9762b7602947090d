import { LicenceError } from "@turnleaf/licence-client";
import { render, type Text, text } from "./i18n/text.js";
import type { CliTextKey } from "./i18n/texts/index.js";
import type { Translate } from "./i18n/translate.js";

/**
 * Exit statuses. Licence failures exit with the spec 001 §8 client code itself (1–10, 101–108); the server's
 * codes 401–407 do not fit an exit status and exit as 41–47 (the code − 360). Everything else uses the
 * sysexits numbers.
 */
export const exitCodes = {
  ok: 0,
  usage: 64,
  invalidInput: 65,
  noInput: 66,
  unavailable: 69,
  internal: 70,
  cannotCreate: 73,
} as const;

/**
 * A failure the user caused or can act on: a text of the catalogue (shown in the user's language, without a
 * stack). Its `message` is the text's key, what `--json` and logs carry.
 */
export class CliError extends Error {
  constructor(
    readonly text: Text,
    readonly exitCode: number = exitCodes.invalidInput,
  ) {
    super(text.key);
    this.name = "CliError";
  }
}

export class UsageError extends CliError {
  constructor(message: Text) {
    super(message, exitCodes.usage);
    this.name = "UsageError";
  }
}

/** The exit status of a licence code (client codes as they are, server codes 401–407 as 41–47). */
export function licenceExitCode(code: number): number {
  return code >= 400 ? code - 360 : code;
}

/** The catalogue text of a spec 001 §8 licence code (9 and 10, the network ones, read 'Network Error!'). */
export function licenceCodeText(code: number): Text {
  const key = `licenceCode${code}` as CliTextKey;
  return text(key);
}

/** The line printed for a failure and its exit status. */
export function describeFailure(error: unknown, t: Translate): { message: string; exitCode: number } {
  if (error instanceof LicenceError) {
    return {
      message: t("licenceFailure", { code: error.code, text: render(t, licenceCodeText(error.code)) }),
      exitCode: licenceExitCode(error.code),
    };
  }
  if (error instanceof CliError) return { message: render(t, error.text), exitCode: error.exitCode };
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { message: t("unexpectedFailure", { message }), exitCode: exitCodes.internal };
}
