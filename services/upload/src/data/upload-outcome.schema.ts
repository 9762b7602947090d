import { type Connection, Schema } from "mongoose";

export type Outcome = "completed" | "failed" | "cancelled" | "expired";

/**
 * How a task ended, decided once: completion, a failed check, cancel and the expiry sweep each insert the outcome
 * and the unique task id lets exactly one of them win a race.
 */
export interface UploadOutcomeDocument {
  _id: string;
  outcome: Outcome;
  at: Date;
}

const uploadOutcomeSchema = new Schema<UploadOutcomeDocument>(
  {
    _id: { type: String, required: true },
    outcome: { type: String, required: true, enum: ["completed", "failed", "cancelled", "expired"] },
    at: { type: Date, required: true },
  },
  { collection: "upload_outcomes", versionKey: false },
);

export function uploadOutcomeModel(connection: Connection) {
  return connection.model<UploadOutcomeDocument>("UploadOutcome", uploadOutcomeSchema);
}
