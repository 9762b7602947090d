import type { BookDocument } from "../data/book.schema.js";
import { bookStatus } from "./bookcase.js";

/**
 * Spec 000 §4 book status: a normal book (bStatus 1) is served to readers; disabled ones are not, nor a book in
 * error, nor a book whose hosting is suspended (unpaid past its grace: "overdue" in the bookcase). A book whose
 * newest revision is converting stays open unless its owner had disabled it: readers get the pages landed so far
 * (a first conversion) or the previous revision (a reconversion), as before the status followed conversions.
 */
export function isPublished(
  book: Pick<BookDocument, "bStatus" | "hostingSuspended" | "statusAfterConversion">,
): boolean {
  if (book.hostingSuspended === true) return false;
  if (book.bStatus === bookStatus.processing) return book.statusAfterConversion !== bookStatus.disabled;
  return book.bStatus === bookStatus.normal;
}
