import { type Connection, Schema } from "mongoose";
import type { QuotaName } from "../domain/power-config.js";

/** A user's or a team's own limit of a quota; `_id` is "<account>:<quota>". */
export interface QuotaOverrideDocument {
  _id: string;
  account: string;
  quota: QuotaName;
  limit: number;
}

const quotaOverrideSchema = new Schema<QuotaOverrideDocument>(
  {
    _id: { type: String, required: true },
    account: { type: String, required: true },
    quota: { type: String, required: true, enum: ["BOOK_FILE_NUM", "PUB_BOOK_NUM"] },
    limit: { type: Number, required: true, min: 0 },
  },
  { collection: "quota_overrides", versionKey: false },
);
quotaOverrideSchema.index({ account: 1 });

export function quotaOverrideModel(connection: Connection) {
  return connection.model<QuotaOverrideDocument>("QuotaOverride", quotaOverrideSchema);
}
