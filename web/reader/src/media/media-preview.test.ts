import { describe, expect, it } from "vitest";
import type { PageLink, ReaderPage } from "../book.js";
import { applyMediaPreview } from "./media-preview.js";

const page = (number: number, links: PageLink[] = []): ReaderPage => ({
  number,
  width: 600,
  height: 800,
  renditions: [],
  thumbUrl: "",
  textUrl: null,
  links,
});
const note = { id: "n1", page: 2, kind: "note" as const, x: 0.1, y: 0.2, width: 0.3, height: 0.1, text: "Hi" };
const pdfLink = { id: "pdf-1-0", x: 0.5, y: 0.5, width: 0.2, height: 0.05, url: "https://pdf.example/" };

describe("the preview's media items", () => {
  it("places, moves between pages and deletes an item, leaving other keys to the settings", () => {
    const links = new Map();
    const pages = [page(1, [pdfLink]), page(2), page(3)];
    expect(applyMediaPreview(pages, "bgColor", "#fff", links)).toBeUndefined();
    const placed = applyMediaPreview(pages, "media:n1", note, links) ?? [];
    expect(placed[1]?.media).toEqual([note]);
    expect(placed[0]).toBe(pages[0]);
    const moved = applyMediaPreview(placed, "media:n1", { ...note, page: 3, x: 0.5 }, links) ?? [];
    expect(moved[1]?.media).toBeUndefined();
    expect(moved[2]?.media).toEqual([{ ...note, page: 3, x: 0.5 }]);
    const deleted = applyMediaPreview(moved, "media:n1", null, links) ?? [];
    expect(deleted.every((entry) => entry.media === undefined)).toBe(true);
  });

  it("an edited PDF link replaces the conversion's link, and comes back when the edit is undone", () => {
    const links = new Map();
    const pages = [page(1, [pdfLink])];
    const edited = {
      id: "pdf-1-0",
      page: 1,
      kind: "link" as const,
      x: 0.4,
      y: 0.5,
      width: 0.2,
      height: 0.05,
      url: "https://new.example/",
      origin: "pdf" as const,
    };
    const after = applyMediaPreview(pages, "media:pdf-1-0", edited, links) ?? [];
    expect(after[0]?.links).toEqual([]);
    expect(after[0]?.media).toEqual([edited]);
    const back = applyMediaPreview(after, "media:pdf-1-0", undefined, links) ?? [];
    expect(back[0]?.links).toEqual([pdfLink]);
    expect(back[0]?.media).toBeUndefined();
  });

  it("draws nothing from a malformed item", () => {
    const links = new Map();
    const pages = [page(1), page(2)];
    for (const bad of [{ ...note, id: "other" }, { ...note, x: 2 }, { ...note, kind: "script" }, "n1", 7])
      expect((applyMediaPreview(pages, "media:n1", bad, links) ?? []).some((entry) => entry.media)).toBe(false);
  });
});
