import { useEffect, useRef, useState } from "react";
import { bookProgress } from "./api.js";
import { type BookRow, converting } from "./model.js";

export type PagesDone = Record<string, { done: number; total: number }>;

const pollMs = 2000;

/**
 * Follows the books of a page still converting (get-progress by book, every 2 s): their pages so far, and
 * `onSettled` once one is ready or failed, so the list reloads with its new status, page count and cover.
 */
export function useConversionProgress(rows: readonly BookRow[], onSettled: () => void): PagesDone {
  const [pages, setPages] = useState<PagesDone>({});
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const ids = converting(rows)
    .map((row) => row.bookId)
    .join(",");

  useEffect(() => {
    if (!ids) return;
    let live = true;
    const poll = async () => {
      let done = false;
      for (const bookId of ids.split(",")) {
        try {
          const progress = await bookProgress(bookId);
          if (!live) return;
          if (progress.phase === "ready" || progress.phase === "failed") done = true;
          const conversion = progress.conversion;
          if (conversion)
            setPages((shown) => ({
              ...shown,
              [bookId]: { done: conversion.pagesDone, total: conversion.pagesTotal },
            }));
        } catch {
          // A book without an upload of its own (or gone meanwhile): the next list answers its status.
        }
      }
      if (live && done) settled.current();
    };
    void poll();
    const timer = setInterval(() => void poll(), pollMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [ids]);

  return pages;
}
