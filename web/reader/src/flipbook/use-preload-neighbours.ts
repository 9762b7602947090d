import { useEffect } from "react";
import type { ReaderPage } from "../book.js";
import { type Layout, spreadWindow } from "../engine/layout.js";
import { pickRendition } from "../engine/renditions.js";

/** Neighbouring spreads load after the current one, so a turn never shows a blank sheet. */
export function usePreloadNeighbours(
  layout: Layout,
  spread: number,
  pages: ReaderPage[],
  pageWidth: number,
  zoom: number,
): void {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      for (const index of spreadWindow(layout, spread)) {
        for (const number of layout.pagesOf(index)) {
          const rendition = pickRendition(
            pages[number - 1]?.renditions ?? [],
            pageWidth,
            window.devicePixelRatio || 1,
            zoom,
          );
          if (rendition) new Image().src = rendition.url;
        }
      }
    }, 250);
    return () => window.clearTimeout(timer);
  }, [layout, spread, pages, pageWidth, zoom]);
}
