import { DomainError } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import type { BookDocument } from "../data/book.schema.js";

const bookIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The acting user's own book (team roles arrive with the power rules); another's is "not found". */
export async function findOwnBook(books: BookRepository, userId: string, bookId: string): Promise<BookDocument> {
  const book = bookIdPattern.test(bookId) ? await books.findById(bookId) : null;
  if (!book || book.ownerId !== userId) throw new DomainError("NOT_FOUND", "book not found", { details: { bookId } });
  return book;
}
