import { describe, expect, it } from "vitest";
import { bookLinkOf } from "./reader.routes.js";

describe("bookLinkOf (oEmbed's url)", () => {
  it("finds the link of a book URL, and nothing in an unparsable or foreign one", () => {
    expect(bookLinkOf("https://books.example.com/b/demo0001")).toBe("demo0001");
    expect(bookLinkOf("https://books.example.com/b/demo0001/12/")).toBe("demo0001");
    expect(bookLinkOf("/b/demo0001")).toBe("demo0001");
    expect(bookLinkOf("http://[")).toBeUndefined();
    expect(bookLinkOf("https://books.example.com/x/demo0001")).toBeUndefined();
    expect(bookLinkOf("")).toBeUndefined();
  });
});
