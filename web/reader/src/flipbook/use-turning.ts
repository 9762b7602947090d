import { type ForwardedRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { foldToStage, sheetOrigin, spineSize, toSpine } from "../engine/axis.js";
import { type Corner, computeFold, flipPath, type Side } from "../engine/fold.js";
import { compose, cssMatrix, cssPolygon, type Point } from "../engine/geometry.js";
import { turningSide } from "../engine/layout.js";
import { edgeFade, hardAngle, isHardTurn, releasedTurn, restingPoint, settlingPoint } from "./turn-rules.js";
import type { FlipBookHandle, FlipBookProps } from "./types.js";

export interface Turn {
  forward: boolean;
  /** The side whose sheet moves. */
  side: Side;
  corner: Corner;
  target: number;
  /** Stiff boards rotate in 3D instead of folding. */
  hard: boolean;
  /** Single pages going back: the previous sheet is laid back over the current one. */
  reverse: boolean;
}

/** A press that may become a turn: where and when it began, and whether on the page's text. */
interface Drag {
  start: Point;
  id: number;
  /**
   * The turn this drag began. Moves and the let-go read it here, not from the `turn` state: a quick flick can be let
   * go before React renders the turn its first move began, and that render's `turn` would leave the sheet half-turned.
   */
  turning: Turn | null;
  /** The way a tap turns (by the half of the page pressed); a drag turns the way it moves. */
  forward: boolean;
  onText: boolean;
  at: number;
}

/** A press held this long on text before moving selects the text instead of turning (a long press). */
export const selectHoldMs = 450;

/**
 * Turning pages: a turn begun by a drag on a corner (the sheet follows the pointer) or by `turn()` of the handle
 * (animated along the flip path), drawn frame by frame straight to the DOM through the sheet's refs, settling on
 * the target spread or back.
 */
export function useTurning(props: FlipBookProps, handleRef: ForwardedRef<FlipBookHandle>) {
  const { book, spread, zoom, reducedMotion } = props;
  const { layout, pageWidth: w, pageHeight: h } = props.fit;
  const double = layout.mode === "double";
  // Everything here works in spine coordinates (engine/axis.ts), where a page is W across the spine and H along it;
  // only drawing and the pointer's position know the stage.
  const axis = layout.axis;
  const vertical = axis === "vertical";
  const { width: W, height: H } = spineSize(axis, w, h);
  const [turn, setTurn] = useState<Turn | null>(null);
  const frontRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLDivElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const shadowRef = useRef<HTMLDivElement>(null);
  const pointerRef = useRef<Point>({ x: 0, y: 0 });
  const animationRef = useRef<number | null>(null);
  const pendingAnimation = useRef<Turn | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  /**
   * Single pages: how far past the spine the viewport leaves room for the sheet (spine units). A sheet that would
   * cross the viewport's edge stops at it and fades instead of being cut off there.
   */
  const roomRef = useRef(Number.POSITIVE_INFINITY);

  const resting = (side: Side, corner: Corner): Point => restingPoint(side, corner, W, H);

  /**
   * Draws the turning sheet for the pointer (spine coordinates, spine at x = 0), straight to the DOM; the fold is
   * computed in spine coordinates and drawn in the stage's (transposed for vertical books).
   */
  const draw = (active: Turn, pointer: Point) => {
    pointerRef.current = pointer;
    if (active.hard) {
      const angle = hardAngle(active.side, pointer.x, W);
      if (sheetRef.current) {
        const sign = active.side === "right" ? 1 : -1;
        sheetRef.current.style.transform = vertical ? `rotateX(${sign * angle}deg)` : `rotateY(${-sign * angle}deg)`;
      }
      return;
    }
    const { folded, opacity } = edgeFade(active.side, pointer, roomRef.current, W, double);
    const fold = foldToStage(
      axis,
      computeFold({ width: W, height: H, side: active.side, corner: active.corner, pointer: folded }),
    );
    for (const element of [frontRef.current, backRef.current, shadowRef.current?.parentElement]) {
      if (element) element.style.opacity = opacity < 1 ? String(opacity) : "";
    }
    const origin = sheetOrigin(axis, active.side, w, h);
    const toLocal = { a: 1, b: 0, c: 0, d: 1, e: -origin.x, f: -origin.y };
    const toSpread = { a: 1, b: 0, c: 0, d: 1, e: origin.x, f: origin.y };
    if (frontRef.current) frontRef.current.style.clipPath = cssPolygon(fold.front, origin);
    if (backRef.current) {
      backRef.current.style.transform = cssMatrix(compose(toLocal, compose(fold.backTransform, toSpread)));
      backRef.current.style.clipPath = cssPolygon(fold.backClip, origin);
    }
    if (shadowRef.current) {
      const { through, normal } = fold.crease;
      const angle = (Math.atan2(normal.y, normal.x) * 180) / Math.PI;
      shadowRef.current.style.transform = `translate(${through.x}px, ${through.y}px) rotate(${angle}deg)`;
      shadowRef.current.style.opacity = String(Math.sin(Math.PI * fold.progress) * 0.45);
    }
  };

  const stopAnimation = () => {
    if (animationRef.current !== null) cancelAnimationFrame(animationRef.current);
    animationRef.current = null;
  };

  /** Runs a turn frame by frame: `pointerAt(t)` for t from 0 to 1, then settles on the target or back. */
  const run = (active: Turn, duration: number, pointerAt: (t: number) => Point, landsOnTarget: boolean) => {
    stopAnimation();
    const started = performance.now();
    const step = (now: number) => {
      const t = duration <= 0 ? 1 : Math.min(1, (now - started) / duration);
      latest.current.draw(active, pointerAt(t));
      if (t < 1) {
        animationRef.current = requestAnimationFrame(step);
        return;
      }
      animationRef.current = null;
      setTurn(null);
      if (landsOnTarget) latest.current.onSpreadChange(active.target);
    };
    animationRef.current = requestAnimationFrame(step);
  };

  /** From where the pointer is to `to`, easing out, with a slight lift as paper has. */
  const settle = (active: Turn, to: Point, duration: number, landsOnTarget: boolean) => {
    const from = pointerRef.current;
    run(active, duration, (t) => settlingPoint(from, to, t, active.corner, H), landsOnTarget);
  };

  const begin = (forward: boolean, corner: Corner): Turn | null => {
    const target = spread + (forward ? 1 : -1);
    if (turn || target < 0 || target >= layout.spreadCount) return null;
    const reverse = !double && !forward;
    const side: Side = double ? turningSide(layout.direction, forward) : layout.direction === "ltr" ? "right" : "left";
    const active: Turn = {
      forward,
      side,
      corner,
      target,
      hard: isHardTurn(book.settings, double, layout.spreadCount, spread, target),
      reverse,
    };
    roomRef.current = Number.POSITIVE_INFINITY;
    const stage = stageRef.current;
    const viewport = stage?.closest(".tl-viewport");
    if (!double && stage && viewport) {
      const s = stage.getBoundingClientRect();
      const v = viewport.getBoundingClientRect();
      const room = vertical ? s.top - v.top : side === "right" ? s.left - v.left : v.right - s.right;
      roomRef.current = Math.max(0, (room - 8) / zoom);
    }
    const start = resting(side, corner);
    pointerRef.current = reverse ? { x: -start.x, y: start.y } : start;
    setTurn(active);
    props.onTurnStart?.();
    return active;
  };

  const turnAnimated = (forward: boolean): boolean => {
    const target = spread + (forward ? 1 : -1);
    if (target < 0 || target >= layout.spreadCount) return false;
    if (turn) return true;
    if (reducedMotion) {
      props.onTurnStart?.();
      props.onSpreadChange(target);
      return true;
    }
    pendingAnimation.current = begin(forward, "bottom");
    return true;
  };

  const latest = useRef({
    draw,
    run,
    onSpreadChange: props.onSpreadChange,
    turnAnimated,
    flipTimeMs: book.settings.flipTimeMs,
  });
  latest.current = {
    draw,
    run,
    onSpreadChange: props.onSpreadChange,
    turnAnimated,
    flipTimeMs: book.settings.flipTimeMs,
  };

  // A turn's sheet is drawn before paint; an animated turn starts once its sheet is in the DOM.
  useLayoutEffect(() => {
    if (!turn) return;
    latest.current.draw(turn, pointerRef.current);
    if (pendingAnimation.current !== turn) return;
    pendingAnimation.current = null;
    const duration = latest.current.flipTimeMs * (turn.hard ? 1.6 : 2);
    const path = (t: number) => flipPath(W, H, turn.side, turn.corner, turn.reverse ? 1 - t : t);
    latest.current.run(turn, duration, path, true);
  }, [turn, W, H]);

  useEffect(
    () => () => {
      if (animationRef.current !== null) cancelAnimationFrame(animationRef.current);
    },
    [],
  );
  useImperativeHandle(handleRef, () => ({ turn: (forward: boolean) => latest.current.turnAnimated(forward) }), []);

  /** The pointer in spine coordinates. */
  const spineLocal = (event: React.PointerEvent): Point => {
    const stage = event.currentTarget.getBoundingClientRect();
    if (vertical) {
      const spineY = double ? stage.height / 2 : 0;
      return toSpine(axis, { x: (event.clientX - stage.left) / zoom, y: (event.clientY - stage.top - spineY) / zoom });
    }
    const spineX = double ? stage.width / 2 : layout.direction === "ltr" ? 0 : stage.width;
    return { x: (event.clientX - stage.left - spineX) / zoom, y: (event.clientY - stage.top) / zoom };
  };

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (zoom > 1 || turn || event.button !== 0 || !event.isPrimary) return;
    const target = event.target as HTMLElement;
    if (target.closest("a, button, input, textarea, select, iframe, video, audio")) return;
    const point = spineLocal(event);
    const forward = double
      ? (point.x >= 0 ? "right" : "left") === turningSide(layout.direction, true)
      : (layout.direction === "ltr" ? point.x : -point.x) / W >= 0.5;
    // A drag from the text turns the page as from anywhere else; a long press there (held before moving) or the
    // text panel (the selection mode) selects text, and a tap there leaves it for selecting a word.
    const onText = Boolean(target.closest(".tl-text span"));
    dragRef.current = { start: point, id: event.pointerId, turning: null, forward, onText, at: event.timeStamp };
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.id !== event.pointerId) return;
    const point = spineLocal(event);
    if (!drag.turning) {
      const across = point.x - drag.start.x;
      if (Math.hypot(across, point.y - drag.start.y) < 6) return;
      if (drag.onText && event.timeStamp - drag.at >= selectHoldMs) {
        dragRef.current = null;
        return;
      }
      // A swipe turns the way it moves: towards the spine from the side the next sheet lies on is forward.
      const nextSide = double ? turningSide(layout.direction, true) : layout.direction === "ltr" ? "right" : "left";
      const forward =
        Math.abs(across) >= Math.abs(point.y - drag.start.y) ? (nextSide === "right") === across < 0 : drag.forward;
      drag.turning = begin(forward, drag.start.y < H / 2 ? "top" : "bottom");
      if (!drag.turning) {
        dragRef.current = null;
        return;
      }
      // The text the press began on would start selecting: the turn takes the gesture.
      window.getSelection()?.removeAllRanges();
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }
    draw(drag.turning, point);
  };

  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    dragRef.current = null;
    if (!drag || drag.id !== event.pointerId) return;
    if (!drag.turning) {
      if (!drag.onText) turnAnimated(drag.forward);
      return;
    }
    const { lands, destination } = releasedTurn(drag.turning, pointerRef.current.x, W, H);
    settle(drag.turning, destination, book.settings.flipTimeMs, lands);
  };

  const onPointerCancel = () => {
    dragRef.current = null;
    if (!turn) return;
    const start = resting(turn.side, turn.corner);
    settle(turn, turn.reverse ? { x: -start.x, y: start.y } : start, 120, false);
  };

  return {
    turn,
    frontRef,
    backRef,
    sheetRef,
    shadowRef,
    stageRef,
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel,
  };
}
