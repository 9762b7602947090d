import { DomainError } from "@turnleaf/kit";
import { enterValidCodeMessage, serverCodes } from "@turnleaf/licence-client";

/**
 * The licence service's refusals: each a DomainError whose REST code is a server code of spec 001 §8, so the
 * gateway's envelope carries it unchanged. `retryable` in the details tells the desktop tool whether trying
 * the same request again can succeed (405) or not (403).
 */
export const refuse = {
  emptyCode: () =>
    new DomainError("INVALID_ARGUMENT", enterValidCodeMessage, { restCode: String(serverCodes.parameterError) }),
  parameter: (field: string, problem: string) =>
    new DomainError("INVALID_ARGUMENT", `parameter error: ${field} ${problem}`, {
      restCode: String(serverCodes.parameterError),
      details: { field },
    }),
  /** One answer for unknown and malformed codes: nothing tells a guesser which codes exist. */
  licenceCode: () =>
    new DomainError("NOT_FOUND", "licence code error", { restCode: String(serverCodes.licenceCodeError) }),
  tooManyGuesses: (retryAfterSeconds: number) =>
    new DomainError("RATE_LIMITED", "licence code error: too many attempts, try again later", {
      restCode: String(serverCodes.licenceCodeError),
      details: { retryAfterSeconds },
    }),
  revoked: () =>
    new DomainError("FAILED_PRECONDITION", "register failed: the licence code has been revoked", {
      restCode: String(serverCodes.registerFailed),
      details: { retryable: false, state: "revoked" },
    }),
  contended: () =>
    new DomainError("UNAVAILABLE", "register failed: the licence is busy, try again", {
      restCode: String(serverCodes.registerFailedRetryable),
      details: { retryable: true },
    }),
  limitReached: (maxActivations: number, activations: ActivationSummary[]) =>
    new DomainError("FAILED_PRECONDITION", "activation limit reached", {
      restCode: String(serverCodes.activationLimitReached),
      details: { maxActivations, activations },
    }),
  alreadyUsed: () =>
    new DomainError("PERMISSION_DENIED", "licence code already used by another account", {
      restCode: String(serverCodes.alreadyUsed),
    }),
  notYourActivation: () =>
    new DomainError("PERMISSION_DENIED", "licence code already used by another account", {
      restCode: String(serverCodes.alreadyUsed),
      details: { reason: "another terminal's activation: only that terminal or the licence's account may release it" },
    }),
  expired: (expiresAt: Date) =>
    new DomainError("FAILED_PRECONDITION", "licence code expired", {
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
