import { DomainError, message } from "@turnleaf/kit";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";

/**
 * The acting user's own book, or "book not found": statistics, leads, lead settings, webhook deliveries and the
 * insight settings (with the webhook signing secret) are the book's owner's alone. The book service's GetOwnBook
 * answers only when the book's ownerId is the acting user; no team role reaches it (GetBook would: a team viewer acts
 * as the owner there), so a team member gets the same answer as any other user. Every insight path asks here.
 */
export async function ownedBook(peers: Peers, actor: Actor, bookId: string) {
  const book = await peers.book.getOwnBook({ userId: actor.userId, bookId });
  if (!book.bookId) throw new DomainError("NOT_FOUND", message("bookNotFound"));
  return { bookId: book.bookId, number: book.number, title: book.title };
}

/** Every book of the acting user (the bookcase), 100 per page, at most 1,000. */
export async function ownedBooks(peers: Peers, actor: Actor) {
  const books: { bookId: string; number: string; title: string; pageCount: number }[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const answer = await peers.book.listBooks({ userId: actor.userId, page, pageSize: 100, status: "", keyword: "" });
    books.push(...answer.books.map(({ bookId, number, title, pageCount }) => ({ bookId, number, title, pageCount })));
    if (books.length >= answer.total || answer.books.length === 0) break;
  }
  return books;
}
