import { describe, expect, it } from "vitest";
import { pageOf } from "./book-settings.routes.js";

describe("pageOf (catalog and bookmark pages)", () => {
  it("keeps whole numbers and digit strings, and turns anything else into 0 for the page rule to refuse", () => {
    expect(pageOf(3)).toBe(3);
    expect(pageOf("12")).toBe(12);
    expect(pageOf(-5)).toBe(-5);
    for (const odd of ["x", 1.5, 1e300, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31, null, undefined, {}, [], true]) {
      expect(pageOf(odd), String(odd)).toBe(0);
    }
  });
});
