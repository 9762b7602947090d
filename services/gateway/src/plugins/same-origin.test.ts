import { describe, expect, it } from "vitest";
import { sameOriginVerdict } from "./same-origin.js";

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
});
