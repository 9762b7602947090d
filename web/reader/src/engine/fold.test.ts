import { describe, expect, it } from "vitest";
import { computeFold, flipPath } from "./fold.js";
import { apply, area } from "./geometry.js";

const w = 400;
const h = 600;

describe("the page fold", () => {
  it("is flat when the pointer rests on the lifted corner", () => {
    const fold = computeFold({ width: w, height: h, side: "right", corner: "bottom", pointer: { x: w, y: h } });
    expect(fold.progress).toBe(0);
    expect(area(fold.front)).toBeCloseTo(w * h);
    expect(fold.backClip).toHaveLength(0);
  });

  it("splits the sheet along the crease: front and folded parts add up to the page", () => {
    const fold = computeFold({ width: w, height: h, side: "right", corner: "bottom", pointer: { x: 150, y: 520 } });
    expect(area(fold.front) + area(fold.backClip)).toBeCloseTo(w * h, 3);
    expect(area(fold.backClip)).toBeGreaterThan(0);
    expect(fold.progress).toBeGreaterThan(0);
    expect(fold.progress).toBeLessThan(1);
  });

  it("lays the back face exactly over the other side when fully turned, unmirrored", () => {
    const fold = computeFold({ width: w, height: h, side: "right", corner: "bottom", pointer: { x: -w, y: h } });
    expect(fold.progress).toBe(1);
    expect(area(fold.front)).toBeCloseTo(0);
    // The back face's own top-left corner (drawn over the sheet at x = 0) lands on the left page's top-left.
    expect(apply(fold.backTransform, { x: 0, y: 0 })).toEqual({ x: -w, y: 0 });
    expect(apply(fold.backTransform, { x: w, y: h })).toEqual({ x: 0, y: h });
  });

  it("mirrors for a left-hand sheet turning rightwards", () => {
    const fold = computeFold({ width: w, height: h, side: "left", corner: "top", pointer: { x: w, y: 0 } });
    expect(fold.progress).toBe(1);
    const corner = apply(fold.backTransform, { x: -w, y: 0 });
    expect(corner.x).toBeCloseTo(0);
    expect(corner.y).toBeCloseTo(0);
  });

  it("keeps the sheet attached to the spine: the pointer cannot drag it away", () => {
    const fold = computeFold({
      width: w,
      height: h,
      side: "right",
      corner: "bottom",
      pointer: { x: -3 * w, y: h + 500 },
    });
    expect(Math.hypot(fold.pointer.x, fold.pointer.y - h)).toBeLessThanOrEqual(w + 1e-6);
  });

  it("animates along a path from the corner to its mirror", () => {
    expect(flipPath(w, h, "right", "bottom", 0)).toEqual({ x: w, y: h });
    const end = flipPath(w, h, "right", "bottom", 1);
    expect(end.x).toBeCloseTo(-w);
    expect(end.y).toBeCloseTo(h);
    expect(flipPath(w, h, "right", "bottom", 0.5).y).toBeLessThan(h);
  });
});
