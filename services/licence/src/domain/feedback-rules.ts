import { DomainError, message } from "@turnleaf/kit";

/** The limits of one piece of feedback (spec 001 §2 feedback, stored for support). */
export const feedbackLimits = {
  messageChars: 5000,
  emailChars: 254,
  logBytes: 256 * 1024,
  /** Feedback a client address may send in the window. */
  perAddress: 5,
  windowSeconds: 3600,
} as const;

const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,60}$/;

export interface FeedbackInput {
  message: string;
  email: string;
  log: string;
  toolVersion: string;
  language: string;
}

/** The feedback to keep (trimmed), or the refusal of the first rule it breaks. */
export function checkedFeedback(input: FeedbackInput): FeedbackInput {
  const text = input.message.trim();
  if (text === "") throw new DomainError("INVALID_ARGUMENT", message("feedback.empty"));
  if (text.length > feedbackLimits.messageChars) {
    throw new DomainError("INVALID_ARGUMENT", message("feedback.tooLong", { max: feedbackLimits.messageChars }));
  }
  const email = input.email.trim();
  if (email !== "" && (email.length > feedbackLimits.emailChars || !emailPattern.test(email))) {
    throw new DomainError("INVALID_ARGUMENT", message("feedback.badEmail"));
  }
  if (Buffer.byteLength(input.log, "utf8") > feedbackLimits.logBytes) {
    throw new DomainError("INVALID_ARGUMENT", message("feedback.logTooLarge", { max: "256 KB" }));
  }
  return {
    message: text,
    email,
    log: input.log,
    toolVersion: input.toolVersion.slice(0, 40),
    language: input.language.slice(0, 10),
  };
}

export const tooMuchFeedback = () => new DomainError("RATE_LIMITED", message("feedback.tooMany"));
