import type { Manifest } from "@turnleaf/book-format";
import { describe, expect, it } from "vitest";
import { manifestCacheMs } from "./manifest-cache.js";

const manifest = (state: Manifest["state"], ready: boolean[]) =>
  ({ state, pages: ready.map((isReady, index) => ({ n: index + 1, ready: isReady })) }) as unknown as Manifest;

describe("how long the gateway keeps a manifest", () => {
  it("keeps a finished revision a minute, a converting one a second, and one without page 1 a fifth of that", () => {
    expect(manifestCacheMs(manifest("ready", [true, true]))).toBe(60_000);
    expect(manifestCacheMs(manifest("converting", [true, false]))).toBe(1_000);
    expect(manifestCacheMs(manifest("converting", [false, true]))).toBe(200);
    expect(manifestCacheMs(manifest("converting", []))).toBe(200);
    expect(manifestCacheMs(null)).toBe(200);
  });
});
