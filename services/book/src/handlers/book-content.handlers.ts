import type { MessageInitShape } from "@bufbuild/protobuf";
import { type BookSummarySchema, CustomKind } from "@turnleaf/contracts/book/v1/book_content_pb";
import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  DomainError,
  type Logger,
  message,
  notConfigured,
  type ServiceImplementation,
  type TypedClient,
} from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import type { BookDocument } from "../data/book.schema.js";
import type { BookCommentRepository } from "../data/book-comment.repository.js";
import type { BookContentRepository } from "../data/book-content.repository.js";
import type { BusinessCardDocument, CustomEntryDocument } from "../data/book-content.schema.js";
import type { BookRevisionRepository } from "../data/book-revision.repository.js";
import type { FileStore } from "../data/file-store.js";
import type { MediaRepository } from "../data/media.repository.js";
import { acceptAsset, assetKey, assetPurpose } from "../domain/asset-upload.js";
import {
  brandKind,
  type CustomKindName,
  contentIdPattern,
  contentLimits,
  customJson,
  customKey,
  newContentId,
  normaliseBrand,
  normaliseCard,
  safeUrl,
  textStatus,
  uploadLog,
} from "../domain/book-content.js";
import {
  folderTypeFilter,
  keywordPattern,
  nextBStatus,
  normaliseListQuery,
  onlineStatus,
  statusFilter,
} from "../domain/bookcase.js";
import { lockSessionId, lockView, mayTakeLock, takenLock } from "../domain/edit-lock.js";
import { measureImage, pixelProblem } from "../domain/image-pixels.js";
import { newestReadyOf, pdfSource, sourcePdfOf } from "../domain/pdf-download.js";
import { findOwnBook } from "./own-book.js";

export interface BookContentDependencies {
  books: BookRepository;
  revisions: BookRevisionRepository;
  power: TypedClient<typeof PowerService>;
  content: BookContentRepository;
  /** Readers' messages, deleted with their book. */
  comments?: BookCommentRepository;
  /** Media items on pages, deleted with their book. */
  media?: MediaRepository;
  /** The largest video upload-file takes (MEDIA_VIDEO_MAX_BYTES); other files keep spec 000's 10 MB. */
  videoMaxBytes?: number;
  /** Absent when the service runs without S3: asset uploads and PDF downloads answer UNAVAILABLE. */
  files: FileStore | undefined;
  log: Logger | undefined;
  now: () => Date;
  /** Hosts an owner's external PDF download URL may point at (PDF_DOWNLOAD_HOSTS); others get the book's own file. */
  pdfDownloadHosts?: readonly string[];
}

export type BookContentMethods =
  | "getBookCustom"
  | "saveBookCustom"
  | "deleteBookCustom"
  | "listBusinessCards"
  | "addBusinessCard"
  | "updateBusinessCard"
  | "deleteBusinessCard"
  | "getBookBusinessCard"
  | "setBookBusinessCard"
  | "listBrands"
  | "createBrand"
  | "setBookShareIcon"
  | "getBookLock"
  | "setBookTextStatus"
  | "listBooks"
  | "setBookStatus"
  | "deleteBook"
  | "addUploadLog"
  | "prepareAssetUpload"
  | "commitAssetUpload"
  | "getAsset"
  | "getBookPdf";

const kindNames: Partial<Record<CustomKind, CustomKindName>> = {
  [CustomKind.CONFIG]: "config",
  [CustomKind.CONTENT]: "content",
  [CustomKind.THEME]: "theme",
};
const kindMessages: Record<CustomKindName, CustomKind> = {
  config: CustomKind.CONFIG,
  content: CustomKind.CONTENT,
  theme: CustomKind.THEME,
};

const userIdPattern = /^[0-9]{1,20}$/;

function actingUser(userId: string): string {
  if (!userIdPattern.test(userId)) throw new DomainError("UNAUTHENTICATED", message("pleaseLogIn"));
  return userId;
}

const iso = (date: Date | undefined) => (date ? new Date(date).toISOString() : "");

