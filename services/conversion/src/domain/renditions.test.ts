import { describe, expect, it } from "vitest";
import { defaultMaxSidePx, eagerWidths, encodingQuality, renditionSizes } from "./renditions.js";

const a4 = { x: 0, y: 0, width: 595.28, height: 841.89 };

describe("renditionSizes", () => {
  it("fits the longest side to the max side, with a smaller width and a thumbnail", () => {
    expect(renditionSizes(a4, 1600, 0)).toMatchObject({
      width: 1131,
      height: 1600,
      widths: [1131, 679],
      thumbWidth: 200,
    });
  });

  it("uses the spec's default max side and lets a DPI cap it", () => {
    expect(renditionSizes(a4, 0, 0).height).toBe(defaultMaxSidePx);
    expect(renditionSizes(a4, 2800, 72).height).toBe(842);
  });

  it("has one WebP width for small pages", () => {
    expect(renditionSizes(a4, 1000, 0).widths).toHaveLength(1);
  });

  it("encodes only the main width itself when the others are derived on request", () => {
    const sizes = renditionSizes(a4, 1600, 0);
    expect(eagerWidths(sizes, true)).toEqual([1131]);
    expect(eagerWidths(sizes, false)).toEqual([1131, 679]);
  });

  it("defaults and bounds the quality", () => {
    expect(encodingQuality(0)).toBe(85);
    expect(encodingQuality(92)).toBe(92);
  });
});
