import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import type { Bookmark, ReaderBook, ReaderPage } from "./book.js";
import { foldToStage, sheetOrigin, spineSize, toSpine } from "./engine/axis.js";
import { type Corner, computeFold, flipPath, type Side } from "./engine/fold.js";
import { compose, cssMatrix, cssPolygon, type Point } from "./engine/geometry.js";
import { type Layout, turningSide } from "./engine/layout.js";
import { Face } from "./Face.js";
import type { MediaLabels } from "./media/media-types.js";

export interface FlipBookHandle {
  /** Turns one spread forward or back with the animation; answers false when there is nowhere to go. */
  turn(forward: boolean): boolean;
}

interface FlipBookProps {
  book: ReaderBook;
  layout: Layout;
  spread: number;
  pageWidth: number;
  pageHeight: number;
  zoom: number;
  reducedMotion: boolean;
  onSpreadChange(spread: number): void;
  onGoToPage(page: number): void;
  pageLabel(page: number): string;
  onUnlock(): void;
  lockedLabel: string;
  unlockLabel: string;
  /** Called as each turn starts (the flip sound). */
  onTurnStart?(): void;
  bookmarksLabel?: string;
  /** A corner of the next page lifts now and then (the curling-corner hint). */
  curlingCorner?: boolean;
  /** Where page links to other sites open. */
  linkTarget?: string;
  /** Texts of the pages' media items. */
  mediaLabels?: MediaLabels;
}

interface Turn {
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

const other = (side: Side): Side => (side === "right" ? "left" : "right");

export const FlipBook = forwardRef<FlipBookHandle, FlipBookProps>(function FlipBook(props, handleRef) {
  const { book, layout, spread, pageWidth: w, pageHeight: h, zoom, reducedMotion } = props;
  const double = layout.mode === "double";
  // Vertical (calendar) books: the spine is horizontal. Everything below works in spine coordinates (engine/axis.ts)
  // where a page is W across the spine and H along it; only drawing and the pointer's position know the stage.
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
  const dragRef = useRef<{ start: Point; id: number; turning: boolean; forward: boolean } | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  /**
   * Single pages: how far past the spine the viewport leaves room for the sheet (spine units). A sheet that would
   * cross the viewport's edge stops at it and fades instead of being cut off there.
   */
  const roomRef = useRef(Number.POSITIVE_INFINITY);

  const pageAt = (page: number | null): ReaderPage | null => (page === null ? null : (book.pages[page - 1] ?? null));
  const current = layout.spread(spread);
  const resting = (side: Side, corner: Corner): Point => ({
    x: side === "right" ? W : -W,
    y: corner === "top" ? 0 : H,
  });

  const isHard = (target: number) => {
    if (book.settings.hardPages || book.settings.flipStyle === "flat") return true;
    if (!book.settings.hardCover || !double) return false;
    const last = layout.spreadCount - 1;
    return spread === 0 || target === 0 || spread === last || target === last;
  };

  /**
   * Draws the turning sheet for the pointer (spine coordinates, spine at x = 0), straight to the DOM; the fold is
   * computed in spine coordinates and drawn in the stage's (transposed for vertical books).
   */
  const draw = (active: Turn, pointer: Point) => {
    pointerRef.current = pointer;
    if (active.hard) {
      const progress = Math.min(1, Math.max(0, Math.abs(resting(active.side, "bottom").x - pointer.x) / (2 * W)));
      const angle = progress * 180;
      if (sheetRef.current) {
        const sign = active.side === "right" ? 1 : -1;
        sheetRef.current.style.transform = vertical ? `rotateX(${sign * angle}deg)` : `rotateY(${-sign * angle}deg)`;
      }
      return;
    }
    let folded = pointer;
    let opacity = 1;
    const room = roomRef.current;
    const beyond = active.side === "right" ? -pointer.x : pointer.x;
    if (!double && room < W && beyond > room) {
      folded = { x: active.side === "right" ? -room : room, y: pointer.y };
      opacity = Math.max(0, 1 - (beyond - room) / Math.max(1, W - room));
    }
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
    run(
      active,
      duration,
      (t) => {
        const eased = 1 - (1 - t) ** 3;
        const lift = Math.sin(Math.PI * t) * H * 0.06;
        return {
          x: from.x + (to.x - from.x) * eased,
          y: from.y + (to.y - from.y) * eased + (active.corner === "bottom" ? -lift : lift),
        };
      },
      landsOnTarget,
    );
  };

  const begin = (forward: boolean, corner: Corner): Turn | null => {
    const target = spread + (forward ? 1 : -1);
    if (turn || target < 0 || target >= layout.spreadCount) return null;
    const reverse = !double && !forward;
    const side: Side = double ? turningSide(layout.direction, forward) : layout.direction === "ltr" ? "right" : "left";
    const active: Turn = { forward, side, corner, target, hard: isHard(target), reverse };
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
    if ((event.target as HTMLElement).closest("a, button, input, .tl-text span")) return;
    const point = spineLocal(event);
    const forward = double
      ? (point.x >= 0 ? "right" : "left") === turningSide(layout.direction, true)
      : (layout.direction === "ltr" ? point.x : -point.x) / W >= 0.5;
    dragRef.current = { start: point, id: event.pointerId, turning: false, forward };
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.id !== event.pointerId) return;
    const point = spineLocal(event);
    if (!drag.turning) {
      if (Math.hypot(point.x - drag.start.x, point.y - drag.start.y) < 6) return;
      if (!begin(drag.forward, drag.start.y < H / 2 ? "top" : "bottom")) {
        dragRef.current = null;
        return;
      }
      drag.turning = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }
    if (turn) draw(turn, point);
  };

  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    dragRef.current = null;
    if (!drag || drag.id !== event.pointerId) return;
    if (!drag.turning) {
      turnAnimated(drag.forward);
      return;
    }
    if (!turn) return;
    const start = resting(turn.side, turn.corner);
    const opposite = { x: -start.x, y: start.y };
    const travelled = Math.abs(start.x - pointerRef.current.x) / (2 * W);
    // A forward sheet lands when dragged past a quarter; a sheet brought back (single pages) when past three quarters.
    const lands = turn.reverse ? travelled < 0.75 : travelled > 0.25;
    const destination = turn.reverse === lands ? start : opposite;
    settle(turn, destination, book.settings.flipTimeMs, lands);
  };

