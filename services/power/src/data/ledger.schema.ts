import { type Connection, Schema } from "mongoose";
import type { LedgerKind } from "../domain/payment-events.js";
import type { PlanKind } from "../domain/plans.js";

/**
 * One change of an account's points or plan, as the user lists it (spec 001 §2, §9): purchases, renewals, refunds,
 * chargebacks, free points, hosting charges, an operator's plan. `_id` makes an entry once-only where it must be
 * (`stripe:<event id>`, `free:new-user:<user id>`, `free:licence:<user id>`).
 */
export interface LedgerDocument {
  _id: string;
  account: string;
  kind: LedgerKind;
  pointsDelta: number;
  pointsAfter: number;
  planAfter: PlanKind;
  vipExpiresAfter: Date | null;
  amount: number;
  currency: string;
  receiptUrl: string;
  /** "stripe", "system", "operator", "hosting-sweep". */
  source: string;
  detail: string;
  /** The provider's payment a refund or dispute names; "" for entries without one. */
  paymentRef: string;
  /**
   * Every other reference the provider may name the same payment by (Stripe: the invoice, its PaymentIntents and
   * charges, the Checkout session), so a refund or dispute finds its purchase whichever it names (#38).
   */
  paymentRefs?: string[];
  /** The provider's customer and subscription a purchase was paid by: a reversal naming neither ref falls back on them. */
  customerId?: string;
  subscriptionId?: string;
  /** What a purchase bought (points, or VIP months), for its reversal. */
  units: number;
  /** A refund or chargeback already took this purchase back. */
  reversed: boolean;
  /** The key of the reversal that did (its redelivery after a crash carries on rather than stopping). */
  reversedBy?: string;
  at: Date;
  /** Orders entries of the same `at` as they were written (microseconds of the real time, strictly increasing). */
  order: number;
}

const ledgerSchema = new Schema<LedgerDocument>(
  {
    _id: { type: String, required: true },
    account: { type: String, required: true },
    kind: { type: String, required: true },
    pointsDelta: { type: Number, default: 0 },
    pointsAfter: { type: Number, default: 0 },
    planAfter: { type: String, required: true },
    vipExpiresAfter: { type: Date, default: null },
    amount: { type: Number, default: 0 },
    currency: { type: String, default: "" },
    receiptUrl: { type: String, default: "" },
    source: { type: String, default: "" },
    detail: { type: String, default: "" },
    paymentRef: { type: String, default: "" },
    paymentRefs: { type: [String], default: undefined },
    customerId: { type: String, default: undefined },
    subscriptionId: { type: String, default: undefined },
    units: { type: Number, default: 0 },
    reversed: { type: Boolean, default: false },
    reversedBy: { type: String, default: undefined },
    at: { type: Date, required: true },
    order: { type: Number, default: 0 },
  },
  { collection: "ledger", versionKey: false },
);
ledgerSchema.index({ account: 1, at: -1, order: -1 });
ledgerSchema.index({ paymentRef: 1 });
ledgerSchema.index({ paymentRefs: 1 });

export function ledgerModel(connection: Connection) {
  return connection.model<LedgerDocument>("LedgerEntry", ledgerSchema);
}
