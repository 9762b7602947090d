import { describe, expect, it } from "vitest";
import { bookKeys, isManifest, type Manifest, manifestFormat } from "./manifest.js";
import { landedPages, readerBook } from "./reader-book.js";

const page = (n: number, ready: boolean): Manifest["pages"][number] => ({
  n,
  width: 750,
  height: 1000,
  ready,
  webp: ready ? { "750": `pages/${n}/750.webp` } : {},
  jpg: ready ? `pages/${n}/750.jpg` : null,
  thumb: ready ? `thumbs/${n}.jpg` : null,
  text: ready ? `text/${n}.json` : null,
  links: ready ? [{ box: [0.1, 0.2, 0.3, 0.4], page: 1 }] : [],
  source: { index: 0, page: n - 1, part: "whole", region: [0, 0, 1, 1] },
});
const manifest = (pages: Manifest["pages"]): Manifest => ({
  format: manifestFormat,
  bookId: "b1",
  revision: 3,
  jobId: "j1",
  state: "converting",
  engine: "hd-text",
  trial: false,
  pageCount: pages.length,
  pagesDone: pages.filter((entry) => entry.ready).length,
  pages,
  outline: [{ title: "Missing", children: [{ title: "Two", page: 2, children: [] }] }],
  search: "search.json",
  sourcePdfs: [],
  updatedAt: new Date(0).toISOString(),
});

describe("manifest", () => {
  it("lays the book out under books/<id>/r<revision>/", () => {
    expect(bookKeys.manifest("b1", 3)).toBe("books/b1/r3/manifest.json");
    expect(bookKeys.page(2, 1600, "webp")).toBe("pages/2/1600.webp");
    expect(bookKeys.sourcePdf(1, 2)).toBe("source-2.pdf");
  });

  it("is recognised by its format number, its pages and its job", () => {
    expect(isManifest(manifest([page(1, true)]))).toBe(true);
    expect(isManifest({ ...manifest([]), format: manifestFormat + 1 })).toBe(false);
    expect(isManifest({ ...manifest([]), pages: undefined })).toBe(false);
    expect(isManifest(null)).toBe(false);
  });
});

describe("reader book", () => {
  const converting = manifest([page(1, true), page(2, true), page(3, false), page(4, true)]);
  const options = { link: "abc", title: "T", assetUrl: (key: string) => `/b/abc/assets/${key}` };

  it("has the ready prefix of pages, numbering never skipping", () => {
    expect(landedPages(converting).map((entry) => entry.n)).toEqual([1, 2]);
    const book = readerBook(converting, options);
    expect(book.pages.map((entry) => entry.number)).toEqual([1, 2]);
    expect(book.pages[0]).toMatchObject({
      renditions: [{ width: 750, url: "/b/abc/assets/pages/1/750.webp" }],
      thumbUrl: "/b/abc/assets/thumbs/1.jpg",
      links: [{ x: 0.1, y: 0.2, width: 0.3, height: 0.4, page: 1 }],
      locked: false,
    });
    expect(book.outline).toEqual([{ title: "Two", page: 2, children: [] }]);
    expect(book.searchUrl).toBe("/b/abc/assets/search.json");
  });

  it("withholds pictures, text, links and the search index from a lock's first page on", () => {
    const book = readerBook(converting, { ...options, lock: { mode: "single", hint: "", fromPage: 2 } });
    expect(book.pages[1]).toMatchObject({ renditions: [], thumbUrl: "", textUrl: null, links: [], locked: true });
    expect(book.pages[0]?.locked).toBe(false);
    expect(book.searchUrl).toBeNull();
  });
});
