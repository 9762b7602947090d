import { isVip, type Plan, planRules } from "./plans.js";

/**
 * The hosting sweep's planner (spec 001 §6, §9): hosting a book costs 1 point per month (a month is 30 days here,
 * so every charge covers the same time); a VIP plan covers every book until it ends; a book nothing pays for is
 * unpaid, and 24 hours after it became unpaid it is suspended (the book service disables it) until paid again.
 */
export const hostingMonthMs = 30 * 24 * 60 * 60 * 1000;

/** A hosted book's slot as the sweep reads it. */
export interface HostedSlot {
  id: string;
  slot: number;
  /** The book the slot's upload created; empty until the upload completed. */
  bookId: string;
  userId: string;
  reservedAt: Date;
  /** Hosting is paid up to here; null when never paid. */
  paidUntil: Date | null;
  /** When the book is suspended unless paid before; null while paid. */
  pauseAt: Date | null;
  suspended: boolean;
}

export interface SlotChange {
  id: string;
  paidUntil: Date | null;
  pauseAt: Date | null;
  suspended: boolean;
}

export interface HostingChange {
  slotId: string;
  bookId: string;
  userId: string;
  suspended: boolean;
  reason: string;
  /** What the change is about: the pause time of a suspension, the new paid-until time of a resumption (ms). */
  at: number;
}

export interface HostingPlan {
  /** The points balance after this sweep's charges (unchanged unless `charged` > 0). */
  points: number;
  charged: number;
  changes: SlotChange[];
  events: HostingChange[];
}

function unpaidReason(plan: Plan): string {
  if (plan.kind === "points") return "points exhausted";
  if (isVip(plan.kind)) return "VIP expired";
  return "free plan";
}

/**
 * What one sweep does to an account's hosted books at `now`: charges a point for every book whose paid month is
 * over (lowest slots first, while points last), extends every book to a running VIP plan's end, marks the rest
 * unpaid (suspend 24 hours after the time they became due), and suspends or resumes books whose state crossed.
 * Books without a book id yet are charged but neither suspended nor announced.
 */
export function planHosting(plan: Plan, slots: readonly HostedSlot[], now: Date): HostingPlan {
  let points = plan.points;
  let charged = 0;
  const changes: SlotChange[] = [];
  const events: HostingChange[] = [];
  const vipRunning = isVip(plan.kind) && plan.vipExpiresAt !== null && plan.vipExpiresAt > now;
  for (const slot of [...slots].sort((a, b) => a.slot - b.slot)) {
    let paidUntil = slot.paidUntil;
    if (vipRunning && plan.vipExpiresAt && (paidUntil === null || paidUntil < plan.vipExpiresAt)) {
      paidUntil = plan.vipExpiresAt;
    }
    const due = paidUntil === null || paidUntil <= now;
    if (due && plan.kind === "points" && points >= planRules.pointsPerHostedBookMonth) {
      points -= planRules.pointsPerHostedBookMonth;
      charged += planRules.pointsPerHostedBookMonth;
      // A book paid again after it was unpaid starts a fresh month now rather than paying for the time it was not.
      const lapsed = slot.pauseAt !== null || slot.suspended;
      const next = (lapsed ? now : (paidUntil ?? slot.reservedAt)).getTime() + hostingMonthMs;
      paidUntil = new Date(next > now.getTime() ? next : now.getTime() + hostingMonthMs);
    }
    const paid = paidUntil !== null && paidUntil > now;
    let pauseAt: Date | null = null;
    let suspended = slot.suspended;
    if (paid) {
      suspended = false;
    } else {
      const dueSince = paidUntil ?? slot.reservedAt;
      pauseAt = slot.pauseAt ?? new Date(dueSince.getTime() + planRules.unpaidPauseAfterMs);
      if (slot.bookId !== "" && pauseAt <= now) suspended = true;
    }
    if (slot.bookId === "") suspended = false;
    if (suspended !== slot.suspended && slot.bookId !== "") {
      events.push({
        slotId: slot.id,
        bookId: slot.bookId,
        userId: slot.userId,
        suspended,
        reason: suspended ? unpaidReason(plan) : "paid",
        at: (suspended ? pauseAt : paidUntil)?.getTime() ?? 0,
      });
    }
    if (
      paidUntil?.getTime() !== slot.paidUntil?.getTime() ||
      pauseAt?.getTime() !== slot.pauseAt?.getTime() ||
      suspended !== slot.suspended
    ) {
      changes.push({ id: slot.id, paidUntil, pauseAt, suspended });
    }
  }
  return { points, charged, changes, events };
}
