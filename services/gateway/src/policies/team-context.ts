import { DomainError } from "@turnleaf/kit";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";

/**
 * The author of a book changed in a team, for the role rule (spec 000 §6: selfKey for one's own books, otherKey for
 * another member's): the actor for their own book or outside a team; otherwise its owner, as the team's ready
 * config tells a member. The book service checks the role again with the owner it stores (services/book
 * team-book-access.ts). Settings, TOC, bookmark and page edits all ask it before assertFeaturesGranted.
 */
export async function bookAuthorIn(
  peers: Peers,
  actor: Actor,
  bookId: string,
  teamId: string | undefined,
): Promise<string> {
  if (!teamId || teamId === "0") return actor.userId;
  const own = await peers.book.getBookPrivacy({ userId: actor.userId, bookId }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof DomainError && error.kind === "NOT_FOUND") return false;
      throw error;
    },
  );
  if (own) return actor.userId;
  const { book } = await peers.book.getBook({ userId: actor.userId, bookId, baseUrl: "" });
  const { readyConfig } = await peers.book.getReadyConfig({
    userId: actor.userId,
    teamId,
    folderId: "0",
    number: book?.number ?? "",
  });
  return readyConfig?.ownerId || actor.userId;
}
