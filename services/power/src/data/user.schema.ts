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

const userSchema = new Schema<UserDocument>(
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
  },
  { collection: "users", timestamps: true },
);

export function userModel(connection: Connection) {
  return connection.model<UserDocument>("User", userSchema);
}
