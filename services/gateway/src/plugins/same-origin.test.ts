import { describe, expect, it } from "vitest";
import { normalisedPath, sameOriginVerdict } from "./same-origin.js";

const request = (headers: Record<string, string>, host = "books.example.com") => ({ headers, host });

describe("the same-origin rule", () => {
  it("passes requests without Origin or Referer (curl, the desktop tool)", () => {
    expect(sameOriginVerdict(request({}), [])).toBe("pass");
  });

  it("passes the request's own host, whatever the scheme (TLS may end at a proxy)", () => {
    expect(sameOriginVerdict(request({ origin: "https://books.example.com" }), [])).toBe("pass");
    expect(sameOriginVerdict(request({ origin: "http://localhost:8080" }, "localhost:8080"), [])).toBe("pass");
    expect(sameOriginVerdict(request({ referer: "https://books.example.com/book_edit2/?n=1" }), [])).toBe("pass");
  });

  it("refuses another site, another port, 'null' and junk", () => {
    expect(sameOriginVerdict(request({ origin: "https://evil.example" }), [])).toBe("refuse");
    expect(sameOriginVerdict(request({ origin: "http://localhost:9999" }, "localhost:8080"), [])).toBe("refuse");
    expect(sameOriginVerdict(request({ origin: "null" }), [])).toBe("refuse");
    expect(sameOriginVerdict(request({ referer: "https://evil.example/form" }), [])).toBe("refuse");
    expect(sameOriginVerdict(request({ origin: "file://" }), [])).toBe("refuse");
  });

  it("passes the allowed origins", () => {
    const allowed = ["https://editor.example.com"];
    expect(sameOriginVerdict(request({ origin: "https://editor.example.com" }), allowed)).toBe("pass");
    expect(sameOriginVerdict(request({ origin: "http://editor.example.com" }), allowed)).toBe("refuse");
  });

  it("refuses a browser's cross-site or sibling-site fetch even without Origin, unless the origin is allowed", () => {
    expect(sameOriginVerdict(request({ "sec-fetch-site": "cross-site" }), [])).toBe("refuse");
    expect(sameOriginVerdict(request({ "sec-fetch-site": "same-site" }), [])).toBe("refuse");
    expect(sameOriginVerdict(request({ "sec-fetch-site": "same-origin" }), [])).toBe("pass");
    expect(sameOriginVerdict(request({ "sec-fetch-site": "none" }), [])).toBe("pass");
    const allowed = ["https://editor.example.com"];
    const fromEditor = { "sec-fetch-site": "cross-site", origin: "https://editor.example.com" };
    expect(sameOriginVerdict(request(fromEditor), allowed)).toBe("pass");
    expect(sameOriginVerdict(request({ ...fromEditor, origin: "https://books.example.com" }), [])).toBe("refuse");
  });
});

describe("the normalised path", () => {
  it("decodes escapes (twice too), collapses doubled slashes and ignores case and the query", () => {
    expect(normalisedPath("/%61pi/book/update-book")).toBe("/api/book/update-book");
    expect(normalisedPath("/%6cogin.php?x=1")).toBe("/login.php");
    expect(normalisedPath("//api//book///set-book-privacy")).toBe("/api/book/set-book-privacy");
    expect(normalisedPath("/API/Book/Update-Book")).toBe("/api/book/update-book");
    expect(normalisedPath("/%2561pi/x")).toBe("/api/x");
    expect(normalisedPath("/%5C%5Capi/x")).toBe("/api/x");
  });
});