function entryView(entry: CustomEntryDocument) {
  return { kind: kindMessages[entry.kind], key: entry.key, json: entry.json, updatedAt: iso(entry.updatedAt) };
}

function cardView(card: BusinessCardDocument) {
  const { ownerId: _owner, createdAt: _created, ...fields } = card;
  return {
    cardId: fields.cardId,
    name: fields.name ?? "",
    title: fields.title ?? "",
    company: fields.company ?? "",
    phone: fields.phone ?? "",
    email: fields.email ?? "",
    website: fields.website ?? "",
    address: fields.address ?? "",
    avatar: fields.avatar ?? "",
    description: fields.description ?? "",
  };
}

function cardFields(card: { [key: string]: unknown } | undefined) {
  const text = (key: string) => (typeof card?.[key] === "string" ? (card[key] as string) : "");
  return normaliseCard({
    name: text("name"),
    title: text("title"),
    company: text("company"),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    address: text("address"),
    avatar: text("avatar"),
    description: text("description"),
  });
}

function cardId(value: string): string {
  if (!contentIdPattern.test(value)) throw new DomainError("NOT_FOUND", message("cardNotFound"));
  return value;
}

function summaryOf(book: BookDocument): MessageInitShape<typeof BookSummarySchema> {
  return {
    bookId: book.bookId,
    number: book.number,
    title: book.title,
    status: onlineStatus(book),
    pageCount: book.pageCount ?? 0,
    createdAt: iso(book.createdAt),
    updatedAt: iso(book.updatedAt),
    bStatus: book.bStatus,
    shareIcon: book.shareIcon ?? "",
    textStatus: book.textStatus ?? 1,
    folderType: book.folderType === 2 ? 2 : 1,
    readyRevision: book.readyRevision ?? 0,
  };
}

const unavailableFiles = () => notConfigured("file storage");

