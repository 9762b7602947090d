import { describe, expect, it } from "vitest";
import { phoneRow } from "./phone-row.js";

describe("a phone's toolbar row", () => {
  it("holds turning and four tools: the book's mobile order first, then contents, thumbnails, search", () => {
    expect([...phoneRow([])]).toEqual([
      "previous",
      "next",
      "first",
      "last",
      "home",
      "contents",
      "thumbnails",
      "search",
    ]);
    expect([...phoneRow(["phone", "search", "next"])].slice(4)).toEqual(["phone", "search", "home", "contents"]);
  });
});
