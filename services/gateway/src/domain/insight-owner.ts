import { DomainError, message } from "@turnleaf/kit";
import type { FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";

export const bookIdField = { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" } as const;
export const dayField = { type: "string", pattern: "^(\\d{4}-\\d{2}-\\d{2})?$" } as const;
export const linkPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The acting user's book, or the book service's refusal: statistics and leads are the owner's alone, so every
 * owner path asks the book service first (it answers NOT_FOUND / PERMISSION_DENIED for anyone else's book).
 */
export async function ownedBook(peers: Peers, actor: Actor, bookId: string) {
  const { book } = await peers.book.getBook({ userId: actor.userId, bookId, baseUrl: "" });
  if (!book) throw new DomainError("NOT_FOUND", message("bookNotFound"));
  return book;
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

export type ResolveActor = (request: FastifyRequest) => Actor;
