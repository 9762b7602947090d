import type { BookDocument } from "../data/book.schema.js";

/** Spec 000 §4 book status: only a normal book (bStatus 1) is served to readers; disabled ones are not. */
export function isPublished(book: Pick<BookDocument, "bStatus">): boolean {
  return book.bStatus === 1;
}
