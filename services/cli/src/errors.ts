import { LicenceError } from "@turnleaf/licence-client";
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

/** A failure the user caused or can act on: its message is printed as is, without a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = exitCodes.invalidInput,
  ) {
    super(message);
    this.name = "CliError";
  }
}

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, exitCodes.usage);
    this.name = "UsageError";
  }
}

/** The exit status of a licence code (client codes as they are, server codes 401–407 as 41–47). */
export function licenceExitCode(code: number): number {
  return code >= 400 ? code - 360 : code;
}

/** The line printed for a failure and its exit status. */
export function describeFailure(error: unknown, t: Translate): { message: string; exitCode: number } {
  if (error instanceof LicenceError) {
    return { message: `error ${error.code}: ${error.message}`, exitCode: licenceExitCode(error.code) };
  }
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { message: t("unexpectedFailure", { message }), exitCode: exitCodes.internal };
}
