import { describe, expect, it } from "vitest";
import { type CatalogNode, validateCatalog } from "./book-catalog.js";

const node = (title: string, page: number, children: CatalogNode[] = []): CatalogNode => ({ title, page, children });

describe("catalog validation", () => {
  it("answers the trimmed tree", () => {
    expect(validateCatalog([node(" One ", 1, [node("Two", 2)])], 3)).toMatchObject([
      { title: "One", page: 1, url: "", children: [{ title: "Two", page: 2, url: "", children: [] }] },
    ]);
  });

  it("keeps the collapse flag of an entry with sub-entries only (spec 001 TOC entry)", () => {
    const [folded, leaf] = validateCatalog(
      [
        { ...node("One", 1, [node("Two", 2)]), collapsed: true },
        { ...node("Three", 3), collapsed: true },
      ],
      3,
    );
    expect(folded).toMatchObject({ title: "One", collapsed: true });
    expect(leaf).not.toHaveProperty("collapsed");
    expect(validateCatalog([node("One", 1, [node("Two", 2)])], 3)[0]).not.toHaveProperty("collapsed");
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

describe("catalog ids and links", () => {
  it("keeps an entry's id and URL, gives a new id to a missing or repeated one", () => {
    const [first, second, third] = validateCatalog(
      [
        { id: "intro", title: "Intro", page: 1, url: " https://example.com/a ", children: [] },
        { id: "intro", title: "Again", page: 2, children: [] },
        { title: "No id", page: 2, children: [] },
      ],
      3,
    );
    expect(first).toMatchObject({ id: "intro", url: "https://example.com/a" });
    expect(second?.id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(second?.id).not.toBe("intro");
    expect(third?.id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(third?.url).toBe("");
  });

  it("refuses a link that is not an http(s) URL, with a coded message naming the entry", () => {
    for (const url of ["javascript:alert(1)", "ftp://example.com/", "data:text/html,x", "example.com", "http://a b"]) {
      expect(() => validateCatalog([node("A", 1, [{ title: "B", page: 1, url, children: [] }])], 3)).toThrow(
        expect.objectContaining({ messageKey: "catalogUrl", messageParams: { path: "1.1" } }),
      );
    }
  });
});