  const onPointerCancel = () => {
    dragRef.current = null;
    if (!turn) return;
    const start = resting(turn.side, turn.corner);
    settle(turn, turn.reverse ? { x: -start.x, y: start.y } : start, 120, false);
  };

  const targetSpread = turn ? layout.spread(turn.target) : null;
  const pageOn = (pages: { left: number | null; right: number | null } | null, side: Side) =>
    pages ? (side === "left" ? pages.left : pages.right) : null;

  // The faces lying flat: during a turn, the turning side already shows what lies beneath the sheet.
  const faces: { side: Side; page: number | null }[] = [];
  if (double) {
    for (const side of ["left", "right"] as const) {
      const covered = turn && !turn.reverse && side === turn.side;
      faces.push({ side, page: covered ? pageOn(targetSpread, side) : pageOn(current, side) });
    }
  } else {
    const side: Side = layout.direction === "ltr" ? "right" : "left";
    faces.push({ side, page: turn && !turn.reverse ? pageOn(targetSpread, "right") : current.right });
  }

  const faceProps = (side: Side) => ({
    side,
    lastPage: book.pageCount || book.pages.length,
    linkTarget: props.linkTarget,
    vectorPdfUrl: book.settings.vectorPdfUrl || undefined,
    hd: book.settings.hdDisplay,
    width: w,
    height: h,
    left: sheetOrigin(axis, side, w, h).x,
    style: vertical ? { top: sheetOrigin(axis, side, w, h).y } : undefined,
    zoom,
    pageLabel: props.pageLabel,
    onGoToPage: props.onGoToPage,
    onUnlock: props.onUnlock,
    lockedLabel: props.lockedLabel,
    unlockLabel: props.unlockLabel,
    mediaLabels: props.mediaLabels,
  });

  let sheet: React.ReactNode = null;
  if (turn) {
    const frontPage = turn.reverse ? pageOn(targetSpread, "right") : pageOn(current, turn.side);
    const backPage = double ? pageOn(targetSpread, other(turn.side)) : null;
    if (turn.hard) {
      sheet = (
        <div
          ref={sheetRef}
          className="tl-hard-sheet"
          style={{
            width: w,
            height: h,
            left: sheetOrigin(axis, turn.side, w, h).x,
            top: sheetOrigin(axis, turn.side, w, h).y,
            // The board hinges on the spine: its left or right edge, or for vertical books its top or bottom.
            transformOrigin: vertical
              ? turn.side === "right"
                ? "50% 0"
                : "50% 100%"
              : turn.side === "right"
                ? "0 50%"
                : "100% 50%",
          }}
        >
          <Face
            {...faceProps(turn.side)}
            left={0}
            style={undefined}
            page={pageAt(frontPage)}
            interactive={false}
            className="tl-hard-front"
          />
          <Face
            {...faceProps(turn.side)}
            left={0}
            style={undefined}
            page={pageAt(backPage)}
            interactive={false}
            className="tl-hard-back"
          />
        </div>
      );
    } else {
      // The crease's shadow stays on the pages: clipped to the spread (or the single page).
      const clip = double ? { x: vertical ? 0 : -w, y: vertical ? -h : 0 } : sheetOrigin(axis, turn.side, w, h);
      const clipSize = { width: double && !vertical ? 2 * w : w, height: double && vertical ? 2 * h : h };
      sheet = (
        <>
          <Face
            {...faceProps(turn.side)}
            ref={frontRef}
            page={pageAt(frontPage)}
            interactive={false}
            className="tl-turning-front"
          />
          <Face
            {...faceProps(turn.side)}
            ref={backRef}
            page={pageAt(backPage)}
            interactive={false}
            className="tl-turning-back"
          />
          <div className="tl-crease-clip" style={{ left: clip.x, top: clip.y, ...clipSize }}>
            <div ref={shadowRef} className="tl-crease" style={{ left: -clip.x, top: -clip.y }} />
          </div>
        </>
      );
    }
  }

