import type { Connection } from "mongoose";
import { type FeedbackDocument, feedbackSchema } from "./feedback.schema.js";

/** The desktop tool's feedback, newest first for support. */
export class FeedbackRepository {
  private readonly feedback;

  constructor(connection: Connection) {
    this.feedback = connection.model<FeedbackDocument>("DesktopFeedback", feedbackSchema);
  }

  async insert(document: FeedbackDocument): Promise<void> {
    await this.feedback.create(document);
  }

  async newest(limit: number): Promise<FeedbackDocument[]> {
    return this.feedback.find().sort({ at: -1 }).limit(limit).lean<FeedbackDocument[]>().exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.feedback.syncIndexes();
  }
}
