import type { Manifest } from "@turnleaf/book-format";
import { describe, expect, it } from "vitest";
import { manifestCacheMs } from "./manifest-cache.js";
import { searchState } from "./search-state.js";

const ready = { state: "ready", search: "search.json", pages: [] } as unknown as Manifest;

describe("searchState", () => {
  it("says search is being prepared while OCR reads a ready book's scanned pages", () => {
    expect(searchState({ ...ready, ocrPending: [2, 3] })).toBe("preparing");
    expect(searchState({ ...ready, search: "search-ocr.json" })).toBe("ready");
    expect(searchState({ ...ready, search: null })).toBe("none");
    expect(searchState({ ...ready, state: "converting" })).toBe("none");
    expect(searchState(null)).toBe("none");
  });

  it("caches a ready manifest briefly while its OCR text is still to come", () => {
    expect(manifestCacheMs({ ...ready, ocrPending: [1] })).toBe(1_000);
    expect(manifestCacheMs(ready)).toBe(60_000);
  });
});
