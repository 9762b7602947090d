import { useEffect, useState } from "react";
import { callOptional } from "../api.js";
import { useScreenServices } from "../screen-services.js";
import type { Report } from "../types.js";

export interface OwnBook {
  bookId: string;
  number: string;
  title: string;
}

/**
 * The owner's books a saved custom entry may come from: this book first, then the others of the bookcase's first
 * page (get-book-list). Entries are stored per book, so reusing another book's look means reading it from that book.
 */
export function useOwnBooks(current: OwnBook, report: Report): OwnBook[] {
  const [books, setBooks] = useState<OwnBook[]>([current]);
  useEffect(() => {
    let live = true;
    callOptional<{ list: OwnBook[] }>("/api/book/get-book-list", { pageSize: "100" }).then((reply) => {
      if (!live || !reply) return;
      setBooks([current, ...reply.list.filter((book) => book.bookId !== current.bookId)]);
    }, report);
    return () => {
      live = false;
    };
  }, [current, report]);
  return books;
}

/** Which book's saved entries the panel lists. */
export function SourceBook({
  books,
  chosen,
  onChoose,
}: {
  books: OwnBook[];
  chosen: string;
  onChoose: (bookId: string) => void;
}) {
  const { labels } = useScreenServices();
  return (
    <label className="field">
      <span>{labels.customSourceBook}</span>
      <select value={chosen} onChange={(event) => onChoose(event.currentTarget.value)}>
        {books.map((book, index) => (
          <option key={book.bookId} value={book.bookId}>
            {index === 0 ? `${labels.customThisBook}: ${book.title}` : `${book.title} (${book.number})`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A saved time as the owner reads it. */
export const savedAt = (iso: string, lang: string) => (iso ? new Date(iso).toLocaleString(lang) : "");
