import { isVip, type Plan, type PlanKind } from "./plans.js";

/**
 * A provider's webhook as the power service understands it, whatever the provider (payments/port.ts): each adapter
 * turns its own events into these, and the rules below turn these into a plan change and a ledger entry.
 */
export type PaymentEvent =
  | {
      type: "points-purchased";
      eventId: string;
      userId: string;
      productId: string;
      points: number;
      amount: number;
      currency: string;
      /** The provider's payment (Stripe: the PaymentIntent) a refund or dispute later names. */
      paymentRef: string;
      /** Other references of the same payment (Stripe: the Checkout session). */
      otherRefs: string[];
      customerId: string;
      receiptUrl: string;
    }
  | {
      type: "vip-paid";
      eventId: string;
      userId: string;
      productId: string;
      months: number;
      amount: number;
      currency: string;
      /** The payment's main reference (Stripe: the invoice). */
      paymentRef: string;
      /** Other references a refund or dispute may name (Stripe: the invoice's PaymentIntents and charges, the session). */
      otherRefs: string[];
      customerId: string;
      subscriptionId: string;
      receiptUrl: string;
      /** The provider's end of the paid period, when it tells it. */
      periodEnd: Date | null;
      /** A renewal of a running subscription (not the first payment). */
      renewal: boolean;
    }
  | { type: "renewal-failed"; eventId: string; userId: string; customerId: string; subscriptionId: string }
  | { type: "subscription-ended"; eventId: string; userId: string; customerId: string; subscriptionId: string }
  | {
      type: "payment-reversed";
      eventId: string;
      reason: "refund" | "chargeback";
      /** The references the purchase may be known by (Stripe: the PaymentIntent, the invoice, the charge). */
      paymentRefs: string[];
      /** The same references by what they are, for the provider's lookup when none is known here ("" unknown). */
      chargeId: string;
      paymentIntentId: string;
      invoiceId: string;
      /** The provider's customer the payment was made by, when the event says ("" otherwise). */
      customerId: string;
      /** The payment's whole amount when the event says (0 otherwise): picks among a customer's VIP payments. */
      paidAmount: number;
      /** Money returned (smallest unit); with the original amount it scales a partial refund. */
      amount: number;
      currency: string;
      receiptUrl: string;
    }
  | {
      /** The provider's receipt of a payment (Stripe: charge.succeeded, a subscription's first invoice paid). */
      type: "receipt";
      eventId: string;
      paymentRefs: string[];
      receiptUrl: string;
    }
  | { type: "ignored"; eventId: string; eventType: string };

export type LedgerKind =
  | "free-points"
  | "purchase-points"
  | "purchase-vip"
  | "renew-vip"
  | "refund"
  | "chargeback"
  | "hosting-charge"
  | "renewal-failed"
  | "subscription-ended"
  | "set-plan";

const dayMs = 86_400_000;

/** Adds calendar months (UTC), keeping the day where the month has it, else its last day. */
export function addMonths(from: Date, months: number): Date {
  const date = new Date(from.getTime());
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date;
}

export function vipKindFor(months: number): PlanKind {
  return months >= 12 ? "vip-annual" : "vip-monthly";
}

/** Points bought: added to the balance; a free account becomes a points one, a VIP one keeps its plan. */
export function creditPoints(plan: Plan, points: number): Plan {
  return { ...plan, kind: plan.kind === "free" ? "points" : plan.kind, points: plan.points + points };
}

/**
 * A VIP payment: the plan becomes VIP and its end moves on by the months paid, from the old end while it runs
 * (a renewal keeps its cycle) or from now once it ended; the provider's period end wins when it tells one.
 */
export function extendVip(plan: Plan, months: number, now: Date, periodEnd: Date | null): Plan {
  const running = isVip(plan.kind) && plan.vipExpiresAt !== null && plan.vipExpiresAt > now;
  const from = running && plan.vipExpiresAt ? plan.vipExpiresAt : now;
  const computed = addMonths(from, months);
  const end = periodEnd && periodEnd > now ? periodEnd : computed;
  return { ...plan, kind: vipKindFor(months), vipExpiresAt: end };
}

/** A refund or chargeback of points: the share returned comes off the balance (which may go below zero). */
export function reversePoints(plan: Plan, points: number): Plan {
  return { ...plan, points: plan.points - points };
}

/** A refund or chargeback of a VIP payment: the months it bought come off the end (not before now). */
export function reverseVip(plan: Plan, months: number, now: Date): Plan {
  if (!isVip(plan.kind) || plan.vipExpiresAt === null) return plan;
  const cut = addMonths(plan.vipExpiresAt, -months);
  return { ...plan, vipExpiresAt: cut > now ? cut : now };
}

/** The share of a purchase a reversal takes back: all for a full refund, in proportion for a partial one. */
export function reversedShare(units: number, paid: number, returned: number): number {
  if (paid <= 0 || returned >= paid) return units;
  return Math.min(units, Math.round((units * returned) / paid));
}

/**
 * Whole days left (§2 info bar): to the VIP end for a VIP plan; for points, how long the balance pays for the books
 * hosted now (a book costs a point per 30 days); 0 when nothing is left.
 */
export function remainingDays(plan: Plan, hostedBooks: number, now: Date, pointsPerBookMonth = 1): number {
  if (isVip(plan.kind)) {
    if (!plan.vipExpiresAt) return 0;
    return Math.max(0, Math.ceil((plan.vipExpiresAt.getTime() - now.getTime()) / dayMs));
  }
  if (plan.kind !== "points" || plan.points <= 0) return 0;
  if (hostedBooks === 0) return 0;
  return Math.floor(plan.points / (hostedBooks * pointsPerBookMonth)) * 30;
}
