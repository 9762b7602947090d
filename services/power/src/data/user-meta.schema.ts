import { type Connection, Schema } from "mongoose";
import type { UserMeta } from "../domain/user-meta.js";

/** A user's creation preferences (domain/user-meta.ts); `_id` is the user id. */
export interface UserMetaDocument {
  _id: string;
  meta: UserMeta;
}

const userMetaSchema = new Schema<UserMetaDocument>(
  {
    _id: { type: String, required: true },
    meta: { type: Schema.Types.Mixed, required: true },
  },
  { collection: "user_meta", versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);

export function userMetaModel(connection: Connection) {
  return connection.model<UserMetaDocument>("UserMeta", userMetaSchema);
}
