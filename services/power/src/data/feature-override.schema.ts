import { type Connection, Schema } from "mongoose";

/** A user's or a team's custom grant or denial of a gated feature; `_id` is "<account>:<feature>". */
export interface FeatureOverrideDocument {
  _id: string;
  account: string;
  feature: string;
  allowed: boolean;
}

const featureOverrideSchema = new Schema<FeatureOverrideDocument>(
  {
    _id: { type: String, required: true },
    account: { type: String, required: true },
    feature: { type: String, required: true },
    allowed: { type: Boolean, required: true },
  },
  { collection: "feature_overrides", versionKey: false },
);
featureOverrideSchema.index({ account: 1 });

export function featureOverrideModel(connection: Connection) {
  return connection.model<FeatureOverrideDocument>("FeatureOverride", featureOverrideSchema);
}
