import { describe, expect, it } from "vitest";
import {
  bookLinks,
  bookOutline,
  followableUrl,
  linksFromText,
  normalizeBox,
  pageText,
  searchableText,
  withPictureWords,
} from "./page-content.js";

const page = { x: 0, y: 0, width: 200, height: 100 };
const rightHalf = { x: 100, y: 0, width: 100, height: 100 };

describe("page content", () => {
  it("normalizes boxes to the region and clips them", () => {
    expect(normalizeBox({ x: 50, y: 25, width: 100, height: 10 }, page)).toEqual([0.25, 0.25, 0.5, 0.1]);
    expect(normalizeBox({ x: 50, y: 25, width: 100, height: 10 }, rightHalf)).toEqual([0, 0.25, 0.5, 0.1]);
    expect(normalizeBox({ x: 0, y: 0, width: 50, height: 10 }, rightHalf)).toBeUndefined();
  });

  it("keeps the text runs whose centre is on the book page", () => {
    const runs = [
      { text: "left", x: 10, y: 10, width: 40, height: 10 },
      { text: "right", x: 120, y: 10, width: 40, height: 10 },
      { text: "  ", x: 120, y: 40, width: 10, height: 10 },
    ];
    const text = pageText(2, runs, rightHalf);
    expect(text.items.map((item) => item.text)).toEqual(["right"]);
    expect(searchableText(pageText(1, runs, page))).toBe("left right");
  });

  it("maps link targets to book pages and drops links to pages not imported", () => {
    const links = [
      { x: 10, y: 10, width: 20, height: 10, url: "https://example.com" },
      { x: 10, y: 30, width: 20, height: 10, targetSourcePage: 2 },
      { x: 10, y: 50, width: 20, height: 10, targetSourcePage: 9 },
    ];
    const placed = bookLinks(links, page, (sourcePage) => (sourcePage === 2 ? 5 : undefined));
    expect(placed).toEqual([
      { box: [0.05, 0.1, 0.1, 0.1], url: "https://example.com" },
      { box: [0.05, 0.3, 0.1, 0.1], page: 5 },
    ]);
  });

  it("finds URLs written in the text (textToLink)", () => {
    const links = linksFromText([{ text: "see www.turnleaf.example/a, now", x: 0, y: 0, width: 310, height: 10 }]);
    expect(links).toHaveLength(1);
    expect(links[0]?.url).toBe("https://www.turnleaf.example/a");
    expect(links[0]?.x).toBe(40);
  });

  it("resolves the outline to book pages", () => {
    const outline = bookOutline(
      [{ title: "One", targetSourcePage: 0, children: [{ title: "Gone", targetSourcePage: 7, children: [] }] }],
      (sourcePage) => (sourcePage === 0 ? 1 : undefined),
    );
    expect(outline).toEqual([{ title: "One", page: 1, children: [{ title: "Gone", children: [] }] }]);
  });
});

describe("links a reader may follow (issue 14: only http, https, mailto and page links)", () => {
  it.each(["https://example.com/a", "http://example.com", "mailto:someone@example.com"])("keeps %j", (url) =>
    expect(followableUrl(url)).toBe(url),
  );

  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd",
    "vbscript:msgbox(1)",
    "ftp://example.com/x",
    "../other.pdf",
  ])("drops %j", (url) => expect(followableUrl(url)).toBeUndefined());

  it("drops unsafe URLs from page links and the outline, keeping page jumps and titles", () => {
    const region = { x: 0, y: 0, width: 100, height: 100 };
    const box = { x: 10, y: 10, width: 10, height: 10 };
    const placed = bookLinks(
      [
        { ...box, url: "javascript:alert(1)" },
        { ...box, url: "https://example.com" },
        { ...box, url: "mailto:a@example.com" },
        { ...box, url: "data:text/html,x" },
        { ...box, targetSourcePage: 0 },
      ],
      region,
      () => 1,
    );
    expect(placed.map((link) => link.url ?? `page ${link.page}`)).toEqual([
      "https://example.com",
      "mailto:a@example.com",
      "page 1",
    ]);
    expect(bookOutline([{ title: "Evil", url: "javascript:alert(1)", children: [] }], () => undefined)).toEqual([
      { title: "Evil", children: [] },
    ]);
  });

  it("adds the words OCR read in a page's pictures to its text layer, not the layer's text read again", () => {
    const layer = pageText(3, [{ text: "Harbour report", x: 20, y: 10, width: 80, height: 8 }], page);
    const read = pageText(
      3,
      [
        { text: "Harbour report", x: 21, y: 10, width: 78, height: 9 },
        { text: "OPEN DAILY", x: 120, y: 60, width: 60, height: 12 },
      ],
      page,
    );
    const merged = withPictureWords(layer, read);
    expect(merged.page).toBe(3);
    expect(merged.items.map((item) => item.text)).toEqual(["Harbour report", "OPEN DAILY"]);
    expect(searchableText(merged)).toBe("Harbour report OPEN DAILY");
    expect(withPictureWords(layer, pageText(3, [], page))).toEqual(layer);
  });
});
