import type { Manifest, ManifestPage } from "@turnleaf/book-format";
import { describe, expect, it } from "vitest";
import { chooseRevision, isReadableAsset, readerBook, readerHtml } from "./reader-book.view.js";

const page = (n: number, ready: boolean): ManifestPage => ({
  n,
  width: 1000,
  height: 1400,
  ready,
  webp: ready ? { "1000": `pages/${n}/1000.webp`, "500": `pages/${n}/500.webp` } : ({} as Record<string, string>),
  jpg: null,
  thumb: ready ? `thumbs/${n}.jpg` : null,
  text: ready ? `text/${n}.json` : null,
  links: n === 1 ? [{ box: [0.1, 0.2, 0.3, 0.05] as [number, number, number, number], page: 3 }] : [],
  source: { index: 0, page: n - 1, part: "whole" as const, region: [0, 0, 1, 1] as [number, number, number, number] },
});

const manifest = (revision: number, state: "converting" | "ready", ready: boolean[]): Manifest => ({
  format: 1,
  bookId: "b1",
  revision,
  state,
  pageCount: ready.length,
  pages: ready.map((isReady, index) => page(index + 1, isReady)),
  outline: [{ title: "Start", page: 1, children: [{ title: "Web", url: "https://example.com", children: [] }] }],
  search: state === "ready" ? "search.json" : null,
  jobId: "job",
  engine: "hd-text",
  trial: false,
  pagesDone: ready.filter(Boolean).length,
  sourcePdfs: [],
  updatedAt: "2026-11-22T00:00:00.000Z",
});

const facts = { number: "n1", title: "A <Book>", description: "", keywords: "k" };

describe("the reader's view of a book", () => {
  it("shows the newest finished revision, or the newest one while none is finished", () => {
    const ready1 = manifest(1, "ready", [true, true]);
    const converting2 = manifest(2, "converting", [true, false]);
    expect(
      chooseRevision([
        { revision: 2, manifest: converting2 },
        { revision: 1, manifest: ready1 },
      ])?.revision,
    ).toBe(1);
    expect(chooseRevision([{ revision: 1, manifest: converting2 }])?.revision).toBe(1);
    expect(chooseRevision([{ revision: 3, manifest: null }])).toBeUndefined();
  });

  it("lists only the landed prefix of pages, so numbering never skips", () => {
    const view = readerBook(facts, manifest(2, "converting", [true, false, true]));
    expect(view.pages.map((entry) => entry.number)).toEqual([1]);
    expect(view.pageCount).toBe(3);
    expect(view.pages[0]?.renditions).toContainEqual({ width: 500, url: "/b/n1/assets/2/pages/1/500.webp" });
    expect(view.pages[0]?.links).toEqual([{ x: 0.1, y: 0.2, width: 0.3, height: 0.05, page: 3 }]);
    // Outline entries without a page in the book give way to their children that have one.
    expect(view.outline).toEqual([{ title: "Start", page: 1, children: [] }]);
  });

  it("withholds a protected book's pages from its start page, and its search index", () => {
    const view = readerBook(facts, manifest(1, "ready", [true, true, true]), { mode: "single", hint: "", fromPage: 2 });
    expect(view.pages.map((entry) => [entry.number, entry.locked, entry.renditions.length])).toEqual([
      [1, false, 2],
      [2, true, 0],
      [3, true, 0],
    ]);
    expect(view.pages[1]).toMatchObject({ textUrl: null, thumbUrl: "", links: [] });
    expect(view.searchUrl).toBeNull();
  });

  it("serves only a revision's readable files", () => {
    expect(isReadableAsset("pages/12/1600.webp")).toBe(true);
    expect(isReadableAsset("text/3.json")).toBe(true);
    // Thumbnails are JPEGs; books converted before 2026-11-26 keep WebP ones.
    expect(isReadableAsset("thumbs/3.jpg")).toBe(true);
    expect(isReadableAsset("thumbs/3.webp")).toBe(true);
    expect(isReadableAsset("thumbs/3.png")).toBe(false);
    expect(isReadableAsset("manifest.json")).toBe(false);
    // A source PDF only by name: the route serves it only for full-vector revisions that list it.
    expect(isReadableAsset("source.pdf")).toBe(true);
    expect(isReadableAsset("source-2.pdf")).toBe(true);
    expect(isReadableAsset("sources/upload.pdf")).toBe(false);
    expect(isReadableAsset("../../other/r1/pages/1/1.webp")).toBe(false);
  });

  it("escapes the book into the page: no markup from a title, no script end from the data", () => {
    const html = readerHtml({
      template: "<head><!--turnleaf:head--></head><body><!--turnleaf:body--></body>",
      origin: "https://books.example",
      book: readerBook({ ...facts, title: "</script><b>x" }, manifest(1, "ready", [true])),
      facts: { ...facts, title: "</script><b>x" },
      page: 1,
      pageText: "a < b",
    });
    expect(html).not.toContain("</script><b>");
    expect(html).toContain("&lt;/script&gt;&lt;b&gt;x");
    expect(html).toContain('<link rel="canonical" href="https://books.example/b/n1/1" />');
    expect(html).toContain("a &lt; b");
  });
});
