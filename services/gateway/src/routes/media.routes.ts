import type { MediaItem } from "@turnleaf/contracts/book/v1/book_media_pb";
import { okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import { mediaItemOf, pageMediaView } from "../domain/page-media.view.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { bookBodySchema, bookFormSchema } from "./schemas.js";

const itemField = { type: "string", maxLength: 20_000 } as const;

/**
 * The owner's media items on pages (links, video, audio, pictures, notes), one item per call; the book service
 * checks ownership (team rules apply) and every field. Readers get the items in book.json. Reference:
 * services/gateway/rest/media.md.
 */
export function registerMediaRoutes(app: FastifyInstance, peers: Peers): void {
  const view = (item: Parameters<typeof pageMediaView>[0] | undefined) => (item ? pageMediaView(item) : null);

  app.post<{ Body: { bookId: string } }>("/api/book/get-page-media", { schema: bookBodySchema }, async (request) => {
    const actor = actorOf(request);
    const listed = await peers.book.listPageMedia({ userId: actor.userId, bookId: request.body.bookId });
    return okEnvelope({
      items: listed.items.map(pageMediaView).filter(Boolean),
      removedPdfLinks: listed.removedPdfLinks,
    });
  });

  app.post<{ Body: { bookId: string; item: string } }>(
    "/api/book/add-page-media",
    {
      schema: bookFormSchema({ item: itemField }, ["item"]),
    },
    async (request) => {
      const actor = actorOf(request);
      const { item } = await peers.book.addPageMedia({
        userId: actor.userId,
        bookId: request.body.bookId,
        item: mediaItemOf(request.body.item),
      });
      return okEnvelope(view(item));
    },
  );

  app.post<{ Body: { bookId: string; item: string } }>(
    "/api/book/update-page-media",
    {
      schema: bookFormSchema({ item: itemField }, ["item"]),
    },
    async (request) => {
      const actor = actorOf(request);
      const { item } = await peers.book.updatePageMedia({
        userId: actor.userId,
        bookId: request.body.bookId,
        item: mediaItemOf(request.body.item),
      });
      return okEnvelope(view(item));
    },
  );

  app.post<{ Body: { bookId: string; id: string } }>(
    "/api/book/delete-page-media",
    {
      schema: bookFormSchema({ id: { type: "string", pattern: "^[A-Za-z0-9_-]{1,40}$" } }, ["id"]),
    },
    async (request) => {
      const actor = actorOf(request);
      const { deleted } = await peers.book.deletePageMedia({
        userId: actor.userId,
        bookId: request.body.bookId,
        itemId: request.body.id,
      });
      return okEnvelope({ deleted });
    },
  );
}

/**
 * A published book's media for book.json and the reader's page; a book service that does not answer leaves the
 * pages without media (and with every PDF link) rather than failing the book.
 */
export async function publishedMedia(
  peers: Peers,
  link: string,
  log: { warn(object: unknown, message: string): void },
): Promise<{ items: MediaItem[]; removedPdfLinks: string[] }> {
  try {
    const { items, removedPdfLinks } = await peers.book.getPublishedPageMedia({ link });
    return { items, removedPdfLinks };
  } catch (error) {
    log.warn({ err: error, link }, "page media unavailable for the reader");
    return { items: [], removedPdfLinks: [] };
  }
}
