import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { checkedFeedback, feedbackLimits } from "./feedback-rules.js";

const base = { message: "hello", email: "", log: "", toolVersion: "0.1.0", language: "en" };

function refusalKey(input: typeof base): string | undefined {
  try {
    checkedFeedback(input);
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.coded?.key : "not a DomainError";
  }
}

describe("feedback rules", () => {
  it("keeps trimmed words and refuses empty, over-long, a bad address and an over-large log", () => {
    expect(checkedFeedback({ ...base, message: "  the zoom  ", email: " a@b.co " })).toMatchObject({
      message: "the zoom",
      email: "a@b.co",
    });
    expect(refusalKey({ ...base, message: "   " })).toBe("feedback.empty");
    expect(refusalKey({ ...base, message: "x".repeat(feedbackLimits.messageChars) })).toBeUndefined();
    expect(refusalKey({ ...base, message: "x".repeat(feedbackLimits.messageChars + 1) })).toBe("feedback.tooLong");
    expect(refusalKey({ ...base, email: "not-an-address" })).toBe("feedback.badEmail");
    expect(refusalKey({ ...base, log: "x".repeat(feedbackLimits.logBytes + 1) })).toBe("feedback.logTooLarge");
  });
});
