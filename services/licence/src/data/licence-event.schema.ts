import { type Connection, Schema } from "mongoose";

export type LicenceEventAction = "issue" | "activate" | "reactivate" | "deactivate" | "revoke" | "set-expiry";
export type LicenceEventSource = "desktop" | "account-page" | "operator";

/** One entry of a licence's append-only audit trail: every change to its activations, state or expiry. */
export interface LicenceEventDocument {
  _id: string;
  licenceId: string;
  at: Date;
  action: LicenceEventAction;
  activationId: string;
  /** SHA-256 of the terminal code, empty for licence-wide events. */
  terminalKey: string;
  channel: "online" | "offline" | "";
  source: LicenceEventSource;
  accountId: string;
  clientAddress: string;
  detail: string;
}

const licenceEventSchema = new Schema<LicenceEventDocument>(
  {
    _id: { type: String, required: true },
    licenceId: { type: String, required: true },
    at: { type: Date, required: true },
    action: {
      type: String,
      required: true,
      enum: ["issue", "activate", "reactivate", "deactivate", "revoke", "set-expiry"],
    },
    activationId: { type: String, default: "" },
    terminalKey: { type: String, default: "" },
    channel: { type: String, default: "" },
    source: { type: String, required: true, enum: ["desktop", "account-page", "operator"] },
    accountId: { type: String, default: "" },
    clientAddress: { type: String, default: "" },
    detail: { type: String, default: "" },
  },
  { collection: "licence_events", versionKey: false },
);
licenceEventSchema.index({ licenceId: 1, at: 1 });

export function licenceEventModel(connection: Connection) {
  return connection.model<LicenceEventDocument>("LicenceEvent", licenceEventSchema);
}
