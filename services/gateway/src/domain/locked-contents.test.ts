import { describe, expect, it } from "vitest";
import { freeBookmarks, freeOutline } from "./locked-contents.js";

describe("a locked book's contents", () => {
  it("keeps only the entries and bookmarks of the free pages", () => {
    const outline = [
      {
        title: "Cover",
        page: 1,
        children: [
          { title: "Free child", page: 2, children: [] },
          { title: "Paid child", page: 3, children: [] },
        ],
      },
      { title: "Chapter 2", page: 5, children: [{ title: "Deep", page: 6, children: [] }] },
    ];
    expect(freeOutline(outline, 3)).toEqual([
      { title: "Cover", page: 1, children: [{ title: "Free child", page: 2, children: [] }] },
    ]);
    expect(freeOutline(outline, 1)).toEqual([]);
    expect(freeBookmarks([{ page: 1 }, { page: 4 }], 3)).toEqual([{ page: 1 }]);
  });
});
