import { type Connection, Schema } from "mongoose";

/** One failed login for a key (the SHA-256 of email and client address, domain/sessions.ts loginFailureKey). */
export interface LoginFailureDocument {
  _id: string;
  key: string;
  at: Date;
}

const loginFailureSchema = new Schema<LoginFailureDocument>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: "login_failures", versionKey: false },
);
loginFailureSchema.index({ key: 1, at: 1 });

export function loginFailureModel(connection: Connection) {
  return connection.model<LoginFailureDocument>("LoginFailure", loginFailureSchema);
}

/**
 * One account check (CheckAccount) for a key (the SHA-256 of the client address, domain/sessions.ts
 * accountCheckKey): the same shape in its own collection, so each counter sweeps with its own window.
 */
export function accountCheckModel(connection: Connection) {
  return connection.model<LoginFailureDocument>("AccountCheck", loginFailureSchema, "account_checks");
}

/** One sign-up for a key (the SHA-256 of the client address, domain/sessions.ts signUpKey): the same shape again. */
export function signUpModel(connection: Connection) {
  return connection.model<LoginFailureDocument>("SignUp", loginFailureSchema, "sign_ups");
}
