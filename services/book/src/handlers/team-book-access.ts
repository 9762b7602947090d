import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { type PowerService, TeamBookAction } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, type ServiceImplementation, type TypedClient } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";

const bookIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

type TeamReachable = Pick<ServiceImplementation<typeof BookService>, "getBook" | "updateBook">;

/**
 * Team access to books (issue #4: "the session may touch that book: owner, or team role per power codes").
 * GetBook and UpdateBook of a book whose owner is another user but which belongs to a team (book.teamId) ask the
 * power service whether the acting user's role in that team reaches it (view / edit by the key, selfKey, otherKey
 * rule); if so the call goes on acting on behalf of the owner, so the owner-only handlers apply every rule as for
 * the owner. A non-member, or a book of no team, is left to the owner check ('book not found'); a member whose role
 * lacks the power is refused with its catalogue text (REST POWER_LIMIT). Kept apart from the handlers on purpose.
 */
export function withTeamBookAccess<T extends TeamReachable>(
  handlers: T,
  deps: { books: BookRepository; power: TypedClient<typeof PowerService> },
): T {
  const actingUserFor = async (userId: string, bookId: string, action: TeamBookAction): Promise<string> => {
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
    throw new DomainError("PERMISSION_DENIED", access.message, {
      restCode: "POWER_LIMIT",
      details: { feature: access.denied, source: "role" },
    });
  };
  return {
    ...handlers,
    getBook: async (request, context) =>
      handlers.getBook(
        { ...request, userId: await actingUserFor(request.userId, request.bookId, TeamBookAction.VIEW) },
        context,
      ),
    updateBook: async (request, context) =>
      handlers.updateBook(
        { ...request, userId: await actingUserFor(request.userId, request.bookId, TeamBookAction.EDIT) },
        context,
      ),
  };
}
