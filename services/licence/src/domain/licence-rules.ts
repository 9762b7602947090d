import { createHmac } from "node:crypto";
import type { LicenceAnswer, LicenceState } from "@turnleaf/licence-client";
import { type ActivationSummary, refuse } from "./refusals.js";

/** A licence as the rules see it (the stored document's fields that matter). */
export interface LicenceFacts {
  id: string;
  plan: string;
  expiresAt: Date | null;
  maxActivations: number;
  status: "active" | "revoked";
}

export interface ActivationFacts {
  id: string;
  slot: number;
  terminalComponents: string[];
  terminalLabel: string;
  channel: "online" | "offline";
  activatedAt: Date;
  lastSeenAt: Date;
}

/** The state at `now`: revocation wins over expiry; expiry is derived, never stored. */
export function licenceStateAt(licence: LicenceFacts, now: Date): LicenceState {
  if (licence.status === "revoked") return "revoked";
  if (licence.expiresAt !== null && now.getTime() >= licence.expiresAt.getTime()) return "expired";
  return "active";
}

/**
 * The ordered rule chain a registration passes before any slot is taken: revoked (403, not retryable), then
 * expired (407), then bound to another account (406). The first rule that fails answers.
 */
export function checkRegistrable(
  licence: LicenceFacts,
  owner: { boundAccountId: string | undefined; callerAccountId: string },
  now: Date,
): void {
  const state = licenceStateAt(licence, now);
  if (state === "revoked") throw refuse.revoked();
  if (state === "expired" && licence.expiresAt) throw refuse.expired(licence.expiresAt);
  // A code bound to an account activates only with that account's session: knowing the code is not enough.
  const { boundAccountId, callerAccountId } = owner;
  if (boundAccountId && boundAccountId !== callerAccountId) throw refuse.alreadyUsed();
}

/** The lowest slot no activation holds, or undefined when all `maxActivations` are taken. */
export function freeSlot(
  maxActivations: number,
  activations: readonly Pick<ActivationFacts, "slot">[],
): number | undefined {
  const taken = new Set(activations.map((activation) => activation.slot));
  for (let slot = 0; slot < maxActivations; slot += 1) if (!taken.has(slot)) return slot;
  return undefined;
}

/** The licence code as stored: HMAC-SHA256 with the server's pepper, so a database leak reveals no code. */
export function licenceCodeHash(canonicalCode: string, pepper: string): string {
  return createHmac("sha256", pepper).update(canonicalCode).digest("hex");
}

/** The last group of a code, for people to tell codes apart in lists. */
export function licenceCodeHint(canonicalCode: string): string {
  return canonicalCode.slice(canonicalCode.lastIndexOf("-") + 1);
}

export function activationSummary(activation: ActivationFacts): ActivationSummary {
  return {
    activationId: activation.id,
    terminalLabel: activation.terminalLabel,
    terminalHint: activation.terminalComponents[0] ?? "",
    channel: activation.channel,
    activatedAt: activation.activatedAt.toISOString(),
    lastSeenAt: activation.lastSeenAt.toISOString(),
  };
}

const dayMs = 24 * 60 * 60 * 1000;

/** The answer the service signs: what the licence grants this terminal now, bound to its request's nonce. */
export function licenceAnswerFor(input: {
  licence: LicenceFacts;
  activation: ActivationFacts | undefined;
  terminalCode: string;
  nonce: string;
  channel: "online" | "offline";
  now: Date;
  answerTtlDays: number;
}): LicenceAnswer {
  const { licence, activation, now } = input;
  return {
    serverTime: now.toISOString(),
    nonce: input.nonce,
    terminalCode: input.terminalCode,
    channel: input.channel,
    validUntil: new Date(now.getTime() + input.answerTtlDays * dayMs).toISOString(),
    licence: {
      id: licence.id,
      plan: licence.plan,
      edition: "registered",
      expiresAt: licence.expiresAt?.toISOString() ?? null,
      state: licenceStateAt(licence, now),
      maxActivations: licence.maxActivations,
    },
    activation: activation ? { id: activation.id, activatedAt: activation.activatedAt.toISOString() } : null,
  };
}

const planPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** An operator's issue order, checked: plan name, 1–1000 activations, an expiry in the future or none. */
export function checkIssueOrder(
  order: { plan: string; maxActivations: number; expiresAt: Date | null },
  now: Date,
): void {
  if (!planPattern.test(order.plan)) throw refuse.parameter("plan", "must be 1-64 letters, digits, '-' or '_'");
  if (!Number.isInteger(order.maxActivations) || order.maxActivations < 1 || order.maxActivations > 1000) {
    throw refuse.parameter("maxActivations", "must be between 1 and 1000");
  }
  if (order.expiresAt && order.expiresAt.getTime() <= now.getTime()) {
    throw refuse.parameter("expiresAt", "must be in the future");
  }
}

/**
 * Who may release an activation: the terminal holding it, or, for a licence bound to an account, that account; a
 * licence bound to no account is its code holder's (the 404 list lets them free a machine).
 */
export function checkReleasable(
  target: { ownTerminal: boolean },
  owner: { boundAccountId: string | undefined; callerAccountId: string },
): void {
  if (target.ownTerminal) return;
  if (owner.boundAccountId && owner.boundAccountId !== owner.callerAccountId) throw refuse.notYourActivation();
}
