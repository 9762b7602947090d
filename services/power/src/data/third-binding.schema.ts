import { type Connection, Schema } from "mongoose";

/**
 * A third-party identity bound to a user; `_id` is "<provider>:<subject>", so one identity belongs to one user at
 * a time (a merge moves it).
 */
export interface ThirdBindingDocument {
  _id: string;
  provider: string;
  subject: string;
  userId: string;
  boundAt: Date;
}

const thirdBindingSchema = new Schema<ThirdBindingDocument>(
  {
    _id: { type: String, required: true },
    provider: { type: String, required: true },
    subject: { type: String, required: true },
    userId: { type: String, required: true },
    boundAt: { type: Date, required: true },
  },
  { collection: "third_bindings", versionKey: false },
);
thirdBindingSchema.index({ userId: 1 });

export function thirdBindingModel(connection: Connection) {
  return connection.model<ThirdBindingDocument>("ThirdBinding", thirdBindingSchema);
}
