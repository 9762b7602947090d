import { describe, expect, it } from "vitest";
import { type Bookmark, newBookmark, uniqueRandomColour, validateBookmarks } from "./book-bookmarks.js";

const tab = (page: number, colour: string): Bookmark => ({ caption: "c", page, colour, fontColour: "#ffffff" });

describe("bookmark rules (spec 000 §3, §4)", () => {
  it("a new tab: caption 'bookmark', white font, page 1 when none", () => {
    expect(newBookmark([], { caption: "", sharedColour: false }, 0)).toMatchObject({
      caption: "bookmark",
      fontColour: "#ffffff",
      page: 1,
    });
  });

  it("a new tab's page is the last tab's page plus 1, never beyond the book", () => {
    expect(newBookmark([tab(7, "#111111"), tab(3, "#222222")], { caption: "x", sharedColour: false }, 0).page).toBe(4);
    expect(newBookmark([tab(5, "#111111")], { caption: "x", sharedColour: false }, 5).page).toBe(5);
  });

  it("a new tab's colour is random and unique among the tabs", () => {
    const draws = [0x111111, 0x111111, 0x222222, 0xabcdef];
    const random = () => draws.shift() ?? 0;
    expect(uniqueRandomColour(["#111111", "#222222"], random)).toBe("#abcdef");
    const colour = newBookmark([tab(1, "#111111"), tab(2, "#222222")], { caption: "", sharedColour: false }, 0).colour;
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(colour).not.toMatch(/^#(111111|222222)$/);
  });

  it("takes the colour all existing tabs share, a single tab's included (spec 000 'Bookmark add')", () => {
    expect(newBookmark([tab(1, "#AA0000")], { caption: "", sharedColour: true }, 0).colour).toBe("#aa0000");
    expect(newBookmark([tab(1, "#AA0000")], { caption: "", sharedColour: false }, 0).colour).toBe("#aa0000");
    expect(newBookmark([tab(1, "#aa0000"), tab(2, "#aa0000")], { caption: "", sharedColour: false }, 0).colour).toBe(
      "#aa0000",
    );
    expect(
      newBookmark([tab(1, "#aa0000"), tab(2, "#bb0000")], { caption: "", sharedColour: true }, 0).colour,
    ).not.toMatch(/^#(aa|bb)0000$/);
  });

  it("saved tabs: defaults, colours, pages within the book, at most 1000", () => {
    expect(validateBookmarks([{ caption: " ", page: 2, colour: "#ABC", fontColour: "" }], 3)).toEqual([
      { caption: "bookmark", page: 2, colour: "#abc", fontColour: "#ffffff" },
    ]);
    expect(() => validateBookmarks([tab(4, "#abc")], 3)).toThrow(
      expect.objectContaining({ messageKey: "pageBetween", messageParams: { max: 3 } }),
    );
    expect(() => validateBookmarks([tab(1, "red;")], 3)).toThrow(
      expect.objectContaining({ messageKey: "colourInvalid" }),
    );
    expect(() =>
      validateBookmarks(
        Array.from({ length: 1001 }, () => tab(1, "#abc")),
        0,
      ),
    ).toThrow(expect.objectContaining({ messageKey: "bookmarkLimit", messageParams: { max: 1000 } }));
    expect(() =>
      newBookmark(
        Array.from({ length: 1000 }, () => tab(1, "#abc")),
        { caption: "", sharedColour: false },
        0,
      ),
    ).toThrow(expect.objectContaining({ messageKey: "bookmarkLimit", messageParams: { max: 1000 } }));
  });
});
