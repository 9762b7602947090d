import { call } from "../api.js";
import { type BookcaseView, type BookList, type BookRow, listFields } from "./model.js";

/** The bookcase's calls: services/gateway/rest/book-content.md "The online bookcase". */
export function listBooks(view: BookcaseView): Promise<BookList> {
  return call<BookList>("/api/book/get-book-list", listFields(view));
}

export function setBookStatus(bookId: string, status: "enabled" | "disabled"): Promise<BookRow> {
  return call<BookRow>("/api/book/set-book-status", { bookId, status });
}

export function deleteBook(bookId: string): Promise<{ deleted: boolean }> {
  return call<{ deleted: boolean }>("/api/book/delete-book", { bookId });
}

export interface Progress {
  phase: string;
  conversion: { pagesDone: number; pagesTotal: number } | null;
}

/** Where a book's newest upload stands (get-progress by book). */
export function bookProgress(bookId: string): Promise<Progress> {
  return call<Progress>("/api/book/get-progress", { bookId });
}
