import { type MediaItem, MediaKind } from "@turnleaf/contracts/book/v1/book_media_pb";
import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, enumNames, type ServiceImplementation } from "@turnleaf/kit";
import type { MediaRepository } from "../data/media.repository.js";
import {
  checkMediaRoom,
  itemIdPattern,
  type MediaKindName,
  mediaItem,
  mediaLimits,
  mediaTexts,
  pdfLinkIdPattern,
  type StoredMediaItem,
} from "../domain/media.js";
import type { BookHandlerDependencies } from "./handler-dependencies.js";
import { findOwnBook, findPublishedBook } from "./own-book.js";

export interface MediaDependencies extends BookHandlerDependencies {
  media: MediaRepository;
}

export type MediaMethods =
  | "listPageMedia"
  | "addPageMedia"
  | "updatePageMedia"
  | "deletePageMedia"
  | "getPublishedPageMedia";

const mediaKinds = enumNames<MediaKindName, MediaKind>({
  link: MediaKind.LINK,
  video: MediaKind.VIDEO,
  audio: MediaKind.AUDIO,
  image: MediaKind.IMAGE,
  note: MediaKind.NOTE,
});

export const mediaView = (item: StoredMediaItem) => ({ ...item, kind: mediaKinds.values[item.kind] });

function itemInput(item: MediaItem | undefined) {
  if (!item) throw new DomainError("INVALID_ARGUMENT", mediaTexts.badId, { details: { field: "item" } });
  return {
    itemId: item.itemId,
    page: item.page,
    kind: mediaKinds.nameOf(item.kind),
    x: item.x,
    y: item.y,
    width: item.width,
    height: item.height,
    url: item.url,
    targetPage: item.targetPage,
    embedUrl: item.embedUrl,
    images: item.images,
    text: item.text,
    autoplay: item.autoplay,
    loop: item.loop,
    popup: item.popup,
  };
}

/** The owner's media editing (one item per write) and the reader's view of a published book's items. */
export function mediaHandlers(deps: MediaDependencies): Pick<ServiceImplementation<typeof BookService>, MediaMethods> {
  const { books, media } = deps;

  return {
    async listPageMedia(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const { items, removedPdfLinks } = await media.list(book.bookId);
      return { items: items.map(mediaView), removedPdfLinks };
    },

    async addPageMedia(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const item = mediaItem(itemInput(request.item), book.pageCount ?? 0);
      checkMediaRoom(await media.counts(book.bookId, item.page));
      if (!(await media.add(book.bookId, item, deps.now()))) {
        throw new DomainError("ALREADY_EXISTS", mediaTexts.exists, { details: { itemId: item.itemId } });
      }
      // Adds racing past the check above: the count after writing decides, and an item over the limit is undone.
      const after = await media.counts(book.bookId, item.page);
      if (after.page > mediaLimits.perPage || after.book > mediaLimits.perBook) {
        await media.remove(book.bookId, item.itemId);
        checkMediaRoom({ page: after.page - 1, book: after.book - 1 });
      }
      deps.log?.info({ bookId: book.bookId, itemId: item.itemId, kind: item.kind }, "media item added");
      return { item: mediaView(item) };
    },

    async updatePageMedia(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const item = mediaItem(itemInput(request.item), book.pageCount ?? 0);
      const stored = await media.list(book.bookId);
      const before = stored.items.find((candidate) => candidate.itemId === item.itemId);
      if (!before) throw new DomainError("NOT_FOUND", mediaTexts.notFound, { details: { itemId: item.itemId } });
      if (before.page !== item.page) {
        checkMediaRoom({ page: stored.items.filter((candidate) => candidate.page === item.page).length, book: 0 });
      }
      if (!(await media.update(book.bookId, item, deps.now()))) {
        throw new DomainError("NOT_FOUND", mediaTexts.notFound, { details: { itemId: item.itemId } });
      }
      return { item: mediaView(item) };
    },

    async deletePageMedia(request) {
      const book = await findOwnBook(books, request.userId, request.bookId);
      const itemId = request.itemId;
      const pdfLink = pdfLinkIdPattern.exec(itemId);
      if (pdfLink) {
        await media.removePdfLink(book.bookId, itemId, Number(pdfLink[1]), deps.now());
        return { deleted: true };
      }
      if (!itemIdPattern.test(itemId) || !(await media.remove(book.bookId, itemId))) {
        throw new DomainError("NOT_FOUND", mediaTexts.notFound, { details: { itemId } });
      }
      return { deleted: true };
    },

    async getPublishedPageMedia(request) {
      const book = await findPublishedBook(books, request.link);
      const { items, removedPdfLinks } = await media.list(book.bookId);
      return { items: items.map(mediaView), removedPdfLinks };
    },
  };
}
