import { describe, expect, it } from "vitest";
import { isPublished } from "./published-book.js";

describe("published books", () => {
  it("are the normal ones (spec 000 §4 bStatus 1), never disabled or in error", () => {
    expect(isPublished({ bStatus: 1 })).toBe(true);
    expect(isPublished({ bStatus: 0 })).toBe(false);
    expect(isPublished({ bStatus: 3 })).toBe(false);
  });

  it("stay open while a revision converts unless the owner had disabled the book", () => {
    expect(isPublished({ bStatus: 2, statusAfterConversion: 1 })).toBe(true);
    expect(isPublished({ bStatus: 2 })).toBe(true);
    expect(isPublished({ bStatus: 2, statusAfterConversion: 0 })).toBe(false);
  });
});

describe("suspended hosting", () => {
  it("closes a normal book to readers until it is paid again", () => {
    expect(isPublished({ bStatus: 1, hostingSuspended: true })).toBe(false);
    expect(isPublished({ bStatus: 1, hostingSuspended: false })).toBe(true);
    expect(isPublished({ bStatus: 2, hostingSuspended: true })).toBe(false);
  });
});
