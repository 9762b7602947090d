import type { FastifyRequest } from "fastify";
import type { Peers } from "../peers.js";
import { sessionToken } from "../plugins/actor.js";

/**
 * Whether a hosted-reader request is the book's owner's own, from the editor (issue #35: the owner's live preview
 * must not show the password wall): a same-origin request (the editor's frame, the reader's fetches and pictures
 * inside it) carrying a session whose user owns the book. The reader's paths resolve no session otherwise
 * (plugins/actor.ts), so it is resolved here, and only for a locked book; any failure counts as not the owner.
 */
export async function ownersOwnRequest(peers: Peers, request: FastifyRequest, bookId: string): Promise<boolean> {
  const token = sessionToken(request);
  if (!token || request.headers["sec-fetch-site"] !== "same-origin") return false;
  try {
    const { session, user } = await peers.account.resolveSession({ token });
    const userId = session?.userId ?? user?.userId ?? "";
    if (!userId) return false;
    const own = await peers.book.getOwnBook({ userId, bookId });
    return own.bookId === bookId;
  } catch {
    return false;
  }
}
