import type { Manifest, ManifestPage } from "@turnleaf/book-format";
import { describe, expect, it } from "vitest";
import { layoutMaps, layoutProblem, mergedOutline, mergedSearch, mergedSourcePdfs, placedPage } from "./page-layout.js";

const base = (page: number) => ({ basePage: page, insertedPage: 0 });
const added = (page: number) => ({ basePage: 0, insertedPage: page });

const page = (n: number, links: ManifestPage["links"] = []): ManifestPage => ({
  n,
  width: 600,
  height: 800,
  ready: true,
  webp: { "1600": `pages/${n}/1600.webp`, "960": `pages/${n}/960.webp` },
  jpg: `pages/${n}/1600.jpg`,
  thumb: `thumbs/${n}.jpg`,
  text: `text/${n}.json`,
  links,
  source: { index: 0, page: n - 1, part: "whole", region: [0, 0, 1, 1] },
});

describe("a page edit's new revision", () => {
  // 6 base pages, 2 inserted at position 3.
  const layout = [base(1), base(2), added(1), added(2), base(3), base(4), base(5), base(6)];

  it("checks the layout against the pages that exist", () => {
    expect(layoutProblem(layout, 6, 2)).toBeNull();
    expect(layoutProblem(layout, 6, 3)).toMatch(/inserted file has 3 pages/);
    expect(layoutProblem([base(1), base(1)], 6, 0)).toMatch(/page 1/);
    expect(layoutProblem([base(7)], 6, 0)).toMatch(/page 7/);
    expect(layoutProblem([{ basePage: 1, insertedPage: 1 }], 6, 1)).toMatch(/from the book or/);
    expect(layoutProblem([], 6, 0)).toMatch(/no pages/);
  });

  it("renames a page's files to its new number and moves its links' targets", () => {
    const maps = layoutMaps(layout, 6, 2);
    expect(maps).toEqual({ baseToNew: [1, 2, 5, 6, 7, 8], insertedToNew: [3, 4] });
    const moved = placedPage(
      page(4, [
        { box: [0, 0, 0.1, 0.1], page: 6 },
        { box: [0, 0, 1, 1], url: "https://a" },
      ]),
      6,
      maps.baseToNew,
      0,
    );
    expect(moved).toMatchObject({
      n: 6,
      webp: { "1600": "pages/6/1600.webp", "960": "pages/6/960.webp" },
      jpg: "pages/6/1600.jpg",
      thumb: "thumbs/6.jpg",
      text: "text/6.json",
      links: [{ page: 8 }, { url: "https://a" }],
    });
    expect(placedPage(page(1), 3, maps.insertedToNew, 1).source.index).toBe(1);
    // A book converted before thumbnails were JPEGs keeps its WebP thumbnails' extension.
    expect(placedPage({ ...page(2), thumb: "thumbs/2.webp" }, 7, maps.baseToNew, 0).thumb).toBe("thumbs/7.webp");
  });

  it("a link to a deleted page goes to the page that took its place (the next kept page)", () => {
    const maps = layoutMaps([base(1), base(3)], 3, 0);
    expect(placedPage(page(1, [{ box: [0, 0, 1, 1], page: 2 }]), 1, maps.baseToNew, 0).links).toEqual([
      { box: [0, 0, 1, 1], page: 2 },
    ]);
    const only = layoutMaps([base(2)], 2, 0);
    expect(placedPage(page(2, [{ box: [0, 0, 1, 1], page: 1 }]), 1, only.baseToNew, 0).links).toEqual([
      { box: [0, 0, 1, 1], page: 1 },
    ]);
  });

  it("merges the outlines and search indexes in page order", () => {
    const maps = layoutMaps(layout, 6, 2);
    const manifest = (outline: Manifest["outline"]) => ({ outline }) as Manifest;
    expect(
      mergedOutline(
        manifest([
          { title: "A", page: 1, children: [] },
          { title: "B", page: 4, children: [{ title: "B1", page: 5, children: [] }] },
        ]),
        manifest([{ title: "New", page: 1, children: [] }]),
        maps,
      ),
    ).toEqual([
      { title: "A", page: 1, children: [] },
      { title: "New", page: 3, children: [] },
      { title: "B", page: 6, children: [{ title: "B1", page: 7, children: [] }] },
    ]);
    expect(
      mergedSearch(
        [
          { page: 1, text: "b1" },
          { page: 3, text: "b3" },
        ],
        [{ page: 2, text: "n2" }],
        maps,
      ),
    ).toEqual([
      { page: 1, text: "b1" },
      { page: 4, text: "n2" },
      { page: 5, text: "b3" },
    ]);
    expect(mergedSourcePdfs(["source.pdf"], ["source.pdf"])).toEqual([
      { from: { origin: "base", key: "source.pdf" }, key: "source-1.pdf" },
      { from: { origin: "inserted", key: "source.pdf" }, key: "source-2.pdf" },
    ]);
  });
});
