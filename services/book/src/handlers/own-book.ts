import { DomainError, message } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import type { BookDocument } from "../data/book.schema.js";
import { isPublished } from "../domain/published-book.js";

const bookIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The acting user's own book (team roles arrive with the power rules); another's is "not found". */
export async function findOwnBook(books: BookRepository, userId: string, bookId: string): Promise<BookDocument> {
  const book = bookIdPattern.test(bookId) ? await books.findById(bookId) : null;
  if (!book || book.ownerId !== userId)
    throw new DomainError("NOT_FOUND", message("bookNotFound"), { details: { bookId } });
  return book;
}

/** A book readers may open by its public link; unpublished (disabled, suspended, error), private or unknown: "not found". */
export async function findPublishedBook(books: BookRepository, link: string): Promise<BookDocument> {
  const trimmed = link.trim();
  const book = bookIdPattern.test(trimmed) ? await books.findByNumber(trimmed) : null;
  if (!book || !isPublished(book) || book.privacy?.access === "private") {
    throw new DomainError("NOT_FOUND", message("bookNotFound"), { details: { link: trimmed } });
  }
  return book;
}
