import { describe, expect, it } from "vitest";
import { mediaDoc, mediaKey, moved, newItem, newItemId, pageItems, resized, splitMedia } from "./media-doc.js";

describe("media items in the editor's document", () => {
  const link = { id: "a", page: 3, kind: "link" as const, x: 0.1, y: 0.1, width: 0.2, height: 0.1, targetPage: 4 };

  it("keeps each item under its own key, deleted and removed ones as null", () => {
    expect(mediaDoc({ items: [link], removedPdfLinks: ["pdf-3-1"] })).toEqual({
      "media:a": link,
      "media:pdf-3-1": null,
    });
  });

  it("lists a page's items and the PDF links the document does not name", () => {
    const doc = {
      other: 1,
      [mediaKey("a")]: link,
      [mediaKey("pdf-3-1")]: null,
      [mediaKey("b")]: { ...link, id: "b", page: 2 },
    };
    const pdf = [
      { id: "pdf-3-0", x: 0.5, y: 0.5, width: 0.1, height: 0.1, url: "https://x.org/" },
      { id: "pdf-3-1", x: 0.5, y: 0.7, width: 0.1, height: 0.1, page: 1 },
    ];
    expect(pageItems(doc, 3, pdf).map((item) => [item.id, item.origin ?? ""])).toEqual([
      ["a", ""],
      ["pdf-3-0", "pdf"],
    ]);
  });

  it("splits a change into item writes (undefined and null delete) and the rest", () => {
    expect(splitMedia({ "media:a": link, "media:b": undefined, "media:c": null, key: "v" })).toEqual({
      media: [
        ["a", link],
        ["b", null],
        ["c", null],
      ],
      rest: { key: "v" },
    });
  });

  it("moves and resizes within the page", () => {
    expect(moved(link, -0.5, 0.95)).toMatchObject({ x: 0, y: 0.9 });
    expect(resized(link, 2, -1)).toMatchObject({ width: 0.9, height: 0.02 });
    const placed = newItem("video", 2, { url: "https://x.org/a.mp4" });
    expect(placed).toMatchObject({ page: 2, kind: "video", x: 0.2, y: 0.35, width: 0.6, height: 0.3 });
  });

  it("makes ids the server takes, different each time", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newItemId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });
});
