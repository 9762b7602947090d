import { type RefObject, useCallback, useEffect, useState } from "react";
import type { Layout } from "../engine/layout.js";
import type { FlipBookHandle } from "../flipbook/types.js";
import { rememberedPage, rememberPage } from "./last-page.js";

export interface Navigation {
  /** The current page (the first of the current spread after a turn). */
  page: number;
  spread: number;
  /** The reader's way through the book for back and forward. */
  history: { pages: number[]; at: number };
  goToPage(page: number): void;
  goToSpread(index: number): void;
  /** Back (−1) or forward (+1) in the history. */
  goInHistory(step: number): void;
  /** Turns the page (animated by the flip book) forwards or backwards. */
  turn(forward: boolean): void;
}

/**
 * Where the reader is in the book: the current page (from the URL, else the last-page memory, else page 1), kept in
 * the URL (`/b/<link>/<page>`, without a history entry per turn) and in the last-page memory; the back/forward
 * history; going to a page or spread and turning.
 */
export function useNavigation({
  startPage,
  link,
  layout,
  pageCount,
  urlPageNumber,
  lastPageMemory,
  openWithMemory,
  flipRef,
}: {
  /** The page in the URL; null opens where this browser left the book (last-page memory) or at page 1. */
  startPage: number | null;
  link: string;
  layout: Layout;
  pageCount: number;
  urlPageNumber: boolean;
  lastPageMemory: boolean;
  /** The last-page memory as the book opened (it decides the first page). */
  openWithMemory: boolean;
  flipRef: RefObject<FlipBookHandle | null>;
}): Navigation {
  const [history, setHistory] = useState<{ pages: number[]; at: number }>({ pages: [], at: -1 });
  const [page, setPage] = useState(() => {
    const remembered = openWithMemory ? rememberedPage(link) : null;
    return Math.min(Math.max(startPage ?? remembered ?? 1, 1), Math.max(pageCount, 1));
  });
  const spread = layout.spreadOf(page);

  // One URL per page: /b/<link>/<page>, kept current without adding history entries for every turn.
  useEffect(() => {
    if (!link || !urlPageNumber) return;
    const url = new URL(window.location.href);
    url.pathname = `/b/${link}/${page}`;
    window.history.replaceState(null, "", url);
  }, [page, link, urlPageNumber]);

  // Back / forward: the pages this reader went to, like a browser's history (turning one page is a step too).
  useEffect(() => {
    setHistory((previous) => {
      if (previous.pages[previous.at] === page) return previous;
      const pages = [...previous.pages.slice(0, previous.at + 1), page].slice(-100);
      return { pages, at: pages.length - 1 };
    });
  }, [page]);
  const goInHistory = (step: number) => {
    const at = Math.min(Math.max(history.at + step, 0), history.pages.length - 1);
    const target = history.pages[at];
    if (target === undefined) return;
    setHistory({ ...history, at });
    setPage(target);
  };

  useEffect(() => {
    if (!lastPageMemory || !link) return;
    rememberPage(link, page);
  }, [page, link, lastPageMemory]);

  const goToSpread = useCallback(
    (index: number) => {
      const clamped = Math.min(Math.max(index, 0), Math.max(layout.spreadCount - 1, 0));
      const pages = layout.pagesOf(clamped);
      setPage(pages[0] ?? 1);
    },
    [layout],
  );
  const goToPage = useCallback(
    (target: number) => setPage(Math.min(Math.max(target, 1), Math.max(pageCount, 1))),
    [pageCount],
  );
  const turn = useCallback(
    (forward: boolean) => {
      if (!flipRef.current?.turn(forward)) return;
    },
    [flipRef],
  );
  return { page, spread, history, goToPage, goToSpread, goInHistory, turn };
}
