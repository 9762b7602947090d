import { type Connection, Schema } from "mongoose";

/** Failed unlock attempts under one key: `book:<bookId>` or `client:<bookId>:<address hash>`. */
export interface UnlockAttemptDocument {
  _id: string;
  failures: number;
  lastFailureAt: Date;
  blockedUntil: Date;
}

const unlockAttemptSchema = new Schema<UnlockAttemptDocument>(
  {
    _id: { type: String, required: true },
    failures: { type: Number, required: true },
    lastFailureAt: { type: Date, required: true },
    blockedUntil: { type: Date, required: true },
  },
  { collection: "unlock_attempts", versionKey: false },
);
unlockAttemptSchema.index({ lastFailureAt: 1 });

export function unlockAttemptModel(connection: Connection) {
  return connection.model<UnlockAttemptDocument>("UnlockAttempt", unlockAttemptSchema);
}
