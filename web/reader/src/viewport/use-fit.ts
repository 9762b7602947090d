import { useMemo } from "react";
import type { ReaderBook } from "../book.js";
import { createLayout, type Layout, modeForViewport, phoneLayoutWidth } from "../engine/layout.js";
import { type TabRoom, tabRoom } from "../flipbook/tab-room.js";
import type { Margins } from "../settings/types.js";

/** Phones: below this width the mobile margins and the mobile button order apply. */
export const phoneWidth = phoneLayoutWidth;

export interface Fit {
  layout: Layout;
  /** A phone-sized viewport. */
  narrow: boolean;
  margins: Margins;
  /** Room kept for the bookmark tabs on the side and top edges. */
  tabs: TabRoom;
  pageWidth: number;
  pageHeight: number;
}

/**
 * The book in the viewport: its layout (single or double by the viewport, direction, axis) and the page size that
 * fits: two pages side by side in double mode (room for bookmark tabs), or stacked one above the other for vertical
 * (calendar) books.
 */
export function useFit(book: ReaderBook, size: { width: number; height: number }): Fit {
  const pageCount = book.pages.length;
  const axis = book.settings.flipAxis === "vertical" ? "vertical" : "horizontal";
  const mode = modeForViewport(size, { width: book.pageWidth, height: book.pageHeight }, book.settings.pageMode, axis);
  const layout = useMemo(
    () => createLayout(pageCount, mode, book.settings.direction, axis),
    [pageCount, mode, book.settings.direction, axis],
  );
  const narrow = size.width < phoneWidth;
  const margins = narrow ? book.settings.mobileMargins : book.settings.margins;
  const tabs = tabRoom({
    bookmarks: book.bookmarks?.length ?? 0,
    shown: book.settings.buttons.bookmark !== false,
    onSideEdge: book.settings.bookmarkOnSideEdge !== false,
    vertical: axis === "vertical",
  });
  const columns = mode === "double" && axis === "horizontal" ? 2 : 1;
  const rows = mode === "double" && axis === "vertical" ? 2 : 1;
  const mini = book.settings.mini;
  const room = {
    width: Math.min(
      size.width - margins.left - margins.right - 2 * tabs.side,
      mini?.maxWidth || Number.POSITIVE_INFINITY,
    ),
    height: Math.min(
      size.height - margins.top - margins.bottom - tabs.top,
      mini?.maxHeight || Number.POSITIVE_INFINITY,
    ),
  };
  const scale = Math.min(room.width / (columns * book.pageWidth), room.height / (rows * book.pageHeight));
  const pageWidth = Math.max(50, Math.floor(book.pageWidth * scale));
  const pageHeight = Math.max(50, Math.floor(book.pageHeight * scale));
  return { layout, narrow, margins, tabs, pageWidth, pageHeight };
}
