import { DomainError, message } from "@turnleaf/kit";
import { serverCodes } from "@turnleaf/licence-client";

/**
 * The licence service's refusals: each a DomainError whose REST code is a server code of spec 001 §8, so the
 * gateway's envelope carries it unchanged. `retryable` in the details tells the desktop tool whether trying
 * the same request again can succeed (405) or not (403).
 */
export const refuse = {
  emptyCode: () =>
    new DomainError("INVALID_ARGUMENT", message("licence.enterValidCode"), {
      restCode: String(serverCodes.parameterError),
    }),
  /** `problem` is for the tool's developer (details), the user reads "parameter error: field". */
  parameter: (field: string, problem: string) =>
    new DomainError("INVALID_ARGUMENT", message("licence.parameterError", { field }), {
      restCode: String(serverCodes.parameterError),
      details: { field, problem },
    }),
  /** One answer for unknown and malformed codes: nothing tells a guesser which codes exist. */
  licenceCode: () =>
    new DomainError("NOT_FOUND", message("licence.codeError"), { restCode: String(serverCodes.licenceCodeError) }),
  tooManyGuesses: (retryAfterSeconds: number) =>
    new DomainError("RATE_LIMITED", message("licence.tooManyGuesses"), {
      restCode: String(serverCodes.licenceCodeError),
      details: { retryAfterSeconds },
    }),
  revoked: () =>
    new DomainError("FAILED_PRECONDITION", message("licence.revoked"), {
      restCode: String(serverCodes.registerFailed),
      details: { retryable: false, state: "revoked" },
    }),
  contended: () =>
    new DomainError("UNAVAILABLE", message("licence.busy"), {
      restCode: String(serverCodes.registerFailedRetryable),
      details: { retryable: true },
    }),
  limitReached: (maxActivations: number, activations: ActivationSummary[]) =>
    new DomainError("FAILED_PRECONDITION", message("licence.activationLimit", { max: maxActivations }), {
      restCode: String(serverCodes.activationLimitReached),
      details: { maxActivations, activations },
    }),
  alreadyUsed: () =>
    new DomainError("PERMISSION_DENIED", message("licence.alreadyUsed"), {
      restCode: String(serverCodes.alreadyUsed),
    }),
  notYourActivation: () =>
    new DomainError("PERMISSION_DENIED", message("licence.alreadyUsed"), {
      restCode: String(serverCodes.alreadyUsed),
      details: { reason: "another terminal's activation: only that terminal or the licence's account may release it" },
    }),
  expired: (expiresAt: Date) =>
    new DomainError("FAILED_PRECONDITION", message("licence.expired"), {
      restCode: String(serverCodes.licenceExpired),
      details: { expiresAt: expiresAt.toISOString() },
    }),
};

/** What a 404 lists so the user can free an activation: enough to recognise a machine, nothing to identify it. */
export interface ActivationSummary {
  activationId: string;
  terminalLabel: string;
  terminalHint: string;
  channel: "online" | "offline";
  activatedAt: string;
  lastSeenAt: string;
}
