import { type Connection, Schema } from "mongoose";
import type { PlanKind } from "../domain/plans.js";
import type { LedgerDocument } from "./ledger.schema.js";

/** An account's plan (its commercial entitlement); `_id` is the account, "user:<id>" or "team:<id>". */
export interface PlanDocument {
  _id: string;
  kind: PlanKind;
  points: number;
  vipExpiresAt: Date | null;
  /** The ids of the payments and grants applied to this plan (their change is applied once, in one write). */
  appliedEvents?: string[];
  /**
   * The ledger entries of applied events not yet copied to the ledger: written in the same single-document write as
   * the change they record, copied and removed right after. One left here means the process stopped between the two
   * writes; the next start or the event's redelivery copies it (payments.repository.ts `settleLedger`).
   */
  pendingLedger?: Record<string, LedgerDocument>;
  updatedAt?: Date;
}

const planSchema = new Schema<PlanDocument>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true, enum: ["free", "points", "vip-monthly", "vip-annual"] },
    points: { type: Number, required: true, default: 0 },
    vipExpiresAt: { type: Date, default: null },
    appliedEvents: { type: [String], default: undefined },
    // By `parkedKey(entry id)`: an object, so an entry is removed by its path ($unset), which FerretDB supports.
    pendingLedger: { type: Schema.Types.Mixed, default: undefined },
  },
  { collection: "plans", versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);

/** An entry id as a field name of `pendingLedger` (no dots, no leading "$"). */
export const parkedKey = (entryId: string): string => entryId.replace(/[.$]/g, "_");

export function planModel(connection: Connection) {
  return connection.model<PlanDocument>("Plan", planSchema);
}
