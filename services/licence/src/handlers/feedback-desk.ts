import { randomUUID } from "node:crypto";
import type { FeedbackRepository } from "../data/feedback.repository.js";
import { checkedFeedback, type FeedbackInput, feedbackLimits, tooMuchFeedback } from "../domain/feedback-rules.js";

/** Feedback from the desktop tool: checked, limited per client address, stored for support. */
export class FeedbackDesk {
  constructor(private readonly deps: { feedback: FeedbackRepository; now: () => Date }) {}

  async submit(input: FeedbackInput, caller: { clientAddress: string; accountId: string }): Promise<string> {
    const feedback = checkedFeedback(input);
    const now = this.deps.now();
    const since = new Date(now.getTime() - feedbackLimits.windowSeconds * 1000);
    if ((await this.deps.feedback.countFromSince(caller.clientAddress, since)) >= feedbackLimits.perAddress) {
      throw tooMuchFeedback();
    }
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
