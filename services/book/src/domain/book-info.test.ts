import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { bookInfoFields } from "./book-info.js";

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  return "";
}

describe("bookInfoFields", () => {
  it("keeps only the fields sent, trimmed; keywords as written", () => {
    expect(bookInfoFields({})).toEqual({});
    expect(bookInfoFields({ title: " T ", keywords: " a, b c ", label: "2", categoryId: "" })).toEqual({
      title: "T",
      keywords: "a, b c",
      label: 2,
      categoryId: "",
    });
    expect(bookInfoFields({ description: "" })).toEqual({ description: "" });
  });

  it("refuses an empty or long title, long texts, an unknown label and a non-numeric category", () => {
    expect(messageOf(() => bookInfoFields({ title: " " }))).toBe("please enter a title");
    expect(messageOf(() => bookInfoFields({ title: "t".repeat(101) }))).toBe("title may not exceed 100 characters");
    expect(messageOf(() => bookInfoFields({ description: "d".repeat(2001) }))).toBe(
      "desc may not exceed 2000 characters",
    );
    expect(messageOf(() => bookInfoFields({ keywords: "k".repeat(501) }))).toBe(
      "keyword may not exceed 500 characters",
    );
    expect(messageOf(() => bookInfoFields({ label: "5" }))).toContain("label must be 0");
    expect(messageOf(() => bookInfoFields({ categoryId: "1".repeat(21) }))).toBe(
      "categoryId must be digits (at most 20)",
    );
  });
});
