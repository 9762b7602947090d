import { DomainError, message, ref } from "@turnleaf/kit";
import { type Plan, type PlanWarning, planCap, unpaidWarning } from "./plans.js";
import { limitsForType, type PowerConfig, powerConfig, type QuotaName } from "./power-config.js";

export type LimitSource = "user" | "team" | "plan";

/** A quota's overrides that apply to an asker: their own, and (in a team) the team's. */
export interface ApplicableOverrides {
  user?: number | undefined;
  team?: number | undefined;
}

export interface LimitInForce {
  limit: number;
  source: LimitSource;
}

/**
 * The limit of a quota in force: a per-user override, else a per-team override, else the plan's — the power
 * config's limit of the user type, capped by the plan (VIP: 1,000 hosted books).
 */
export function limitInForce(input: {
  quota: QuotaName;
  userType: number;
  plan: Plan;
  overrides: ApplicableOverrides;
  config?: PowerConfig;
}): LimitInForce {
  if (input.overrides.user !== undefined) return { limit: input.overrides.user, source: "user" };
  if (input.overrides.team !== undefined) return { limit: input.overrides.team, source: "team" };
  const typeLimit = limitsForType(input.userType, input.config ?? powerConfig)[input.quota];
  const cap = planCap(input.plan, input.quota);
  return { limit: cap === undefined ? typeLimit : Math.min(typeLimit, cap), source: "plan" };
}

export const quotaNouns: Record<QuotaName, string> = { BOOK_FILE_NUM: "books", PUB_BOOK_NUM: "publications" };

export const refuseUpload = {
  freePlan: () =>
    new DomainError("PERMISSION_DENIED", message("freeUserUpload"), { details: { reason: "FREE_PLAN", plan: "free" } }),
  /** QUOTA_EXCEEDED travels to the REST client as BOOK_UPLOAD_OVER_LIMIT; details.quota names the limit alert. */
  overLimit: (quota: QuotaName, limit: number, used: number) =>
    new DomainError("QUOTA_EXCEEDED", message("quotaReached", { quota, limit, items: ref(`quotaItems.${quota}`) }), {
      details: { quota, limit, used },
    }),
};

export interface UploadDecision extends LimitInForce {
  quota: QuotaName;
  used: number;
  warning: PlanWarning | undefined;
}

/**
 * May the asker upload? Free plans never; a new book needs a free slot of its quota (an existing book's
 * overwrite or reconversion takes none); an unpaid plan (zero points, expired VIP) may, with the warning that
 * the book will be paused after 24 hours.
 */
export function decideUpload(input: {
  plan: Plan;
  quota: QuotaName;
  userType: number;
  overrides: ApplicableOverrides;
  used: number;
  existingBook: boolean;
  now: Date;
  config?: PowerConfig;
}): UploadDecision {
  if (input.plan.kind === "free") throw refuseUpload.freePlan();
  const inForce = limitInForce(input);
  if (!input.existingBook && input.used >= inForce.limit) {
    throw refuseUpload.overLimit(input.quota, inForce.limit, input.used);
  }
  return { ...inForce, quota: input.quota, used: input.used, warning: unpaidWarning(input.plan, input.now) };
}

/** The lowest slot below the limit nobody holds; undefined when all are taken (slots may exceed a lowered limit). */
export function freeSlot(limit: number, taken: readonly number[]): number | undefined {
  const held = new Set(taken);
  for (let slot = 0; slot < limit; slot += 1) if (!held.has(slot)) return slot;
  return undefined;
}
