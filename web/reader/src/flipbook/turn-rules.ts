import type { Corner, Side } from "../engine/fold.js";
import type { Point } from "../engine/geometry.js";
import type { ReaderSettings } from "../settings/types.js";

/** Where a side's corner rests before it is lifted (spine coordinates: the spine at x = 0, a page W × H). */
export function restingPoint(side: Side, corner: Corner, W: number, H: number): Point {
  return { x: side === "right" ? W : -W, y: corner === "top" ? 0 : H };
}

/** Stiff boards: every page of a hard-page or flat book, or (double pages) the covers of a hard-cover book. */
export function isHardTurn(
  settings: Pick<ReaderSettings, "hardPages" | "flipStyle" | "hardCover">,
  double: boolean,
  spreadCount: number,
  spread: number,
  target: number,
): boolean {
  if (settings.hardPages || settings.flipStyle === "flat") return true;
  if (!settings.hardCover || !double) return false;
  const last = spreadCount - 1;
  return spread === 0 || target === 0 || spread === last || target === last;
}

/** A stiff board's rotation, 0–180 degrees, by how far the pointer has carried it from its resting side. */
export function hardAngle(side: Side, pointerX: number, W: number): number {
  const from = side === "right" ? W : -W;
  return Math.min(1, Math.max(0, Math.abs(from - pointerX) / (2 * W))) * 180;
}

/**
 * Single pages: a sheet carried past the room the viewport leaves beyond the spine stops at its edge and fades as
 * the pointer goes on, instead of being cut off there.
 */
export function edgeFade(
  side: Side,
  pointer: Point,
  room: number,
  W: number,
  double: boolean,
): { folded: Point; opacity: number } {
  const beyond = side === "right" ? -pointer.x : pointer.x;
  if (double || room >= W || beyond <= room) return { folded: pointer, opacity: 1 };
  return {
    folded: { x: side === "right" ? -room : room, y: pointer.y },
    opacity: Math.max(0, 1 - (beyond - room) / Math.max(1, W - room)),
  };
}

/** The pointer at t (0–1) of a settle from `from` to `to`: easing out, with a slight lift as paper has. */
export function settlingPoint(from: Point, to: Point, t: number, corner: Corner, H: number): Point {
  const eased = 1 - (1 - t) ** 3;
  const lift = Math.sin(Math.PI * t) * H * 0.06;
  return {
    x: from.x + (to.x - from.x) * eased,
    y: from.y + (to.y - from.y) * eased + (corner === "bottom" ? -lift : lift),
  };
}

/**
 * Where a released sheet goes: a forward sheet lands when dragged past a quarter; a sheet brought back (single
 * pages) when past three quarters; otherwise it returns to where it began.
 */
export function releasedTurn(
  turn: { side: Side; corner: Corner; reverse: boolean },
  pointerX: number,
  W: number,
  H: number,
): { lands: boolean; destination: Point } {
  const start = restingPoint(turn.side, turn.corner, W, H);
  const opposite = { x: -start.x, y: start.y };
  const travelled = Math.abs(start.x - pointerX) / (2 * W);
  const lands = turn.reverse ? travelled < 0.75 : travelled > 0.25;
  return { lands, destination: turn.reverse === lands ? start : opposite };
}
