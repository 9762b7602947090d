import { type Connection, Schema } from "mongoose";

export type Channel = "online" | "offline";

/**
 * One terminal's activation of a licence. A licence with k activations has slots 0..k-1 and each activation
 * holds one: the unique index on (licenceId, slot) is what keeps a licence at k activations under any
 * concurrency, and the one on (licenceId, terminalKey) what keeps a terminal registering twice at once from
 * taking two slots. Deactivation deletes the document (the audit trail keeps the history).
 */
export interface ActivationDocument {
  _id: string;
  licenceId: string;
  slot: number;
  /** SHA-256 of the terminal code it was last seen with. */
  terminalKey: string;
  /** The terminal code's component hashes as last seen (one may change at each registration). */
  terminalComponents: string[];
  terminalLabel: string;
  channel: Channel;
  activatedAt: Date;
  lastSeenAt: Date;
}

const activationSchema = new Schema<ActivationDocument>(
  {
    _id: { type: String, required: true },
    licenceId: { type: String, required: true },
    slot: { type: Number, required: true, min: 0 },
    terminalKey: { type: String, required: true },
    terminalComponents: { type: [String], required: true },
    terminalLabel: { type: String, default: "" },
    channel: { type: String, required: true, enum: ["online", "offline"] },
    activatedAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
  },
  { collection: "activations", versionKey: false },
);
activationSchema.index({ licenceId: 1, slot: 1 }, { unique: true });
activationSchema.index({ licenceId: 1, terminalKey: 1 }, { unique: true });

export function activationModel(connection: Connection) {
  return connection.model<ActivationDocument>("Activation", activationSchema);
}
