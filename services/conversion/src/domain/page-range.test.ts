import { describe, expect, it } from "vitest";
import { PageRangeError, resolvePageRange } from "./page-range.js";

describe("resolvePageRange", () => {
  it("reads single pages and ranges, sorted and distinct", () => {
    expect(resolvePageRange("1,5-8,20", 20)).toEqual([1, 5, 6, 7, 8, 20]);
    expect(resolvePageRange(" 3 , 1-2,2 ", 5)).toEqual([1, 2, 3]);
  });

  it("means every page when empty", () => {
    expect(resolvePageRange("", 3)).toEqual([1, 2, 3]);
  });

  it("rejects what does not fit the document", () => {
    for (const range of ["0", "4", "3-2", "1-x", "1;2"]) {
      expect(() => resolvePageRange(range, 3)).toThrow(PageRangeError);
    }
  });
});
