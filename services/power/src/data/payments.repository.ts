import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { LedgerKind } from "../domain/payment-events.js";
import type { Plan } from "../domain/plans.js";
import {
  type BillingDocument,
  billingModel,
  type PaymentReceiptDocument,
  paymentEventModel,
  paymentReceiptModel,
} from "./billing.schema.js";
import { hitFaultPoint } from "./fault-point.js";
import { type LedgerDocument, ledgerModel } from "./ledger.schema.js";
import { type PlanDocument, parkedKey, planModel } from "./plan.schema.js";

const purchaseKinds: LedgerKind[] = ["purchase-points", "purchase-vip", "renew-vip"];

/** The ledger, the provider customers and the events received; and the once-only change of a plan. */
export class PaymentsRepository {
  private readonly plans;
  private readonly ledger;
  private readonly billing;
  private readonly events;
  private readonly receipts;

  /** `faultPoint`: tests only (FAULT_POINT) — the process kills itself there, as a crash would. */
  constructor(
    connection: Connection,
    private readonly faultPoint = "",
  ) {
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
   * Applies `change` to the account's plan once for `key`, with its ledger entry: the write succeeds only if the plan
   * is still what was read and does not list the key yet, and in the same write it adds the key and parks the entry
   * (`entryOf(before, after)`) in the plan's `pendingLedger` (one document: atomic on any MongoDB-wire server,
   * FerretDB included, where a transaction is not). The entry is then copied to the ledger (its id unique) and
   * unparked; a process stopped between the two writes leaves it parked, and `settleLedger` copies it — on start,
   * and when the event is delivered again (the redelivery answers "already applied" and settles the account).
   * Concurrent deliveries of one event: one applies, the others read it applied.
   * Answers the plans before and after, or null when the key was already applied.
   */
  async applyOnce(
    account: string,
    key: string,
    change: (plan: Plan) => Plan,
    initial: Plan,
    entryOf: (before: Plan, after: Plan) => LedgerDocument,
  ): Promise<{ before: Plan; after: Plan } | null> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const found = await this.findPlan(account);
      if (found?.appliedEvents?.includes(key)) {
        await this.settleLedger(account);
        return null;
      }
      const before: Plan = found ?? initial;
      const after = change(before);
      const entry = { ...entryOf(before, after), _id: key };
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
                  $set: {
                    kind: after.kind,
                    points: after.points,
                    vipExpiresAt: after.vipExpiresAt,
                    [`pendingLedger.${parkedKey(key)}`]: entry,
                  },
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
              pendingLedger: { [parkedKey(key)]: entry },
            }),
          );
      if (written) {
        hitFaultPoint(this.faultPoint, "payments.after-plan-write");
        await this.settleEntry(account, entry);
        return { before, after };
      }
    }
    throw new Error(`the plan of ${account} kept changing; the event is left for the provider's next delivery`);
  }

  /** Copies a parked entry to the ledger (once: its id is unique) and unparks it. */
  private async settleEntry(account: string, entry: LedgerDocument): Promise<void> {
    await this.appendLedger(entry);
    // Through the plan's one-at-a-time lane like every write of it (the embedded store's updates are not atomic).
    await updateAlone(`plan:${account}`, async () => {
      await this.plans
        .updateOne({ _id: account }, { $unset: { [`pendingLedger.${parkedKey(entry._id)}`]: "" } })
        .exec();
      // The last one out removes the emptied map (only while still empty: another change may have parked one since).
      await this.plans.updateOne({ _id: account, pendingLedger: {} }, { $unset: { pendingLedger: "" } }).exec();
    });
  }

  /**
   * Copies every parked ledger entry (of one account, or all) to the ledger: what a process stopped between a plan's
   * write and its ledger entry's left behind. Answers how many it copied or found already copied.
   */
  async settleLedger(account?: string): Promise<number> {
    const parked = await this.plans
      .find({ ...(account ? { _id: account } : {}), pendingLedger: { $exists: true } })
      .lean<PlanDocument[]>()
      .exec();
    let settled = 0;
    for (const plan of parked) {
      for (const entry of Object.values(plan.pendingLedger ?? {})) {
        await this.settleEntry(plan._id, entry);
        settled += 1;
      }
    }
    return settled;
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

  /** The purchase a refund or dispute names by any of its references. */
  async findPurchase(paymentRefs: readonly string[]): Promise<LedgerDocument | null> {
    const refs = [...new Set(paymentRefs.filter(Boolean))];
    if (refs.length === 0) return null;
    return this.ledger
      .findOne({
        $or: [{ paymentRef: { $in: refs } }, { paymentRefs: { $in: refs } }],
        kind: { $in: purchaseKinds },
      })
      .lean<LedgerDocument>()
      .exec();
  }

  /**
   * An account's VIP payments (newest first) of a subscription when one is known: what a reversal naming none of
   * a purchase's references falls back on once its customer or subscription is known.
   */
  async listVipPurchases(account: string, subscriptionId: string): Promise<LedgerDocument[]> {
    return this.ledger
      .find({
        account,
        kind: { $in: ["purchase-vip", "renew-vip"] },
        ...(subscriptionId ? { subscriptionId: { $in: [subscriptionId, null, ""] } } : {}),
      })
      .sort({ at: -1, order: -1 })
      .limit(50)
      .lean<LedgerDocument[]>()
      .exec();
  }

  /**
   * Marks a purchase reversed by the reversal `key`; false when another refund or dispute did first. The same key
   * again answers true: a redelivery after a crash between this mark and the plan's change carries on (the change
   * itself is once-only by the key).
   */
  async markReversed(entryId: string, key: string): Promise<boolean> {
    const result = await this.ledger
      .updateOne(
        { _id: entryId, $or: [{ reversed: false }, { reversedBy: key }] },
        { $set: { reversed: true, reversedBy: key } },
      )
      .exec();
    if (result.matchedCount > 0) hitFaultPoint(this.faultPoint, "payments.after-reversal-mark");
    return result.matchedCount > 0;
  }

  async unmarkReversed(entryId: string, key: string): Promise<void> {
    await this.ledger
      .updateOne({ _id: entryId, reversedBy: key }, { $set: { reversed: false }, $unset: { reversedBy: "" } })
      .exec();
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
