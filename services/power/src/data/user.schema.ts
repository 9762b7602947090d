import { type Connection, Schema } from "mongoose";

export interface UserDocument {
  userId: string;
  email: string;
  uLink: string;
  uType: number;
  website: string;
  verifyPhone: boolean;
  bookLogo: string;
  bookLogoLink: string;
  bookWebsite: string;
}

/** The stored user with its password hash: only the account desk reads it; every other read leaves it out. */
export interface UserWithCredentials extends UserDocument {
  /** `scrypt$…` (domain/passwords.ts); empty for users who cannot log in with a password. */
  passwordHash?: string;
}

const userSchema = new Schema<UserWithCredentials>(
  {
    userId: { type: String, required: true, unique: true },
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    uLink: { type: String, required: true, unique: true },
    uType: { type: Number, required: true },
    website: { type: String, default: "" },
    verifyPhone: { type: Boolean, default: false },
    bookLogo: { type: String, default: "" },
    bookLogoLink: { type: String, default: "" },
    bookWebsite: { type: String, default: "" },
    passwordHash: { type: String, default: "", select: false },
  },
  { collection: "users", timestamps: true },
);

export function userModel(connection: Connection) {
  return connection.model<UserWithCredentials>("User", userSchema);
}
