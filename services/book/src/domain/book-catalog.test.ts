import { describe, expect, it } from "vitest";
import { type CatalogNode, validateCatalog } from "./book-catalog.js";

const node = (title: string, page: number, children: CatalogNode[] = []): CatalogNode => ({ title, page, children });

describe("catalog validation", () => {
  it("answers the trimmed tree", () => {
    expect(validateCatalog([node(" One ", 1, [node("Two", 2)])], 3)).toEqual([node("One", 1, [node("Two", 2)])]);
  });

  it("pages must be within the book", () => {
    expect(() => validateCatalog([node("A", 4)], 3)).toThrow(
      expect.objectContaining({ messageKey: "pageBetween", messageParams: { max: 3 } }),
    );
    expect(() => validateCatalog([node("A", 0)], 0)).toThrow(expect.objectContaining({ messageKey: "pageAtLeastOne" }));
    expect(validateCatalog([node("A", 40)], 0)).toHaveLength(1);
  });

  it("at most 5 levels", () => {
    const deep = (levels: number): CatalogNode => node("x", 1, levels > 1 ? [deep(levels - 1)] : []);
    expect(validateCatalog([deep(5)], 1)).toHaveLength(1);
    expect(() => validateCatalog([deep(6)], 1)).toThrow(
      expect.objectContaining({ messageKey: "catalog.depth", messageParams: { max: 5 } }),
    );
  });

  it("titles are required and at most 200 characters", () => {
    expect(() => validateCatalog([node(" ", 1)], 1)).toThrow(
      expect.objectContaining({ messageKey: "catalog.titleRequired" }),
    );
    expect(() => validateCatalog([node("t".repeat(201), 1)], 1)).toThrow(
      expect.objectContaining({ messageKey: "textTooLong" }),
    );
  });
});
