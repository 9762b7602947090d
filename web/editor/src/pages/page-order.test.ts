import { describe, expect, it } from "vitest";
import { labelsFor } from "../labels.js";
import {
  deleteProblem,
  fill,
  insertFilesProblem,
  insertPosition,
  isReordered,
  movePage,
  naturalOrder,
  withChosen,
} from "./page-order.js";

describe("the pages panel's rules", () => {
  it("moves a page by drag or one step, and knows when the order changed", () => {
    expect(movePage([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(movePage([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(movePage([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(movePage([1, 2, 3], 2, 3)).toEqual([1, 2, 3]);
    expect(isReordered(naturalOrder(3))).toBe(false);
    expect(isReordered([2, 1, 3])).toBe(true);
  });

  it("takes insert positions from 1 to one past the last page", () => {
    expect(insertPosition("3", 6)).toBe(3);
    expect(insertPosition("7", 6)).toBe(7);
    expect(insertPosition("0", 6)).toBeUndefined();
    expect(insertPosition("8", 6)).toBeUndefined();
    expect(insertPosition("2.5", 6)).toBeUndefined();
    expect(insertPosition("", 6)).toBeUndefined();
  });

  it("inserts one PDF or images, nothing else", () => {
    expect(insertFilesProblem(["a.pdf"])).toBeNull();
    expect(insertFilesProblem(["a.JPG", "b.png"])).toBeNull();
    expect(insertFilesProblem([])).toBe("none");
    expect(insertFilesProblem(["a.docx"])).toBe("kind");
    expect(insertFilesProblem(["a.pdf", "b.pdf"])).toBe("kind");
    expect(insertFilesProblem(["a.pdf", "b.png"])).toBe("kind");
  });

  it("refuses deleting nothing or every page", () => {
    expect(deleteProblem(new Set(), 3)).toBe("none");
    expect(deleteProblem(new Set([1, 2, 3]), 3)).toBe("all");
    expect(deleteProblem(new Set([2]), 3)).toBeNull();
    expect(fill("{a} of {b} {c}", { a: 1, b: "x" })).toBe("1 of x {c}");
  });

  it("fills the English page counts with their plural forms", () => {
    const en = labelsFor("en");
    expect(fill(en.pagesDone, { count: 1 })).toBe("Pages updated: 1 page");
    expect(fill(en.pagesDone, { count: 5 })).toBe("Pages updated: 5 pages");
    expect(fill(en.pagesDeleteConfirm, { count: 1 })).toMatch(/^Delete 1 page\?/);
    expect(fill(en.pagesDeleteConfirm, { count: 2 })).toMatch(/^Delete 2 pages\?/);
    expect(fill(labelsFor("zh-CN").pagesDone, { count: 1 })).toBe("页面已更新：共 1 页");
  });

  it("checks and unchecks a page without changing the chosen set it was given", () => {
    const chosen = new Set([2]);
    expect([...withChosen(chosen, 4, true)]).toEqual([2, 4]);
    expect([...withChosen(chosen, 2, false)]).toEqual([]);
    expect([...chosen]).toEqual([2]);
  });
});
