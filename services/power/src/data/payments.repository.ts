import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { Plan } from "../domain/plans.js";
import {
  type BillingDocument,
  billingModel,
  type PaymentReceiptDocument,
  paymentEventModel,
  paymentReceiptModel,
} from "./billing.schema.js";
import { type LedgerDocument, ledgerModel } from "./ledger.schema.js";
import { type PlanDocument, planModel } from "./plan.schema.js";

/** The ledger, the provider customers and the events received; and the once-only change of a plan. */
export class PaymentsRepository {
  private readonly plans;
  private readonly ledger;
  private readonly billing;
  private readonly events;
  private readonly receipts;

  constructor(connection: Connection) {
    this.receipts = paymentReceiptModel(connection);
    this.plans = planModel(connection);
    this.ledger = ledgerModel(connection);
    this.billing = billingModel(connection);
    this.events = paymentEventModel(connection);
  }

  async findPlan(account: string): Promise<PlanDocument | null> {
    return this.plans.findById(account).lean<PlanDocument>().exec();
  }

  /**
   * Applies `change` to the account's plan once for `key`: the write succeeds only if the plan is still what was
   * read and does not list the key yet, and it adds the key in the same write (one document: atomic on any
   * MongoDB-wire server). Concurrent deliveries of one event: one applies, the others read it applied.
   * Answers the plans before and after, or null when the key was already applied.
   */
  async applyOnce(
    account: string,
    key: string,
    change: (plan: Plan) => Plan,
    initial: Plan,
  ): Promise<{ before: Plan; after: Plan } | null> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const found = await this.findPlan(account);
      if (found?.appliedEvents?.includes(key)) return null;
      const before: Plan = found ?? initial;
      const after = change(before);
      const written = found
        ? await updateAlone(`plan:${account}`, () =>
            this.plans
              .updateOne(
                {
                  _id: account,
                  kind: found.kind,
                  points: found.points,
                  vipExpiresAt: found.vipExpiresAt,
                  appliedEvents: { $ne: key },
                },
                {
                  $set: { kind: after.kind, points: after.points, vipExpiresAt: after.vipExpiresAt },
                  $push: { appliedEvents: key },
                },
              )
              .exec(),
          ).then((result) => result.modifiedCount > 0)
        : await unlessDuplicate(() =>
            this.plans.create({
              _id: account,
              kind: after.kind,
              points: after.points,
              vipExpiresAt: after.vipExpiresAt,
              appliedEvents: [key],
            }),
          );
      if (written) return { before, after };
    }
    throw new Error(`the plan of ${account} kept changing; the event is left for the provider's next delivery`);
  }

  /** Adds an entry unless one with its id exists (answers whether it did); a receipt that came first joins it. */
  async appendLedger(entry: LedgerDocument): Promise<boolean> {
    let receiptUrl = entry.receiptUrl;
    if (!receiptUrl && entry.paymentRef) {
      receiptUrl = (await this.receipts.findById(entry.paymentRef).lean<PaymentReceiptDocument>().exec())?.url ?? "";
    }
    return unlessDuplicate(() => this.ledger.create({ ...entry, receiptUrl }));
  }

  /** A payment's receipt: onto its purchase's entry, and kept for an entry still to come. */
  async putReceipt(paymentRefs: readonly string[], url: string): Promise<boolean> {
    for (const ref of paymentRefs) {
      await this.receipts.updateOne({ _id: ref }, { $set: { url } }, { upsert: true }).exec();
    }
    const result = await this.ledger
      .updateMany({ paymentRef: { $in: [...paymentRefs] }, receiptUrl: "" }, { $set: { receiptUrl: url } })
      .exec();
    return result.modifiedCount > 0;
  }

  async listLedger(account: string, limit: number): Promise<LedgerDocument[]> {
    return this.ledger.find({ account }).sort({ at: -1, order: -1 }).limit(limit).lean<LedgerDocument[]>().exec();
  }

  /** The purchase a refund or dispute names, not yet reversed. */
  async findPurchase(paymentRefs: readonly string[]): Promise<LedgerDocument | null> {
    if (paymentRefs.length === 0) return null;
    return this.ledger
      .findOne({
        paymentRef: { $in: [...paymentRefs] },
        kind: { $in: ["purchase-points", "purchase-vip", "renew-vip"] },
      })
      .lean<LedgerDocument>()
      .exec();
  }

  /** Marks a purchase reversed; false when another refund or dispute did first. */
  async markReversed(entryId: string): Promise<boolean> {
    const result = await this.ledger.updateOne({ _id: entryId, reversed: false }, { $set: { reversed: true } }).exec();
    return result.modifiedCount > 0;
  }

  async unmarkReversed(entryId: string): Promise<void> {
    await this.ledger.updateOne({ _id: entryId }, { $set: { reversed: false } }).exec();
  }

  async findBilling(provider: string, userId: string): Promise<BillingDocument | null> {
    return this.billing.findById(`${provider}:${userId}`).lean<BillingDocument>().exec();
  }

  async findBillingByCustomer(provider: string, customerId: string, subscriptionId: string) {
    const bySubscription = subscriptionId
      ? await this.billing.findOne({ provider, subscriptionId }).lean<BillingDocument>().exec()
      : null;
    if (bySubscription || !customerId) return bySubscription;
    return this.billing.findOne({ provider, customerId }).lean<BillingDocument>().exec();
  }

  async putBilling(provider: string, userId: string, fields: Partial<BillingDocument>): Promise<void> {
    const set = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ""));
    await updateAlone(`billing:${provider}:${userId}`, () =>
      this.billing
        .updateOne({ _id: `${provider}:${userId}` }, { $set: { userId, provider, ...set } }, { upsert: true })
        .exec(),
    );
  }

  async setBillingState(provider: string, userId: string, state: string): Promise<void> {
    await this.billing.updateOne({ _id: `${provider}:${userId}` }, { $set: { state } }).exec();
  }

  /** Records an event as received; false when it was received before (the event id is unique). */
  async recordEvent(id: string, type: string, at: Date): Promise<boolean> {
    return unlessDuplicate(() => this.events.create({ _id: id, type, receivedAt: at, applied: false }));
  }

  async markEventApplied(id: string): Promise<void> {
    await this.events.updateOne({ _id: id }, { $set: { applied: true } }).exec();
  }

  /** Every account with a plan, for the operators' listing (admin CLI). */
  async listPlans(limit: number): Promise<PlanDocument[]> {
    return this.plans.find({}).sort({ _id: 1 }).limit(limit).lean<PlanDocument[]>().exec();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.ledger.syncIndexes(), this.billing.syncIndexes(), this.events.syncIndexes()]);
  }
}
