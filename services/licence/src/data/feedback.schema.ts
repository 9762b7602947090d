import { Schema } from "mongoose";

/** One piece of the desktop tool's feedback (spec 001 §2), kept for support. */
export interface FeedbackDocument {
  _id: string;
  message: string;
  email: string;
  log: string;
  toolVersion: string;
  language: string;
  /** The logged-in account, empty when the tool was not logged in. */
  accountId: string;
  /** The client's address: it keys the rate limit. */
  clientAddress: string;
  at: Date;
}

export const feedbackSchema = new Schema<FeedbackDocument>(
  {
    _id: { type: String, required: true },
    message: { type: String, required: true },
    email: { type: String, default: "" },
    log: { type: String, default: "" },
    toolVersion: { type: String, default: "" },
    language: { type: String, default: "" },
    accountId: { type: String, default: "" },
    clientAddress: { type: String, default: "" },
    at: { type: Date, required: true },
  },
  { collection: "desktop_feedback", versionKey: false },
);
feedbackSchema.index({ clientAddress: 1, at: 1 });
feedbackSchema.index({ at: -1 });
