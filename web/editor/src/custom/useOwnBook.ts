import { useMemo } from "react";
import type { BookInfo } from "../api.js";
import type { OwnBook } from "./SourceBook.js";

/** This book as the custom config and content panels name it (stable while its title is); null until loaded. */
export function useOwnBook(bookId: string, book: BookInfo | null): OwnBook | null {
  const ownNumber = book?.number;
  const ownTitle = book?.title;
  return useMemo(
    () => (ownNumber !== undefined ? { bookId, number: ownNumber, title: ownTitle ?? "" } : null),
    [bookId, ownNumber, ownTitle],
  );
}
