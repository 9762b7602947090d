import { describe, expect, it } from "vitest";
import { foldToStage, sheetOrigin, spineSize, stageFlipPath, toSpine, toStage } from "./axis.js";
import { type Corner, computeFold, type Side } from "./fold.js";
import { apply, area, type Point } from "./geometry.js";

// A vertical stage: pages w wide and h tall, the spine horizontal on y = 0, the later page below it.
const w = 400;
const h = 300;

function verticalFold(side: Side, corner: Corner, pointer: Point) {
  const size = spineSize("vertical", w, h);
  return foldToStage("vertical", computeFold({ ...size, side, corner, pointer: toSpine("vertical", pointer) }));
}

const close = (point: Point, expected: Point) => {
  expect(point.x).toBeCloseTo(expected.x, 6);
  expect(point.y).toBeCloseTo(expected.y, 6);
};

describe("vertical (calendar) folds in transposed spine coordinates", () => {
  it("maps the stage onto the spine coordinates and back", () => {
    expect(toSpine("vertical", { x: 10, y: 250 })).toEqual({ x: 250, y: 10 });
    expect(toStage("vertical", toSpine("vertical", { x: 3, y: -7 }))).toEqual({ x: 3, y: -7 });
    expect(toSpine("horizontal", { x: 3, y: -7 })).toEqual({ x: 3, y: -7 });
    expect(spineSize("vertical", w, h)).toEqual({ width: h, height: w });
    expect(sheetOrigin("vertical", "right", w, h)).toEqual({ x: 0, y: 0 });
    expect(sheetOrigin("vertical", "left", w, h)).toEqual({ x: 0, y: -h });
    expect(sheetOrigin("horizontal", "left", w, h)).toEqual({ x: -w, y: 0 });
  });

  it("is flat, covering the lower page, when the pointer rests on its bottom corner", () => {
    const fold = verticalFold("right", "bottom", { x: w, y: h });
    expect(fold.progress).toBe(0);
    expect(area(fold.front)).toBeCloseTo(w * h);
    expect(fold.backClip).toHaveLength(0);
    for (const point of fold.front) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(w);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(h);
    }
  });

  it("splits a partly lifted sheet into flat and folded parts that add up to the page", () => {
    const fold = verticalFold("right", "bottom", { x: 330, y: 120 });
    expect(area(fold.front) + area(fold.backClip)).toBeCloseTo(w * h, 3);
    expect(area(fold.backClip)).toBeGreaterThan(0);
    expect(fold.progress).toBeGreaterThan(0);
    expect(fold.progress).toBeLessThan(1);
    // The crease's normal points down towards the lifted corner; the back face is a proper motion (no mirror).
    expect(fold.crease.normal.y).toBeGreaterThan(0);
    const m = fold.backTransform;
    expect(m.a * m.d - m.b * m.c).toBeCloseTo(1);
    // The flat part keeps the spine edge; the folded part is the lifted corner's.
    expect(fold.front.some((point) => point.y === 0)).toBe(true);
    const folded = fold.backClip.map((point) => apply(m, point));
    expect(folded.every((point) => point.y < h)).toBe(true);
  });

  it("lays the back face exactly over the upper page, upright, when fully turned up", () => {
    const fold = verticalFold("right", "bottom", { x: w, y: -h });
    expect(fold.progress).toBe(1);
    expect(area(fold.front)).toBeCloseTo(0);
    close(apply(fold.backTransform, { x: 0, y: 0 }), { x: 0, y: -h });
    close(apply(fold.backTransform, { x: w, y: h }), { x: w, y: 0 });
    close(apply(fold.backTransform, { x: w, y: 0 }), { x: w, y: -h });
  });

  it("brings the upper sheet back down over the lower page", () => {
    const fold = verticalFold("left", "top", { x: 0, y: h });
    expect(fold.progress).toBe(1);
    close(apply(fold.backTransform, { x: 0, y: -h }), { x: 0, y: 0 });
    close(apply(fold.backTransform, { x: w, y: 0 }), { x: w, y: h });
  });

  it("keeps the sheet attached to the spine: the corner stays within the page height of its spine point", () => {
    const fold = verticalFold("right", "bottom", { x: w + 900, y: -3 * h });
    // The lifted corner is (w, h); its spine point is (w, 0).
    expect(Math.hypot(fold.pointer.x - w, fold.pointer.y)).toBeLessThanOrEqual(h + 1e-6);
    expect(area(fold.front) + area(fold.backClip)).toBeCloseTo(w * h, 3);
  });

  it("animates from the bottom corner up over the spine", () => {
    expect(stageFlipPath("vertical", w, h, "right", "bottom", 0)).toEqual({ x: w, y: h });
    const end = stageFlipPath("vertical", w, h, "right", "bottom", 1);
    expect(end.x).toBeCloseTo(w);
    expect(end.y).toBeCloseTo(-h);
    expect(stageFlipPath("vertical", w, h, "right", "bottom", 0.5).x).toBeLessThan(w);
  });
});
