import { DomainError, message } from "@turnleaf/kit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BookAssets } from "../book-assets.js";
import type { Peers } from "../peers.js";
import type { Actor } from "../plugins/actor.js";
import { errorEnvelopeFor } from "../plugins/message-texts.js";

/** An image answer's failure: HTTP status of its own (an <img> reads no envelope), the envelope as body. */
const statusOf = (error: unknown): number => {
  if (!(error instanceof DomainError)) return 500;
  if (error.kind === "NOT_FOUND") return 404;
  if (error.kind === "UNAUTHENTICATED") return 401;
  if (error.kind === "PERMISSION_DENIED") return 403;
  return error.kind === "UNAVAILABLE" ? 503 : 500;
};

/** The cover is the first page's thumbnail the conversion writes with every revision. */
const coverKey = "thumbs/1.webp";

/**
 * The owner's bookcase pictures (services/gateway/rest/book-content.md "The bookcase"): a book's cover, for its owner
 * (or a team member whose role may view it) whatever its status — a disabled, private or suspended book keeps its
 * cover in the bookcase though readers get nothing. The book service decides who may see the book (get-book).
 */
export function registerBookcaseRoutes(
  app: FastifyInstance,
  peers: Peers,
  resolveActor: (request: FastifyRequest) => Actor,
  assets: BookAssets | undefined,
): void {
  app.get<{ Querystring: { bookId: string; revision: string } }>(
    "/api/book/book-cover",
    {
      schema: {
        querystring: {
          type: "object",
          required: ["bookId", "revision"],
          properties: {
            bookId: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
            revision: { type: "string", pattern: "^[0-9]{1,6}$" },
          },
        },
      },
    },
    async (request, reply) => {
      try {
        const revision = Number(request.query.revision);
        const { book } = await peers.book.getBook({
          userId: resolveActor(request).userId,
          bookId: request.query.bookId,
          baseUrl: "",
        });
        // Only a revision of this book: another book's files are never reachable through its id.
        if (!assets || !book?.revisions.includes(revision))
          throw new DomainError("NOT_FOUND", message("coverNotFound"));
        const object = await assets.object(book.bookId, revision, coverKey);
        if (!object) throw new DomainError("NOT_FOUND", message("coverNotFound"));
        return (
          reply
            .type("image/webp")
            .header("content-length", object.size)
            .header("etag", `"${object.etag}"`)
            .header("x-content-type-options", "nosniff")
            // A revision's files never change, but the picture is the owner's: kept by the browser, never by proxies.
            .header("cache-control", "private, max-age=86400")
            .send(object.body)
        );
      } catch (error) {
        return reply.status(statusOf(error)).send(await errorEnvelopeFor(request, error));
      }
    },
  );
}
