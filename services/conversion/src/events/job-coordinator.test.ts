import { describe, expect, it } from "vitest";
import { workItems } from "./job-coordinator.js";

describe("workItems", () => {
  it("covers every page once in runs of the item size, the last one shorter", () => {
    expect(workItems(40, 16)).toEqual([
      { first: 1, last: 16 },
      { first: 17, last: 32 },
      { first: 33, last: 40 },
    ]);
    expect(workItems(16, 16)).toEqual([{ first: 1, last: 16 }]);
  });
});