export function bookContentHandlers({
  books,
  revisions,
  power,
  content,
  comments,
  media,
  videoMaxBytes,
  files,
  log,
  now,
  pdfDownloadHosts = [],
}: BookContentDependencies): Pick<ServiceImplementation<typeof BookService>, BookContentMethods> {
  const ownBook = (userId: string, bookId: string) => findOwnBook(books, actingUser(userId), bookId);

  /** The scope of a custom entry: the user's own book, or (themes) the user alone. */
  const customScope = async (userId: string, bookId: string, kind: CustomKind) => {
    const name = kindNames[kind];
    if (!name) {
      throw new DomainError(
        "INVALID_ARGUMENT",
        message("field.oneOf", { field: "kind", allowed: "config, content, theme" }),
        {
          details: { field: "kind" },
        },
      );
    }
    const ownerId = actingUser(userId);
    if (name === "theme") return { ownerId, bookId: "", kind: name };
    const book = await ownBook(ownerId, bookId);
    return { ownerId, bookId: book.bookId, kind: name };
  };

  /** Manifests of a book's revisions, newest first; the page count is cached on the book once known. */
  const manifestsOf = async (book: BookDocument) => {
    if (!files) return [];
    const numbers = await revisions.revisionsOf(book.bookId);
    return Promise.all(
      numbers.map(async (revision) => ({ revision, manifest: await files.manifest(book.bookId, revision) })),
    );
  };

  /**
   * The conversion events keep a book's page count (BookReady); only a book from before they were followed is looked
   * up in its manifests, once: what was found (or that nothing was) is cached with the revision it came from.
   */
  const withPageCount = async (book: BookDocument): Promise<BookDocument> => {
    if ((book.pageCount ?? 0) > 0 || book.readyRevision !== undefined || !files) return book;
    if (book.convertingRevision !== undefined) return book;
    const { revision, pageCount } = newestReadyOf(await manifestsOf(book));
    await books.cachePageCount(book.bookId, pageCount, revision);
    return { ...book, pageCount, readyRevision: revision };
  };

  return {
    async getBookCustom(request) {
      const scope = await customScope(request.userId, request.bookId, request.kind);
      const key = customKey(scope.kind, request.key, { forRead: true });
      const entries = await content.customEntries(scope.ownerId, scope.bookId, scope.kind, key);
      return { entries: entries.map(entryView) };
    },

    async saveBookCustom(request) {
      const scope = await customScope(request.userId, request.bookId, request.kind);
      const key = customKey(scope.kind, request.key, { forRead: false });
      const json = customJson(request.json, "content", scope.kind);
      const existing = await content.customEntries(scope.ownerId, scope.bookId, scope.kind, key);
      const limit = scope.kind === "theme" ? contentLimits.themesPerUser : contentLimits.customEntriesPerBook;
      if (existing.length === 0 && (await content.countCustom(scope.ownerId, scope.bookId, scope.kind)) >= limit) {
        throw new DomainError("FAILED_PRECONDITION", message("contentLimit", { max: limit }), { details: { limit } });
      }
      const saved = await content.saveCustom({ ...scope, key, json });
      return { entry: entryView(saved) };
    },

    async deleteBookCustom(request) {
      const scope = await customScope(request.userId, request.bookId, request.kind);
      const key = customKey(scope.kind, request.key, { forRead: false });
      return { deleted: await content.deleteCustom(scope.ownerId, scope.bookId, scope.kind, key) };
    },

    async listBusinessCards(request) {
      const cards = await content.cards(actingUser(request.userId));
      return { cards: cards.map(cardView) };
    },

    async addBusinessCard(request) {
      const ownerId = actingUser(request.userId);
      const fields = cardFields(request.card);
      if ((await content.countCards(ownerId)) >= contentLimits.cardsPerUser) {
        throw new DomainError("FAILED_PRECONDITION", message("cardLimit", { max: contentLimits.cardsPerUser }));
      }
      const card = { cardId: newContentId(), ownerId, ...fields };
      await content.addCard(card);
      return { card: cardView(card) };
    },

    async updateBusinessCard(request) {
      const ownerId = actingUser(request.userId);
      const id = cardId(request.card?.cardId ?? "");
      const card = { cardId: id, ownerId, ...cardFields(request.card) };
      if (!(await content.updateCard(card))) throw new DomainError("NOT_FOUND", message("cardNotFound"));
      return { card: cardView(card) };
    },

    async deleteBusinessCard(request) {
      const ownerId = actingUser(request.userId);
      const deleted = await content.deleteCard(ownerId, cardId(request.cardId));
      if (!deleted) throw new DomainError("NOT_FOUND", message("cardNotFound"));
      return { deleted };
    },

    async getBookBusinessCard(request) {
      const book = await ownBook(request.userId, request.bookId);
      const card = book.businessCardId ? await content.card(book.ownerId, book.businessCardId) : null;
      return { card: card ? cardView(card) : undefined, visible: Boolean(card && book.businessCardVisible) };
    },

    async setBookBusinessCard(request) {
      const book = await ownBook(request.userId, request.bookId);
      const card = request.cardId === "" ? null : await content.card(book.ownerId, cardId(request.cardId));
      if (request.cardId !== "" && !card) throw new DomainError("NOT_FOUND", message("cardNotFound"));
      await books.setFields(book.bookId, { businessCardId: card?.cardId ?? "", businessCardVisible: request.visible });
      return { card: card ? cardView(card) : undefined, visible: Boolean(card && request.visible) };
    },

    async listBrands(request) {
      const ownerId = actingUser(request.userId);
      const kind = brandKind(request.kind, { optional: true });
      const brands = await content.brands(ownerId, kind);
      return {
        brands: brands.map((brand) => ({
          brandId: brand.brandId,
          kind: brand.kind,
          title: brand.title ?? "",
          logo: brand.logo ?? "",
          link: brand.link ?? "",
          description: brand.description ?? "",
        })),
      };
    },

    async createBrand(request) {
      const ownerId = actingUser(request.userId);
      const fields = normaliseBrand({
        kind: request.brand?.kind ?? "",
        title: request.brand?.title ?? "",
        logo: request.brand?.logo ?? "",
        link: request.brand?.link ?? "",
        description: request.brand?.description ?? "",
      });
      if ((await content.countBrands(ownerId)) >= contentLimits.brandsPerUser) {
        throw new DomainError("FAILED_PRECONDITION", message("brandLimit", { max: contentLimits.brandsPerUser }), {
          details: { limit: contentLimits.brandsPerUser },
        });
      }
      const brand = { brandId: newContentId(), ownerId, ...fields };
      await content.addBrand(brand);
      const { ownerId: _owner, ...view } = brand;
      return { brand: view };
    },

    async setBookShareIcon(request) {
      const book = await ownBook(request.userId, request.bookId);
      const icon = safeUrl(request.icon, "icon");
      await books.setFields(book.bookId, { shareIcon: icon });
      return { icon };
    },

    async getBookLock(request) {
      const book = await ownBook(request.userId, request.bookId);
      const sessionId = lockSessionId(request.sessionId);
      const at = now();
      if (request.release) {
        await content.releaseLock(book.bookId, sessionId);
        return { lock: lockView(null, sessionId, at) };
      }
      const current = await content.lock(book.bookId);
      if (mayTakeLock(current, sessionId, at)) {
        const lock = takenLock(current, { userId: request.userId, sessionId }, at);
        if (await content.takeLock(book.bookId, lock, at, current)) return { lock: lockView(lock, sessionId, at) };
      }
      // Another session holds it (or took it between the read and the write): answer who.
      return { lock: lockView(await content.lock(book.bookId), sessionId, at) };
    },

    async setBookTextStatus(request) {
      const book = await ownBook(request.userId, request.bookId);
      const status = textStatus(request.textStatus);
      await books.setFields(book.bookId, { textStatus: status });
      return { textStatus: status };
    },

    async listBooks(request) {
      const ownerId = actingUser(request.userId);
      const query = normaliseListQuery(request);
      const filter: Record<string, unknown> = {
        ...(query.status ? statusFilter(query.status) : {}),
        ...(query.folderType ? folderTypeFilter(query.folderType) : {}),
      };
      if (query.keyword) {
        const pattern = keywordPattern(query.keyword);
        filter.$or = [{ title: pattern }, { number: pattern }];
      }
      const { total, books: page } = await books.listOwned(
        ownerId,
        filter,
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      const summaries = await Promise.all(page.map(async (book) => summaryOf(await withPageCount(book))));
      return { total, books: summaries };
    },

    async setBookStatus(request) {
      const book = await ownBook(request.userId, request.bookId);
      const bStatus = nextBStatus(book, request.status);
      await books.setFields(book.bookId, { bStatus });
      return { book: summaryOf(await withPageCount({ ...book, bStatus, updatedAt: now() })) };
    },

    async deleteBook(request) {
      const book = await ownBook(request.userId, request.bookId);
      const claim = await revisions.firstClaim(book.bookId);
      await books.delete(book.bookId);
      await content.deleteBookContent(book.bookId);
      await comments?.removeBook(book.bookId);
      await media?.removeBook(book.bookId);
      // The slot was taken for the upload that created the book (the upload service keys it "upload:<task id>").
      if (!claim) return { slotReleased: false };
      try {
        const { released } = await power.releaseBookSlot({
          userId: book.ownerId,
          teamId: book.teamId || "0",
          bookKey: `upload:${claim.uploadTaskId}`,
        });
        log?.info({ bookId: book.bookId, released }, "book deleted");
        return { slotReleased: released };
      } catch (error) {
        // The book is gone either way; a slot the power service did not free shows in the owner's quota.
        log?.error(
          { err: error, bookId: book.bookId, uploadTaskId: claim.uploadTaskId },
          "book deleted, slot not released",
        );
        return { slotReleased: false };
      }
    },

    async addUploadLog(request) {
      const userId = actingUser(request.userId);
      const entry = uploadLog(request.logJson);
      const logId = newContentId();
      await content.addUploadLog({ logId, userId, empty: request.empty, log: JSON.stringify(entry) });
      return { logId };
    },

    async prepareAssetUpload(request) {
      const ownerId = actingUser(request.userId);
      if (!files) throw unavailableFiles();
      const purpose = assetPurpose(request.purpose);
      const accepted = acceptAsset({
        name: request.name,
        size: Number(request.size),
        head: Buffer.from(request.head),
        videoMaxBytes,
        purpose,
      });
      const fileId = newContentId();
      const key = assetKey(ownerId, fileId);
      await content.addAsset({
        fileId,
        ownerId,
        key,
        name: accepted.name,
        size: Number(request.size),
        contentType: accepted.contentType,
        purpose,
        state: "pending",
      });
      return { fileId, putUrl: await files.presignAssetPut(key), contentType: accepted.contentType };
    },

    async commitAssetUpload(request) {
      const ownerId = actingUser(request.userId);
      if (!files) throw unavailableFiles();
      const asset = contentIdPattern.test(request.fileId) ? await content.asset(request.fileId) : null;
      if (!asset || asset.ownerId !== ownerId) throw new DomainError("NOT_FOUND", message("fileNotFound"));
      const stored = await files.assetSize(asset.key);
      if (stored === null) throw new DomainError("FAILED_PRECONDITION", message("assetUploadFailed"));
      // The presigned PUT does not bind the length: a body other than the size that was checked is thrown away.
      if (stored !== asset.size) {
        await files.removeAsset(asset.key);
        throw new DomainError("INVALID_ARGUMENT", message("uploadSizeChanged"), {
          details: { field: "file" },
        });
      }
      if (asset.contentType.startsWith("image/")) {
        const problem = pixelProblem(await measureImage(await files.assetBytes(asset.key)), asset.purpose ?? "");
        if (problem) {
          await files.removeAsset(asset.key);
          throw problem;
        }
      }
      await content.markAssetReady(asset.fileId, stored);
      return {
        asset: {
          fileId: asset.fileId,
          name: asset.name,
          size: BigInt(stored),
          contentType: asset.contentType,
          ownerId,
        },
      };
    },

    async getAsset(request) {
      const asset = contentIdPattern.test(request.fileId) ? await content.asset(request.fileId) : null;
      if (asset?.state !== "ready") throw new DomainError("NOT_FOUND", message("fileNotFound"));
      if (!files) throw unavailableFiles();
      return {
        asset: {
          fileId: asset.fileId,
          name: asset.name,
          size: BigInt(asset.size),
          contentType: asset.contentType,
          ownerId: asset.ownerId,
        },
        url: await files.presignAssetGet(asset.key),
      };
    },

    async getBookPdf(request) {
      const requester = request.userId === "" ? "" : actingUser(request.userId);
      const book = /^[A-Za-z0-9_-]{1,64}$/.test(request.bookId) ? await books.findById(request.bookId) : null;
      const source = pdfSource(book, requester, pdfDownloadHosts);
      if (!book) throw new DomainError("NOT_FOUND", message("bookNotFound"));
      if (source.kind === "external") return { url: source.url, external: true, fileName: "" };
      const unavailable = () => new DomainError("NOT_FOUND", message("originalPdfMissing"));
      // Without S3 there is no PDF to find (the service runs without storage).
      if (!files) throw unavailable();
      const fileName = `${(book.title || book.number).slice(0, 100)}.pdf`;
      const kept = sourcePdfOf(await manifestsOf(book));
      if (kept) {
        return {
          url: await files.presignBookFile(book.bookId, kept.revision, kept.key, fileName),
          external: false,
          fileName,
        };
      }
      // The upload's original, newest revision first (a reconversion's sources stay under the upload it reconverts).
      for (const claim of await revisions.claimsOf(book.bookId)) {
        const key = await files.sourcePdf(claim.uploadTaskId);
        if (key) return { url: await files.presignSource(key, fileName), external: false, fileName };
      }
      throw unavailable();
    },
  };
}
