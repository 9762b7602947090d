import { type Affine, apply, clipHalfPlane, compose, distance, mirrorX, type Point, reflection } from "./geometry.js";

/**
 * The soft page fold (a sheet lifted by one corner and laid over along a straight crease, as paper does):
 * the crease is the perpendicular bisector of the lifted corner and the pointer. Coordinates put the spine at
 * x = 0 with y growing down; a right-hand page spans [0, w] and flips leftwards, a left-hand page spans [−w, 0]
 * and flips rightwards.
 */
export type Side = "right" | "left";
export type Corner = "top" | "bottom";

export interface FoldInput {
  width: number;
  height: number;
  side: Side;
  corner: Corner;
  pointer: Point;
}

export interface Fold {
  /** The pointer after the constraints that keep the sheet attached to the spine. */
  pointer: Point;
  /** Part of the sheet's front still lying flat (spread coordinates). */
  front: Point[];
  /** The folded part, in the sheet's own coordinates: clip the back face with it before `backTransform`. */
  backClip: Point[];
  /** Places the back face (drawn as a normal page over the sheet's rectangle) where the fold lays it. */
  backTransform: Affine;
  /** A point on the crease and the crease's unit normal pointing towards the lifted corner. */
  crease: { through: Point; normal: Point };
  /** 0 when flat, 1 when fully laid over. */
  progress: number;
}

export function sheetRect(width: number, height: number, side: Side): Point[] {
  const x0 = side === "right" ? 0 : -width;
  return [
    { x: x0, y: 0 },
    { x: x0 + width, y: 0 },
    { x: x0 + width, y: height },
    { x: x0, y: height },
  ];
}

export function cornerPoint(width: number, height: number, side: Side, corner: Corner): Point {
  return { x: side === "right" ? width : -width, y: corner === "top" ? 0 : height };
}

/**
 * Paper cannot stretch: the lifted corner stays within the sheet's width of the spine point on its own edge,
 * and within the diagonal of the opposite spine point.
 */
export function constrainPointer(input: FoldInput): Point {
  const { width, height, corner } = input;
  let pointer = input.pointer;
  const near: Point = { x: 0, y: corner === "top" ? 0 : height };
  const far: Point = { x: 0, y: corner === "top" ? height : 0 };
  const diagonal = Math.hypot(width, height);
  const limit = (centre: Point, radius: number) => {
    const d = distance(pointer, centre);
    if (d > radius) {
      pointer = {
        x: centre.x + ((pointer.x - centre.x) * radius) / d,
        y: centre.y + ((pointer.y - centre.y) * radius) / d,
      };
    }
  };
  limit(near, width);
  limit(far, diagonal);
  return pointer;
}

export function computeFold(input: FoldInput): Fold {
  const { width, height, side, corner } = input;
  const lifted = cornerPoint(width, height, side, corner);
  const pointer = constrainPointer(input);
  const sheet = sheetRect(width, height, side);
  const toCorner = { x: lifted.x - pointer.x, y: lifted.y - pointer.y };
  const length = Math.hypot(toCorner.x, toCorner.y);
  const flipSpan = 2 * width;
  if (length < 1e-6) {
    return {
      pointer,
      front: sheet,
      backClip: [],
      backTransform: compose(
        reflection({ x: 0, y: 0 }, { x: 1, y: 0 }),
        mirrorX(sheet[0] ? sheet[0].x + width / 2 : 0),
      ),
      crease: { through: lifted, normal: { x: side === "right" ? 1 : -1, y: 0 } },
      progress: 0,
    };
  }
  const normal = { x: toCorner.x / length, y: toCorner.y / length };
  const through = { x: (lifted.x + pointer.x) / 2, y: (lifted.y + pointer.y) / 2 };
  const flipped = { x: -normal.x, y: -normal.y };
  const front = clipHalfPlane(sheet, through, flipped);
  const folded = clipHalfPlane(sheet, through, normal);
  const pageCentre = side === "right" ? width / 2 : -width / 2;
  const mirror = mirrorX(pageCentre);
  // The back face is drawn mirrored over the sheet, then laid over along the crease.
  const backTransform = compose(reflection(through, normal), mirror);
  const backClip = folded.map((point) => apply(mirror, point));
  const progress = Math.min(1, Math.max(0, Math.abs(lifted.x - pointer.x) / flipSpan));
  return { pointer, front, backClip, backTransform, crease: { through, normal }, progress };
}

/**
 * Where the pointer travels when a flip is animated rather than dragged: from the lifted corner over a low arc
 * to the mirror corner on the other side of the spine.
 */
export function flipPath(width: number, height: number, side: Side, corner: Corner, t: number): Point {
  const start = cornerPoint(width, height, side, corner);
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  const x = start.x * (1 - 2 * eased);
  const lift = Math.sin(Math.PI * eased) * height * 0.12;
  const y = corner === "bottom" ? start.y - lift : start.y + lift;
  return { x, y };
}
