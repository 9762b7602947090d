import { message, messageText } from "@turnleaf/kit";
import type { QuotaName } from "./power-config.js";

/**
 * Plans are the commercial entitlements of an account (spec 001 §6, §9): free (cannot upload), points (a balance;
 * hosting one book costs 1 point per month; 5 free points for new users), VIP monthly (US$9.99) or annual
 * (US$99.00) with an expiry, up to 1,000 hosted books. Unpaid uploads (no points, expired VIP) are allowed after
 * a warning and paused 24 hours later.
 */
export type PlanKind = "free" | "points" | "vip-monthly" | "vip-annual";

export interface Plan {
  kind: PlanKind;
  /** The points balance (points plans; may go below zero when hosting is charged on an empty balance). */
  points: number;
  /** When a VIP plan ends; null for other plans. */
  vipExpiresAt: Date | null;
}

export const planRules = {
  newUserPoints: 5,
  pointsPerHostedBookMonth: 1,
  vipMaxHostedBooks: 1000,
  unpaidPauseAfterMs: 24 * 60 * 60 * 1000,
} as const;

/** What a user account without a plan record gets at its first upload: 5 free points. */
export function newUserPlan(): Plan {
  return { kind: "points", points: planRules.newUserPoints, vipExpiresAt: null };
}

/** What a team account without a plan record is: free (a team buys its plan). */
export const teamWithoutPlan: Plan = { kind: "free", points: 0, vipExpiresAt: null };

export function isVip(kind: PlanKind): boolean {
  return kind === "vip-monthly" || kind === "vip-annual";
}

/** The plan's cap on a quota (VIP: 1,000 hosted books); undefined: the power config's limit stands. */
export function planCap(plan: Plan, _quota: QuotaName): number | undefined {
  return isVip(plan.kind) ? planRules.vipMaxHostedBooks : undefined;
}

export const planMessages = {
  free: "free users cannot use upload",
  pausedAfter24Hours: "the book will be paused after 24 hours",
} as const;

export interface PlanWarning {
  code: "POINTS_EXHAUSTED" | "VIP_EXPIRED";
  /** A coded message (kit messageText): the gateway shows it in the interface language. */
  message: string;
  /** When the book would be paused if uploaded at the time asked. */
  pauseAt: Date;
}

/** The prompt for an unpaid upload (zero points, expired VIP); undefined when the plan pays for it. */
export function unpaidWarning(plan: Plan, now: Date): PlanWarning | undefined {
  const pauseAt = new Date(now.getTime() + planRules.unpaidPauseAfterMs);
  const when = pauseAt.toISOString();
  if (plan.kind === "points" && plan.points <= 0) {
    return {
      code: "POINTS_EXHAUSTED",
      // 'no points left: the book will be paused after 24 hours if uploaded (at …) unless you buy points or VIP'
      message: messageText(message("pointsExhausted", { time: when })),
      pauseAt,
    };
  }
  if (isVip(plan.kind) && (plan.vipExpiresAt === null || plan.vipExpiresAt.getTime() <= now.getTime())) {
    return {
      code: "VIP_EXPIRED",
      // 'your VIP plan has expired: the book will be paused after 24 hours if uploaded (at …) unless you renew it'
      message: messageText(message("vipExpired", { time: when })),
      pauseAt,
    };
  }
  return undefined;
}
