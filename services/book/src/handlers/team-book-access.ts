import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { type PowerService, TeamBookAction } from "@turnleaf/contracts/power/v1/power_service_pb";
import { codedFromWire, DomainError, type ServiceImplementation, type TypedClient } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";

const bookIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The calls a team role reaches, and what each needs: reading a book, or changing it. */
const teamActions = {
  getBook: TeamBookAction.VIEW,
  getBookCatalog: TeamBookAction.VIEW,
  getBookBookmarks: TeamBookAction.VIEW,
  updateBook: TeamBookAction.EDIT,
  saveBookCatalog: TeamBookAction.EDIT,
  saveBookBookmarks: TeamBookAction.EDIT,
  addBookBookmark: TeamBookAction.EDIT,
  listPageMedia: TeamBookAction.VIEW,
  addPageMedia: TeamBookAction.EDIT,
  updatePageMedia: TeamBookAction.EDIT,
  deletePageMedia: TeamBookAction.EDIT,
  getPageAudio: TeamBookAction.VIEW,
  setPageSpeech: TeamBookAction.EDIT,
  setPageAudioFile: TeamBookAction.EDIT,
  clearPageAudio: TeamBookAction.EDIT,
  savePageAudioPlay: TeamBookAction.EDIT,
  getBookCustom: TeamBookAction.VIEW,
  saveBookCustom: TeamBookAction.EDIT,
  deleteBookCustom: TeamBookAction.EDIT,
} as const;

type TeamReachable = Pick<ServiceImplementation<typeof BookService>, keyof typeof teamActions>;
type BookCall = (request: { userId: string; bookId: string }, context: unknown) => unknown;

/**
 * Who a call on a book acts as (issue #4): the user themselves for their own book, a book of no team or a non-member
 * (the owner check then answers 'book not found'); the book's owner when the user's role reaches the team book for
 * the action; a member whose role lacks the power is refused with its catalogue text (REST POWER_LIMIT).
 */
export function teamBookActor(deps: {
  books: Pick<BookRepository, "findById">;
  power: TypedClient<typeof PowerService>;
}): (userId: string, bookId: string, action: TeamBookAction) => Promise<string> {
  return async (userId, bookId, action) => {
    const book = bookIdPattern.test(bookId) ? await deps.books.findById(bookId) : null;
    if (!book || book.ownerId === userId || !book.teamId || book.teamId === "0") return userId;
    const access = await deps.power.checkTeamBookAccess({
      userId,
      teamId: book.teamId,
      bookAuthorId: book.ownerId,
      action,
    });
    if (access.allowed) return book.ownerId;
    if (!access.member) return userId;
    throw new DomainError("PERMISSION_DENIED", codedFromWire(access.codedMessage) ?? access.message, {
      restCode: "POWER_LIMIT",
      details: { feature: access.denied, source: "role" },
    });
  };
}

/**
 * Team access to books (issue #4: "the session may touch that book: owner, or team role per power codes").
 * For a book of a team (book.teamId) owned by another user, the power service decides whether the acting user's
 * role reaches it (view or edit, by the key, selfKey, otherKey rule); if so the call goes on acting on behalf of
 * the owner, so the owner-only handlers apply every rule as for the owner. A non-member, or a book of no team, is
 * left to the owner check ('book not found'); a member whose role lacks the power is refused with its catalogue
 * text (REST POWER_LIMIT). Privacy, passwords and the book's content stay the owner's. Kept apart on purpose.
 */
export function withTeamBookAccess<T extends TeamReachable>(
  handlers: T,
  deps: { books: BookRepository; power: TypedClient<typeof PowerService> },
): T {
  const actingUserFor = teamBookActor(deps);
  const wrapped: Record<string, BookCall> = {};
  for (const [name, action] of Object.entries(teamActions)) {
    const handler = handlers[name as keyof typeof teamActions] as unknown as BookCall;
    wrapped[name] = async (request, context) =>
      handler({ ...request, userId: await actingUserFor(request.userId, request.bookId, action) }, context);
  }
  return { ...handlers, ...wrapped };
}
