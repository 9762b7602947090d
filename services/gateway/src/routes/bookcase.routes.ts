import type { FastifyInstance } from "fastify";
import type { BookAssets } from "../book-assets.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { ownBookRevision, sendOwnerImage } from "./owner-image.js";
import { bookIdField } from "./schemas.js";

/**
 * The owner's bookcase pictures (services/gateway/rest/book-content.md "The bookcase"): a book's cover, for its owner
 * (or a team member whose role may view it) whatever its status — a disabled, private or suspended book keeps its
 * cover in the bookcase though readers get nothing. The book service decides who may see the book (get-book).
 */
export function registerBookcaseRoutes(app: FastifyInstance, peers: Peers, assets: BookAssets | undefined): void {
  app.get<{ Querystring: { bookId: string; revision: string } }>(
    "/api/book/book-cover",
    {
      schema: {
        querystring: {
          type: "object",
          required: ["bookId", "revision"],
          properties: {
            bookId: bookIdField,
            revision: { type: "string", pattern: "^[0-9]{1,6}$" },
          },
        },
      },
    },
    async (request, reply) =>
      sendOwnerImage(reply, assets, async () => {
        const { bookId, revision } = request.query;
        const own = await ownBookRevision(peers, actorOf(request).userId, bookId, revision);
        // The cover is the first page's thumbnail, as the revision's manifest names it (JPEG, or WebP in older books).
        const cover = own && (await assets?.manifest(own.bookId, own.revision))?.pages[0]?.thumb;
        return own && cover ? { ...own, key: cover } : undefined;
      }),
  );
}
