import { fieldProblem, message } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { failureOf } from "./failure-of.test-support.js";
import { maxSidePx, resolvePageRange, validatePageQuality } from "./import-options.js";

describe("resolvePageRange", () => {
  it("resolves the spec's example into distinct ascending pages", () => {
    expect(resolvePageRange("1,5-8,20", 30)).toEqual([1, 5, 6, 7, 8, 20]);
    expect(resolvePageRange(" 3 , 1-2, 2 ", 3)).toEqual([1, 2, 3]);
  });

  it("asks for a range when none is given", () => {
    expect(failureOf(() => resolvePageRange("  ", 10)).messageKey).toBe("pageRange.empty");
  });

  it.each(["1,,2", "a-3", "5-2", "0", "1-11", "1;2", "-3", "2-", "1.5"])("rejects %s as Incorrect Format", (range) => {
    const failure = failureOf(() => resolvePageRange(range, 10));
    expect(failure.messageKey).toBe("pageRange.incorrectFormat");
    expect(failure.kind).toBe("INVALID_ARGUMENT");
  });
});

describe("validatePageQuality", () => {
  it("accepts the bounds themselves", () => {
    expect(validatePageQuality({ definition: 80, maxEdgePx: 3200, dpi: 72 })).toEqual({
      definition: 80,
      maxEdgePx: 3200,
      dpi: 72,
    });
    expect(() => validatePageQuality({ definition: 95, maxEdgePx: 450, dpi: 320 })).not.toThrow();
  });

  it("lists every field out of range", () => {
    const failure = failureOf(() => validatePageQuality({ definition: 96, maxEdgePx: 449, dpi: 72.5 }));
    expect(failure.messageKey).toBe("pageQualityRange");
    expect(failure.details).toEqual({
      errors: [
        // Coded texts the gateway renders in the interface language.
        fieldProblem("definition", message("field.range", { field: "definition", min: 80, max: 95 })),
        fieldProblem("maxEdgePx", message("field.range", { field: "maxEdgePx", min: 450, max: 3200 })),
        fieldProblem("dpi", message("field.range", { field: "dpi", min: 72, max: 320 })),
      ],
    });
  });
});

describe("maxSidePx", () => {
  it("maps the create-meta options to pixels", () => {
    expect([4, 3, 2, 1].map(maxSidePx)).toEqual([1280, 1920, 2200, 2800]);
  });

  it("rejects an unknown option", () => {
    expect(failureOf(() => maxSidePx(5)).kind).toBe("INVALID_ARGUMENT");
  });
});
