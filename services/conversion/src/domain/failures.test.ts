import { describe, expect, it } from "vitest";
import { combineFailures, failureMessages } from "./failures.js";

describe("combineFailures", () => {
  it("keeps a single source's own message", () => {
    expect(combineFailures([{ name: "a.pdf", message: failureMessages.pdf("a.pdf: bad") }], 1)).toBe(
      "PDF conversion failed: a.pdf: bad",
    );
    expect(combineFailures([], 1)).toBeUndefined();
  });

  it("lets a wrong password win, and names the failing files of a merge", () => {
    expect(
      combineFailures(
        [
          { name: "a.pdf", message: failureMessages.image },
          { name: "b.pdf", message: "Incorrect Password!" },
        ],
        3,
      ),
    ).toBe("Incorrect Password!");
    expect(combineFailures([{ name: "b.png", message: failureMessages.image }], 2)).toBe(
      "some files could not be converted: b.png",
    );
  });
});
