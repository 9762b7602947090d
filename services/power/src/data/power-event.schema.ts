import { type Connection, Schema } from "mongoose";

export type PowerAction =
  | "set-plan"
  | "set-override"
  | "remove-override"
  | "grant-new-user-points"
  | "set-feature-override"
  | "remove-feature-override"
  | "charge-hosting";

/** The audit trail of an account's plan and overrides: who changed what, when and why. */
export interface PowerEventDocument {
  account: string;
  action: PowerAction;
  detail: string;
  actor: string;
  reason: string;
  at: Date;
}

const powerEventSchema = new Schema<PowerEventDocument>(
  {
    account: { type: String, required: true },
    action: { type: String, required: true },
    detail: { type: String, default: "" },
    actor: { type: String, default: "" },
    reason: { type: String, default: "" },
    at: { type: Date, required: true },
  },
  { collection: "power_events", versionKey: false },
);
powerEventSchema.index({ account: 1, at: -1 });

export function powerEventModel(connection: Connection) {
  return connection.model<PowerEventDocument>("PowerEvent", powerEventSchema);
}
