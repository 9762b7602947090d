/**
 * Which pages face the reader: spreads of two pages around a spine (first and last page alone, as covers), or
 * one page at a time. Pages are numbered from 1. Right-to-left books put the earlier page on the right and
 * turn the other way.
 *
 * Vertical (calendar) layouts put the spine horizontally: `left` is then the slot above the spine (the earlier
 * page) and `right` the one below it (the later page, which turns upwards), as the transposed spine coordinates of
 * `axis.ts` have it; single pages sit below the spine. Their reading direction is always top to bottom ("ltr").
 */
export type Direction = "ltr" | "rtl";
export type Mode = "double" | "single";
export type Axis = "horizontal" | "vertical";

export interface Spread {
  index: number;
  left: number | null;
  right: number | null;
}

export interface Layout {
  mode: Mode;
  /** The reading direction of the slots: always "ltr" in vertical layouts. */
  direction: Direction;
  axis: Axis;
  pageCount: number;
  spreadCount: number;
  spread(index: number): Spread;
  /** The spread showing a page. */
  spreadOf(page: number): number;
  /** The pages a spread shows, in reading order. */
  pagesOf(index: number): number[];
}

export function createLayout(
  pageCount: number,
  mode: Mode,
  bookDirection: Direction,
  axis: Axis = "horizontal",
): Layout {
  const direction: Direction = axis === "vertical" ? "ltr" : bookDirection;
  const count = Math.max(0, Math.floor(pageCount));
  const spreadCount = mode === "single" ? count : count === 0 ? 0 : Math.floor(count / 2) + 1;
  const existing = (page: number) => (page >= 1 && page <= count ? page : null);
  const spread = (index: number): Spread => {
    const clamped = Math.min(Math.max(index, 0), Math.max(spreadCount - 1, 0));
    if (mode === "single") {
      const page = existing(clamped + 1);
      return { index: clamped, left: null, right: page };
    }
    const earlier = clamped === 0 ? null : existing(2 * clamped);
    const later = existing(2 * clamped + 1);
    return direction === "ltr"
      ? { index: clamped, left: earlier, right: later }
      : { index: clamped, left: later, right: earlier };
  };
  const spreadOf = (page: number) => {
    const clamped = Math.min(Math.max(Math.floor(page), 1), Math.max(count, 1));
    return mode === "single" ? clamped - 1 : Math.floor(clamped / 2);
  };
  const pagesOf = (index: number) => {
    const { left, right } = spread(index);
    const pages = [left, right].filter((page): page is number => page !== null);
    return pages.sort((a, b) => a - b);
  };
  return { mode, direction, axis, pageCount: count, spreadCount, spread, spreadOf, pagesOf };
}

/** The spreads kept in the DOM around the current one: what a flip either way needs, nothing more. */
export function spreadWindow(layout: Layout, current: number): number[] {
  const indices = [current - 1, current, current + 1];
  return indices.filter((index) => index >= 0 && index < layout.spreadCount);
}

/** Which side's sheet turns to go forward (towards later pages) or back. */
export function turningSide(direction: Direction, forward: boolean): "left" | "right" {
  return (direction === "ltr") === forward ? "right" : "left";
}

/** Below this viewport width a reader is a phone's: one page, whatever the template asks (its phone layout). */
export const phoneLayoutWidth = 640;

/**
 * Chooses double or single pages: double when two pages fit side by side at a useful size (at least three
 * quarters of a single page's), or for vertical layouts stacked one above the other (the same rule, transposed).
 * A phone always gets single pages: a template's two-page spread would be a tiny, clipped strip there.
 */
export function modeForViewport(
  viewport: { width: number; height: number },
  page: { width: number; height: number },
  preference: "auto" | Mode,
  axis: Axis = "horizontal",
): Mode {
  if (viewport.width < phoneLayoutWidth) return "single";
  if (preference !== "auto") return preference;
  if (axis === "vertical") {
    const stackedAspect = page.height / page.width;
    return viewport.height / viewport.width >= stackedAspect * 1.5 && viewport.height >= 640 ? "double" : "single";
  }
  const pageAspect = page.width / page.height;
  return viewport.width / viewport.height >= pageAspect * 1.5 && viewport.width >= 640 ? "double" : "single";
}
