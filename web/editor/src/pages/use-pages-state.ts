import { useCallback, useEffect, useState } from "react";
import { call } from "../api.js";
import type { Report } from "../types.js";
import { naturalOrder } from "./page-order.js";

/** The book's pages as get-pages says: its revision, page count, whether a conversion runs, each page's thumbnail. */
export interface PagesState {
  revision: number;
  pageCount: number;
  converting: boolean;
  pages: { n: number; width: number; height: number; thumb: string }[];
}

/** The pages panel's view of the book: its pages, the order being arranged, the pages chosen, the insert position. */
export function usePagesState(bookId: string, teamId: string, report: Report) {
  const [state, setState] = useState<PagesState | null>(null);
  const [order, setOrder] = useState<number[]>([]);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [position, setPosition] = useState("");

  const load = useCallback(async () => {
    const loaded = await call<PagesState>("/api/book/get-pages", { bookId, teamId });
    setState(loaded);
    setOrder(naturalOrder(loaded.pageCount));
    setChosen(new Set());
    setPosition((typed) => typed || String(loaded.pageCount + 1));
    return loaded;
  }, [bookId, teamId]);

  useEffect(() => {
    load().catch(report);
  }, [load, report]);

  return { state, order, setOrder, chosen, setChosen, position, setPosition, load };
}

export type PagesView = ReturnType<typeof usePagesState>;
