import { describe, expect, it } from "vitest";
import type { CatalogNode } from "./book-catalog.js";
import {
  movedPage,
  type PageEdit,
  parsePageList,
  planPageEdit,
  remapBookmarks,
  remapCatalog,
  remapMediaItem,
  retargetedPage,
} from "./page-edit.js";

const refused = (pageCount: number, edit: PageEdit) => {
  try {
    planPageEdit(pageCount, edit);
  } catch (error) {
    return (error as { messageKey?: string }).messageKey;
  }
  return "accepted";
};

const layoutOf = (pageCount: number, edit: PageEdit) =>
  planPageEdit(pageCount, edit).layout.map((entry) => (entry.basePage ? entry.basePage : `+${entry.insertedPage}`));

describe("page edit plans", () => {
  it("inserting 2 pages at position 3 of 6 puts them before old page 3", () => {
    expect(layoutOf(6, { kind: "insert", position: 3, count: 2 })).toEqual([1, 2, "+1", "+2", 3, 4, 5, 6]);
    const plan = planPageEdit(6, { kind: "insert", position: 3, count: 2 });
    expect(movedPage(plan, 4)).toBe(6);
    expect(movedPage(plan, 2)).toBe(2);
  });

  it("position 1 prepends, pageCount + 1 appends", () => {
    expect(layoutOf(2, { kind: "insert", position: 1, count: 1 })).toEqual(["+1", 1, 2]);
    expect(layoutOf(2, { kind: "insert", position: 3, count: 1 })).toEqual([1, 2, "+1"]);
  });

  it("refuses positions outside 1 … pageCount + 1, empty inserts and more than 1000 pages", () => {
    expect(refused(6, { kind: "insert", position: 0, count: 1 })).toBe("pages.badPosition");
    expect(refused(6, { kind: "insert", position: 8, count: 1 })).toBe("pages.badPosition");
    expect(refused(6, { kind: "insert", position: 2.5, count: 1 })).toBe("pages.badPosition");
    expect(refused(6, { kind: "insert", position: 2, count: 0 })).toBe("pages.nothingToInsert");
    expect(refused(999, { kind: "insert", position: 2, count: 2 })).toBe("pages.tooMany");
    expect(refused(998, { kind: "insert", position: 2, count: 2 })).toBe("accepted");
  });

  it("a book without finished pages cannot be edited", () => {
    expect(refused(0, { kind: "insert", position: 1, count: 1 })).toBe("pages.notReady");
  });

  it("deletes pages and refuses deleting every page, repeats and pages outside the book", () => {
    expect(layoutOf(5, { kind: "delete", pages: [4, 2] })).toEqual([1, 3, 5]);
    expect(refused(3, { kind: "delete", pages: [1, 2, 3] })).toBe("pages.deleteAll");
    expect(refused(3, { kind: "delete", pages: [2, 2] })).toBe("pages.badPages");
    expect(refused(3, { kind: "delete", pages: [4] })).toBe("pages.badPages");
    expect(refused(3, { kind: "delete", pages: [] })).toBe("pages.badPages");
  });

  it("reorders by a permutation and refuses anything else", () => {
    const plan = planPageEdit(4, { kind: "move", order: [2, 1, 4, 3] });
    expect(plan.oldToNew).toEqual([2, 1, 4, 3]);
    expect(refused(4, { kind: "move", order: [1, 2, 3] })).toBe("pages.badOrder");
    expect(refused(4, { kind: "move", order: [1, 1, 2, 3] })).toBe("pages.badOrder");
    expect(refused(4, { kind: "move", order: [1, 2, 3, 5] })).toBe("pages.badOrder");
  });
});

describe("what follows the pages", () => {
  const toc: CatalogNode[] = [
    { title: "A", page: 1, children: [{ title: "A.1", page: 4, children: [] }] },
    { title: "B", page: 6, children: [] },
  ];

  it("TOC entries shift after an insert and keep their tree", () => {
    const plan = planPageEdit(6, { kind: "insert", position: 3, count: 2 });
    expect(remapCatalog(toc, plan)).toEqual([
      { title: "A", page: 1, children: [{ title: "A.1", page: 6, children: [] }] },
      { title: "B", page: 8, children: [] },
    ]);
  });

  it("a TOC entry of a deleted page points at the page that took its place (the last page at the end)", () => {
    const plan = planPageEdit(6, { kind: "delete", pages: [4, 6] });
    expect(retargetedPage(plan, 4)).toBe(4); // old 5 is now 4
    expect(retargetedPage(plan, 6)).toBe(4); // nothing after: the last surviving page
    expect(remapCatalog(toc, plan)[1]?.page).toBe(4);
  });

  it("TOC entries keep fields other helpers add (ids, links)", () => {
    const plan = planPageEdit(2, { kind: "move", order: [2, 1] });
    const nodes = [{ title: "x", page: 1, children: [], id: "n1", link: "" }];
    expect(remapCatalog(nodes, plan)).toEqual([{ title: "x", page: 2, children: [], id: "n1", link: "" }]);
  });

  it("bookmarks follow their page; a deleted page's bookmark goes", () => {
    const plan = planPageEdit(4, { kind: "delete", pages: [2] });
    const marks = [
      { caption: "a", page: 2, colour: "#000", fontColour: "#fff" },
      { caption: "b", page: 3, colour: "#000", fontColour: "#fff" },
    ];
    expect(remapBookmarks(marks, plan)).toEqual([{ caption: "b", page: 2, colour: "#000", fontColour: "#fff" }]);
  });

  it("media items follow their page, links retarget, PDF link ids take the new page, deleted pages' items go", () => {
    const plan = planPageEdit(5, { kind: "insert", position: 2, count: 3 });
    expect(remapMediaItem({ itemId: "a1", page: 1, targetPage: 0 }, plan)).toEqual({ itemId: "a1", action: "keep" });
    expect(remapMediaItem({ itemId: "v", page: 2, targetPage: 5 }, plan)).toEqual({
      itemId: "v",
      action: "update",
      newItemId: "v",
      page: 5,
      targetPage: 8,
    });
    expect(remapMediaItem({ itemId: "pdf-3-0", page: 3, targetPage: 1 }, plan)).toMatchObject({
      newItemId: "pdf-6-0",
      page: 6,
      targetPage: 1,
    });
    const deleted = planPageEdit(3, { kind: "delete", pages: [2] });
    expect(remapMediaItem({ itemId: "m", page: 2, targetPage: 0 }, deleted).action).toBe("delete");
    expect(remapMediaItem({ itemId: "l", page: 1, targetPage: 2 }, deleted).action).toBe("keep");
    expect(remapMediaItem({ itemId: "l", page: 1, targetPage: 3 }, deleted)).toMatchObject({ targetPage: 2 });
  });
});

describe("page lists", () => {
  it("reads 3,5-7 and refuses malformed ones", () => {
    expect(parsePageList("3,5-7")).toEqual([3, 5, 6, 7]);
    expect(parsePageList("7-5")).toBeUndefined();
    expect(parsePageList("a")).toBeUndefined();
    expect(parsePageList("")).toBeUndefined();
    expect(parsePageList("1-5000")).toBeUndefined();
  });
});
