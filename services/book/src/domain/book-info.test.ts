import { describe, expect, it } from "vitest";
import { bookInfoFields } from "./book-info.js";

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
    expect(() => bookInfoFields({ title: " " })).toThrow(
      expect.objectContaining({ messageKey: "upload.titleRequired" }),
    );
    expect(() => bookInfoFields({ title: "t".repeat(101) })).toThrow(
      expect.objectContaining({ messageKey: "textTooLong" }),
    );
    expect(() => bookInfoFields({ description: "d".repeat(2001) })).toThrow(
      expect.objectContaining({ messageKey: "textTooLong" }),
    );
    expect(() => bookInfoFields({ keywords: "k".repeat(501) })).toThrow(
      expect.objectContaining({ messageKey: "textTooLong" }),
    );
    expect(() => bookInfoFields({ label: "5" })).toThrow(expect.objectContaining({ messageKey: "field.oneOf" }));
    expect(() => bookInfoFields({ categoryId: "1".repeat(21) })).toThrow(
      expect.objectContaining({ messageKey: "field.digits", messageParams: { field: "categoryId", max: 20 } }),
    );
  });
});
