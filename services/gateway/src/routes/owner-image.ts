import { DomainError, message } from "@turnleaf/kit";
import type { FastifyReply } from "fastify";
import type { BookAssets } from "../book-assets.js";
import { assetContentType } from "../domain/reader-book.view.js";
import type { Peers } from "../peers.js";
import { errorEnvelopeFor } from "../plugins/message-texts.js";

/** An image answer's failure: HTTP status of its own (an <img> reads no envelope), the envelope as body. */
function statusOf(error: unknown): number {
  if (!(error instanceof DomainError)) return 500;
  if (error.kind === "NOT_FOUND") return 404;
  if (error.kind === "UNAUTHENTICATED") return 401;
  if (error.kind === "PERMISSION_DENIED") return 403;
  return error.kind === "UNAVAILABLE" ? 503 : 500;
}

/**
 * A picture of a book's revision for its owner or a team member (the bookcase cover, the pages panel's thumbnails),
 * whatever the book's status or privacy: `find` answers the object's key once it has decided the actor may see the
 * book (it throws NOT_FOUND otherwise). Failures are HTTP statuses with the envelope as body.
 */
export async function sendOwnerImage(
  reply: FastifyReply,
  assets: BookAssets | undefined,
  find: () => Promise<{ bookId: string; revision: number; key: string } | undefined>,
): Promise<FastifyReply> {
  try {
    const found = await find();
    if (!assets || !found) throw new DomainError("NOT_FOUND", message("fileNotFound"));
    const object = await assets.object(found.bookId, found.revision, found.key);
    if (!object) throw new DomainError("NOT_FOUND", message("fileNotFound"));
    return (
      reply
        .type(assetContentType(found.key))
        .header("content-length", object.size)
        .header("etag", `"${object.etag}"`)
        .header("x-content-type-options", "nosniff")
        // A revision's files never change, but the picture is the owner's: kept by the browser, never by proxies.
        .header("cache-control", "private, max-age=86400")
        .send(object.body)
    );
  } catch (error) {
    return reply.status(statusOf(error)).send(await errorEnvelopeFor(reply.request, error));
  }
}

/**
 * The book and revision an owner's picture belongs to, when the book service lets the user see the book and the
 * revision is one of that book's: another book's files are never reachable through its id.
 */
export async function ownBookRevision(
  peers: Peers,
  userId: string,
  bookId: string,
  revisionText: string,
): Promise<{ bookId: string; revision: number } | undefined> {
  const revision = Number(revisionText);
  const { book } = await peers.book.getBook({ userId, bookId, baseUrl: "" });
  return book?.revisions.includes(revision) ? { bookId: book.bookId, revision } : undefined;
}
