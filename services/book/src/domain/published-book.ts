import type { BookDocument } from "../data/book.schema.js";

/**
 * Spec 000 §4 book status: only a normal book (bStatus 1) is served to readers; disabled ones are not, nor a book
 * whose hosting is suspended (unpaid past its grace: "overdue" in the bookcase).
 */
export function isPublished(book: Pick<BookDocument, "bStatus" | "hostingSuspended">): boolean {
  return book.bStatus === 1 && book.hostingSuspended !== true;
}
