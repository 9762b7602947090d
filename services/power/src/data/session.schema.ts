import { type Connection, Schema } from "mongoose";

/** One open session. The token itself is never stored: `tokenHash` is its SHA-256 (hex). */
export interface SessionDocument {
  tokenHash: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** The absolute expiry. */
  expiresAt: Date;
}

const sessionSchema = new Schema<SessionDocument>(
  {
    tokenHash: { type: String, required: true, unique: true },
    userId: { type: String, required: true, index: true },
    createdAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { collection: "sessions", versionKey: false },
);

export function sessionModel(connection: Connection) {
  return connection.model<SessionDocument>("Session", sessionSchema);
}
