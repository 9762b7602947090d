import { BookAccess } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { grantCookieName, grantValid } from "../domain/book-grant.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { errorEnvelopeFor } from "../plugins/message-texts.js";
import { sameOriginVerdict } from "../plugins/same-origin.js";
import { bookFormSchema, linkPattern } from "./schemas.js";

const pageField = { type: "string", pattern: "^[0-9]{1,5}$" } as const;

export interface CommentRouteOptions {
  /** Signs readers' grants to password-protected books (the reader's secret); without it password books refuse. */
  grantSecret?: string;
  nowSeconds?: () => number;
}

/**
 * Readers' messages of the BookLeaveMessage plugin (spec 000 §7 post-comment and _meta/comment/comment.json) under
 * the reader's rules: a book the reader may not open answers 404, a password book needs the reader's grant cookie.
 * The owner lists and deletes them under /api/book/. Reference: services/gateway/rest/comments.md.
 */
export function registerCommentRoutes(app: FastifyInstance, peers: Peers, options: CommentRouteOptions = {}): void {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  /** The link when the reader may read the book; otherwise the reply is sent (404 or 403) and undefined answered. */
  const readable = async (request: FastifyRequest, reply: FastifyReply, link: string) => {
    const notFound = async () =>
      reply.status(404).send(await errorEnvelopeFor(request, new DomainError("NOT_FOUND", message("bookNotFound"))));
    if (!linkPattern.test(link)) return void (await notFound());
    let book: Awaited<ReturnType<typeof peers.book.getPublishedBook>>["book"];
    try {
      ({ book } = await peers.book.getPublishedBook({ link }));
    } catch (error) {
      if (error instanceof DomainError && error.kind === "NOT_FOUND") return void (await notFound());
      throw error;
    }
    if (!book) return void (await notFound());
    if (book.privacy?.access === BookAccess.PASSWORD) {
      const token = request.cookies[grantCookieName(book.number)];
      const versions = book.privacy.passVersions;
      if (!options.grantSecret || !grantValid(options.grantSecret, book.number, token, nowSeconds(), versions)) {
        reply
          .status(403)
          .header("cache-control", "no-store")
          .send(await errorEnvelopeFor(request, new DomainError("PERMISSION_DENIED", message("reader.bookLocked"))));
        return undefined;
      }
    }
    return { link: book.number, passwordBook: book.privacy?.access === BookAccess.PASSWORD };
  };

  app.get<{ Params: { link: string }; Querystring: { page?: string } }>(
    "/b/:link/_meta/comment/comment.json",
    { schema: { querystring: { type: "object", properties: { page: pageField } } } },
    async (request, reply) => {
      const found = await readable(request, reply, request.params.link);
      if (!found) return reply;
      const list = await peers.book.listPublishedBookComments({
        link: found.link,
        page: Number(request.query.page ?? 1),
      });
      return (
        reply
          // Short: a new message shows within seconds; a reader that just posted asks again with no-cache.
          .header("cache-control", `${found.passwordBook ? "private" : "public"}, max-age=10`)
          .header("x-total-count", String(list.total))
          .header("x-page-size", String(list.pageSize))
          .header("x-leave-message", list.enabled ? "on" : "off")
          .send(list.comments.map(commentView))
      );
    },
  );

  app.post<{ Params: { link: string }; Body: { name?: string; message?: string } | null }>(
    "/b/:link/post-comment",
    {
      schema: {
        // Generous transport bounds; the book service applies the real limits after trimming (name 40, message 500).
        body: {
          type: ["object", "null"],
          properties: { name: { type: "string", maxLength: 400 }, message: { type: "string", maxLength: 5000 } },
        },
      },
    },
    async (request, reply) => {
      // Messages come from the reader's own page (also when it is embedded): a post from another site is refused.
      if (sameOriginVerdict(request, []) === "refuse") {
        const refused = new DomainError("PERMISSION_DENIED", message("reader.crossSite"));
        return reply.status(403).send(await errorEnvelopeFor(request, refused));
      }
      const found = await readable(request, reply, request.params.link);
      if (!found) return reply;
      const body = request.body ?? {};
      const { comment } = await peers.book.postBookComment({
        link: found.link,
        name: body.name ?? "",
        message: body.message ?? "",
        client: request.ip,
      });
      return reply.header("cache-control", "no-store").send(okEnvelope(comment ? commentView(comment) : null));
    },
  );

  app.post<{ Body: { bookId: string; page?: string } }>(
    "/api/book/get-book-comments",
    {
      schema: bookFormSchema({ page: pageField }),
    },
    async (request) => {
      const actor = actorOf(request);
      const list = await peers.book.listBookComments({
        userId: actor.userId,
        bookId: request.body.bookId,
        page: Number(request.body.page ?? 1),
      });
      return okEnvelope({
        comments: list.comments.map(commentView),
        total: list.total,
        pageSize: list.pageSize,
      });
    },
  );

  app.post<{ Body: { bookId: string; commentId: string } }>(
    "/api/book/delete-book-comment",
    {
      schema: bookFormSchema({ commentId: { type: "string", pattern: "^[0-9a-f]{24}$" } }, ["commentId"]),
    },
    async (request) => {
      const actor = actorOf(request);
      const { deleted } = await peers.book.deleteBookComment({
        userId: actor.userId,
        bookId: request.body.bookId,
        commentId: request.body.commentId,
      });
      return okEnvelope({ deleted });
    },
  );
}

const commentView = (comment: { commentId: string; name: string; message: string; createdAt: string }) => ({
  id: comment.commentId,
  name: comment.name,
  message: comment.message,
  createdAt: comment.createdAt,
});
