import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { QuotaName } from "../domain/power-config.js";
import { type BookSlotDocument, bookSlotModel } from "./book-slot.schema.js";
import type { LedgerDocument } from "./ledger.schema.js";
import { type PlanDocument, parkedKey, planModel } from "./plan.schema.js";
import { type PowerEventDocument, powerEventModel } from "./power-event.schema.js";
import { type QuotaOverrideDocument, quotaOverrideModel } from "./quota-override.schema.js";

/** A ledger entry parked in a plan's write (the `$set` of its path), or nothing. */
const parked = (entry: LedgerDocument | undefined) =>
  entry ? { [`pendingLedger.${parkedKey(entry._id)}`]: entry } : {};

export class PlanRepository {
  private readonly plans;
  private readonly overrides;
  private readonly events;

  constructor(connection: Connection) {
    this.plans = planModel(connection);
    this.overrides = quotaOverrideModel(connection);
    this.events = powerEventModel(connection);
  }

  async findPlan(account: string): Promise<PlanDocument | null> {
    return this.plans.findById(account).lean<PlanDocument>().exec();
  }

  /** Inserts the plan unless the account has one; answers whether it did (the unique _id arbitrates). */
  async insertPlanIfAbsent(plan: PlanDocument): Promise<boolean> {
    return unlessDuplicate(() => this.plans.create(plan));
  }

  /** Sets the plan; with `entry`, its ledger entry parked in the same write (see PaymentsRepository.applyOnce). */
  async putPlan(plan: PlanDocument, entry?: LedgerDocument): Promise<void> {
    const { _id, ...fields } = plan;
    await updateAlone(`plan:${_id}`, () =>
      this.plans.updateOne({ _id }, { $set: { ...fields, ...parked(entry) } }, { upsert: true }).exec(),
    );
  }

  /**
   * Sets a points balance only if it is still what the caller read (a concurrent sweep or top-up wins); with
   * `entry`, its ledger entry parked in the same write.
   */
  async replacePoints(account: string, read: number, points: number, entry?: LedgerDocument): Promise<boolean> {
    const result = await updateAlone(`plan:${account}`, () =>
      this.plans
        .updateOne({ _id: account, kind: "points", points: read }, { $set: { points, ...parked(entry) } })
        .exec(),
    );
    return result.modifiedCount > 0;
  }

  async findOverride(account: string, quota: QuotaName): Promise<number | undefined> {
    const found = await this.overrides.findById(`${account}:${quota}`).lean<QuotaOverrideDocument>().exec();
    return found?.limit;
  }

  async listOverrides(account: string): Promise<QuotaOverrideDocument[]> {
    return this.overrides.find({ account }).sort({ quota: 1 }).lean<QuotaOverrideDocument[]>().exec();
  }

  async putOverride(account: string, quota: QuotaName, limit: number): Promise<void> {
    await this.overrides
      .updateOne({ _id: `${account}:${quota}` }, { $set: { account, quota, limit } }, { upsert: true })
      .exec();
  }

  async removeOverride(account: string, quota: QuotaName): Promise<void> {
    await this.overrides.deleteOne({ _id: `${account}:${quota}` }).exec();
  }

  async record(event: PowerEventDocument): Promise<void> {
    await this.events.create(event);
  }

  async listEvents(account: string, limit = 50): Promise<PowerEventDocument[]> {
    return this.events.find({ account }).sort({ at: -1 }).limit(limit).lean<PowerEventDocument[]>().exec();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.plans.syncIndexes(), this.overrides.syncIndexes(), this.events.syncIndexes()]);
  }
}

export class BookSlotRepository {
  private readonly slots;

  constructor(connection: Connection) {
    this.slots = bookSlotModel(connection);
  }

  async findByKey(bookKey: string): Promise<BookSlotDocument | null> {
    return this.slots.findOne({ bookKey }).lean<BookSlotDocument>().exec();
  }

  /** The slots held against an account's quota. */
  async takenSlots(account: string, quota: QuotaName): Promise<number[]> {
    const held = await this.slots.find({ account, quota }, { slot: 1 }).lean<Pick<BookSlotDocument, "slot">[]>().exec();
    return held.map((slot) => slot.slot);
  }

  async count(account: string, quota: QuotaName): Promise<number> {
    return this.slots.countDocuments({ account, quota }).exec();
  }

  /** Inserts unless its slot or its book key is taken already; answers whether it did. */
  async tryInsert(slot: BookSlotDocument): Promise<boolean> {
    return unlessDuplicate(() => this.slots.create(slot));
  }

  /** Every account holding a slot (the hosting sweep's work list). */
  async accountsWithSlots(): Promise<string[]> {
    return (await this.slots.distinct("account").exec()).map(String).sort();
  }

  async listAccountSlots(account: string): Promise<BookSlotDocument[]> {
    return this.slots.find({ account }).sort({ slot: 1 }).lean<BookSlotDocument[]>().exec();
  }

  async updateHosting(
    id: string,
    change: { paidUntil: Date | null; pauseAt: Date | null; suspended: boolean },
  ): Promise<void> {
    await updateAlone(`slot:${id}`, () => this.slots.updateOne({ _id: id }, { $set: change }).exec());
  }

  /** Records the book an upload's slot became; answers whether a slot holds the key. */
  async attachBook(bookKey: string, bookId: string): Promise<boolean> {
    const result = await updateAlone(`slot-key:${bookKey}`, () =>
      this.slots.updateOne({ bookKey }, { $set: { bookId } }).exec(),
    );
    return result.matchedCount > 0;
  }

  async releaseKey(account: string, bookKey: string): Promise<boolean> {
    const result = await this.slots.deleteOne({ account, bookKey }).exec();
    return result.deletedCount > 0;
  }

  async ensureIndexes(): Promise<void> {
    await this.slots.syncIndexes();
  }
}
