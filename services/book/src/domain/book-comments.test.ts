import { describe, expect, it } from "vitest";
import {
  commentFields,
  commentLimits,
  commentTexts,
  leaveMessageOn,
  pageOf,
  posterKey,
  stripControls,
  tooManyPosts,
} from "./book-comments.js";
import { leaveMessagePlugin } from "./book-settings.js";

describe("reader messages", () => {
  it("trims both fields and removes control and disguising characters, keeping a message's line breaks", () => {
    expect(commentFields({ name: "  Ann\u0000 \u202eLee\t", message: "\u200bhi\r\nthere\u0007  " })).toEqual({
      name: "Ann Lee",
      message: "hi\nthere",
    });
    expect(stripControls("a\nb", false)).toBe("a b");
    // Emoji sequences keep their joiner.
    expect(stripControls("👩\u200d💻", true)).toBe("👩\u200d💻");
  });

  it("keeps markup as written: it is shown as text", () => {
    expect(commentFields({ name: "<b>x</b>", message: "<script>alert(1)</script>" })).toEqual({
      name: "<b>x</b>",
      message: "<script>alert(1)</script>",
    });
  });

  it("requires a name and a message within their limits, counted in characters", () => {
    expect(() => commentFields({ name: " \u0001 ", message: "m" })).toThrow(
      expect.objectContaining({ messageKey: commentTexts.nameRequired.key }),
    );
    expect(() => commentFields({ name: "n", message: "\n \n" })).toThrow(
      expect.objectContaining({ messageKey: commentTexts.messageRequired.key }),
    );
    expect(() => commentFields({ name: "n".repeat(41), message: "m" })).toThrow(
      expect.objectContaining({ messageKey: commentTexts.nameTooLong.key }),
    );
    expect(() => commentFields({ name: "n", message: "m".repeat(501) })).toThrow(
      expect.objectContaining({ messageKey: commentTexts.messageTooLong.key }),
    );
    expect(commentFields({ name: "😀".repeat(40), message: "é".repeat(500) }).name).toHaveLength(80);
  });

  it("refuses a post past five per poster in ten minutes with the limit and window", () => {
    expect(commentLimits).toMatchObject({ perWindow: 5, windowMs: 600_000 });
    expect(tooManyPosts()).toEqual(
      expect.objectContaining({
        messageKey: commentTexts.tooMany.key,
        details: expect.objectContaining({ limit: 5, windowSeconds: 600 }),
      }),
    );
  });

  it("keys a poster per book without keeping the address", () => {
    expect(posterKey("b1", "10.0.0.1")).toBe(posterKey("b1", "10.0.0.1"));
    expect(posterKey("b1", "10.0.0.1")).not.toBe(posterKey("b2", "10.0.0.1"));
    expect(posterKey("b1", "10.0.0.1")).not.toContain("10.0.0.1");
  });

  it("takes messages only when the book has the BookLeaveMessage plugin", () => {
    expect(leaveMessageOn(JSON.stringify([leaveMessagePlugin("b1")]))).toBe(true);
    expect(leaveMessageOn(JSON.stringify([{ name: "Other" }]))).toBe(false);
    expect(leaveMessageOn("not json")).toBe(false);
    expect(leaveMessageOn(undefined)).toBe(false);
  });

  it("reads page numbers within reason", () => {
    expect([pageOf(0), pageOf(-3), pageOf(2), pageOf(1.5), pageOf(1e9)]).toEqual([1, 1, 2, 1, 10_000]);
  });
});
