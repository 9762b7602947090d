import { forwardRef } from "react";
import type { Bookmark, ReaderPage } from "../book.js";
import { sheetOrigin } from "../engine/axis.js";
import type { Side } from "../engine/fold.js";
import { turningSide } from "../engine/layout.js";
import { useLabels } from "../language/labels-context.js";
import { BookmarkTabs } from "./BookmarkTabs.js";
import { Face } from "./Face.js";
import type { FlipBookHandle, FlipBookProps } from "./types.js";
import { useTurning } from "./use-turning.js";

export type { FlipBookHandle } from "./types.js";

const other = (side: Side): Side => (side === "right" ? "left" : "right");

export const FlipBook = forwardRef<FlipBookHandle, FlipBookProps>(function FlipBook(props, handleRef) {
  const { book, spread, zoom } = props;
  const { layout, pageWidth: w, pageHeight: h } = props.fit;
  const labels = useLabels();
  const double = layout.mode === "double";
  // Vertical (calendar) books: the spine is horizontal. Turning works in spine coordinates (engine/axis.ts, see
  // use-turning.ts); the faces and the sheet are placed here in the stage's.
  const axis = layout.axis;
  const vertical = axis === "vertical";
  const { turn, frontRef, backRef, sheetRef, shadowRef, stageRef, ...pointer } = useTurning(props, handleRef);
  const pageAt = (page: number | null): ReaderPage | null => (page === null ? null : (book.pages[page - 1] ?? null));
  const current = layout.spread(spread);

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
    onGoToPage: props.onGoToPage,
    onUnlock: props.onUnlock,
    lockedLabel: book.lock?.mode === "lead" ? labels.lockedLead : labels.locked,
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
  const settings = book.settings;
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
      onPointerDown={pointer.onPointerDown}
      onPointerMove={pointer.onPointerMove}
      onPointerUp={pointer.onPointerUp}
      onPointerCancel={pointer.onPointerCancel}
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
      <BookmarkTabs
        bookmarks={bookmarks}
        settings={settings}
        visible={visible}
        stage={{ width: stageWidth, height: stageHeight, zoom, vertical, direction: layout.direction }}
        onGoToPage={props.onGoToPage}
      />
    </div>
  );
});