  const stageWidth = double && !vertical ? 2 * w : w;
  const stageHeight = double && vertical ? 2 * h : h;
  const spinePosition = vertical
    ? { left: 0, top: double ? h : 0, width: w, height: 0 }
    : { left: double ? w : layout.direction === "ltr" ? 0 : w };
  const bookmarks: Bookmark[] = book.bookmarks ?? [];
  const visible = layout.pagesOf(spread);
  const lastVisible = visible[visible.length - 1] ?? 1;
  const tabStep = Math.min(96, (stageHeight * zoom - 16) / Math.max(bookmarks.length, 1));
  const settings = book.settings;
  // Vertical (calendar) books have no side fore-edge to hang tabs on: theirs go along the top.
  const onSide = settings.bookmarkOnSideEdge !== false && !vertical;
  const topStep = Math.min(96, (stageWidth * zoom - 16) / Math.max(bookmarks.length, 1));
  // Page thickness: the fore-edges show the pages on each side, up to 6 (thin) or 14 (thick) px.
  const edgeMax = settings.thickness === "thick" ? 14 : settings.thickness === "thin" ? 6 : 0;
  const total = Math.max(book.pageCount || book.pages.length, 1);
  const firstVisible = visible[0] ?? 1;
  const before = edgeMax && !vertical ? Math.round((edgeMax * (firstVisible - 1)) / total) : 0;
  const after = edgeMax && !vertical ? Math.round((edgeMax * (total - lastVisible)) / total) : 0;
  const [readEdge, unreadEdge] = layout.direction === "ltr" ? [before, after] : [after, before];
  const nextSide: Side = double ? turningSide(layout.direction, true) : layout.direction === "ltr" ? "right" : "left";
  const showCurl = props.curlingCorner && !turn && spread < layout.spreadCount - 1 && zoom === 1;
  return (
    <div
      ref={stageRef}
      className={`tl-stage ${turn ? "tl-turning" : ""} ${vertical ? "tl-vertical" : ""} ${double ? "tl-double" : ""} tl-binding-${settings.binding}`}
      style={{ width: stageWidth * zoom, height: stageHeight * zoom }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      data-testid="stage"
    >
      <div className="tl-zoom" style={{ transform: `scale(${zoom})`, width: stageWidth, height: stageHeight }}>
        <div className="tl-spine" style={spinePosition}>
          {faces.map(({ side, page }) => (
            <Face key={`${side}-${page ?? "none"}`} {...faceProps(side)} page={pageAt(page)} interactive={!turn} />
          ))}
          {double && settings.binding === "spiral" && current.left !== null && current.right !== null ? (
            <div className="tl-spiral" data-testid="binding" style={vertical ? { left: 0, width: w } : { height: h }} />
          ) : null}
          {showCurl ? (
            <div
              className={`tl-curl tl-curl-${vertical ? "down" : nextSide}`}
              data-testid="curl"
              style={
                vertical
                  ? { left: w - 44, top: (double ? h : 0) + h - 44 }
                  : { left: nextSide === "right" ? w - 44 : -w, top: h - 44 }
              }
            />
          ) : null}
          {sheet}
        </div>
        {readEdge > 0 ? (
          <div
            className="tl-edge tl-edge-left"
            data-testid="edge-left"
            style={{ left: -readEdge, width: readEdge, height: h }}
          />
        ) : null}
        {unreadEdge > 0 ? (
          <div
            className="tl-edge tl-edge-right"
            data-testid="edge-right"
            style={{ left: stageWidth, width: unreadEdge, height: h }}
          />
        ) : null}
      </div>
      {bookmarks.length > 0 ? (
        <nav
          className={`tl-bookmarks${settings.bookmarkHasTexture ? " tl-bookmarks-textured" : ""}`}
          aria-label={props.bookmarksLabel}
          data-edge={onSide ? "side" : "top"}
        >
          {bookmarks.map((mark, index) => {
            // Tabs of pages still ahead stick out of the fore-edge still to read; the others out of the read one.
            const ahead = mark.page > lastVisible;
            const side = onSide ? (ahead === (layout.direction === "ltr") ? "right" : "left") : "top";
            const place = onSide
              ? { top: 8 + index * tabStep, height: Math.max(24, tabStep - 6) }
              : { left: 8 + index * topStep, width: Math.max(24, topStep - 6) };
            return (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: bookmarks have no identity but their order
                key={index}
                type="button"
                className={`tl-bookmark tl-bookmark-${side}`}
                style={{
                  ...place,
                  backgroundColor: mark.colour,
                  color: mark.textColour ?? "#fff",
                }}
                aria-current={visible.includes(mark.page) ? "page" : undefined}
                title={mark.caption}
                onClick={() => props.onGoToPage(mark.page)}
              >
                <span>{mark.caption}</span>
              </button>
            );
          })}
        </nav>
      ) : null}
    </div>
  );
});
