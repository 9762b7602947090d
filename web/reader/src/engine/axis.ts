import { type Fold, flipPath, type Side } from "./fold.js";
import { type Affine, apply, compose, type Point } from "./geometry.js";

/**
 * Vertical (calendar) flipping reuses the fold of `fold.ts` in transposed coordinates. The fold works in spine
 * coordinates: the spine on x = 0, a "right" sheet spanning [0, width] and turning towards negative x, y along the
 * spine. A vertical stage puts the spine horizontally instead, on y = 0, the earlier page above it and the later
 * one below, turning upwards; swapping x and y (the reflection across the diagonal x = y, its own inverse) maps one
 * onto the other: the lower page is the "right" sheet, the upper page the "left" one, the left and right ends of the
 * bottom edge the "top" and "bottom" corners. A horizontal stage is the spine coordinates themselves.
 */
export type FlipAxis = "horizontal" | "vertical";

const transpose: Affine = { a: 0, b: 1, c: 1, d: 0, e: 0, f: 0 };

/** A stage point (spine at the origin) in spine coordinates; the same map takes spine coordinates back. */
export function toSpine(axis: FlipAxis, point: Point): Point {
  return axis === "vertical" ? { x: point.y, y: point.x } : point;
}

export const toStage = toSpine;

/** A page's size in spine coordinates: `width` across the spine (the way it turns), `height` along it. */
export function spineSize(axis: FlipAxis, width: number, height: number): { width: number; height: number } {
  return axis === "vertical" ? { width: height, height: width } : { width, height };
}

/** Where a sheet's top-left corner is on the stage (spine at the origin), for a page of the stage's width × height. */
export function sheetOrigin(axis: FlipAxis, side: Side, width: number, height: number): Point {
  if (axis === "vertical") return { x: 0, y: side === "right" ? 0 : -height };
  return { x: side === "right" ? 0 : -width, y: 0 };
}

/**
 * A fold computed in spine coordinates, in stage coordinates. Polygons and points are transposed; the back
 * transform is conjugated (transpose ∘ T ∘ transpose), so the back face — drawn as a normal page over the sheet's
 * stage rectangle — is flipped about the page's middle across the spine, then laid over along the crease: fully
 * turned, it lands on the other page unmirrored.
 */
export function foldToStage(axis: FlipAxis, fold: Fold): Fold {
  if (axis === "horizontal") return fold;
  const flip = (points: Point[]) => points.map((point) => apply(transpose, point));
  return {
    pointer: apply(transpose, fold.pointer),
    front: flip(fold.front),
    backClip: flip(fold.backClip),
    backTransform: compose(transpose, compose(fold.backTransform, transpose)),
    crease: { through: apply(transpose, fold.crease.through), normal: apply(transpose, fold.crease.normal) },
    progress: fold.progress,
  };
}

/** The animated turn's pointer path (`flipPath`) on the stage. */
export function stageFlipPath(
  axis: FlipAxis,
  width: number,
  height: number,
  side: Side,
  corner: "top" | "bottom",
  t: number,
): Point {
  const size = spineSize(axis, width, height);
  return toStage(axis, flipPath(size.width, size.height, side, corner, t));
}
