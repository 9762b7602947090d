import { describe, expect, it } from "vitest";
import { withPageMedia } from "./page-media.view.js";

describe("book.json's PDF links", () => {
  it("drop links a reader may not follow (javascript:, data:) from manifests converted before the filter", () => {
    const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.1 };
    type Link = typeof box & { url?: string; page?: number };
    const pages: { number: number; links: Link[] }[] = [
      {
        number: 1,
        links: [
          { ...box, url: "javascript:alert(1)" },
          { ...box, url: "https://example.com" },
          { ...box, url: "data:text/html,x" },
          { ...box, url: "mailto:a@example.com" },
          { ...box, page: 2 },
        ],
      },
    ];
    const [page] = withPageMedia(pages, { items: [], removedPdfLinks: [] });
    expect(page?.links.map((link) => link.url ?? `page ${link.page}`)).toEqual([
      "https://example.com",
      "mailto:a@example.com",
      "page 2",
    ]);
    expect(page?.links.map((link) => (link as Link & { id: string }).id)).toEqual(["pdf-1-1", "pdf-1-3", "pdf-1-4"]);
  });
});
