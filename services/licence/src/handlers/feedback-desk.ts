import { randomUUID } from "node:crypto";
import type { RateLimit } from "@turnleaf/kit";
import type { FeedbackRepository } from "../data/feedback.repository.js";
import { checkedFeedback, type FeedbackInput, tooMuchFeedback } from "../domain/feedback-rules.js";

/** Feedback from the desktop tool: checked, limited per client address, stored for support. */
export class FeedbackDesk {
  constructor(private readonly deps: { feedback: FeedbackRepository; limit: RateLimit; now: () => Date }) {}

  async submit(input: FeedbackInput, caller: { clientAddress: string; accountId: string }): Promise<string> {
    const feedback = checkedFeedback(input);
    const now = this.deps.now();
    if (!(await this.deps.limit.take(caller.clientAddress)).allowed) throw tooMuchFeedback();
    const feedbackId = `fb_${randomUUID()}`;
    await this.deps.feedback.insert({
      _id: feedbackId,
      ...feedback,
      accountId: caller.accountId,
      clientAddress: caller.clientAddress,
      at: now,
    });
    return feedbackId;
  }
}
