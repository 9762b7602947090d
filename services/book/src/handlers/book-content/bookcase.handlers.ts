import type { MessageInitShape } from "@bufbuild/protobuf";
import type { BookSummarySchema } from "@turnleaf/contracts/book/v1/book_content_pb";
import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import type { BookDocument } from "../../data/book.schema.js";
import { contentLimits, newContentId, textStatus, uploadLog } from "../../domain/book-content.js";
import {
  folderTypeFilter,
  keywordPattern,
  nextBStatus,
  normaliseListQuery,
  onlineStatus,
  statusFilter,
} from "../../domain/bookcase.js";
import { lockSessionId, lockView, mayTakeLock, mayTakeOver, takenLock } from "../../domain/edit-lock.js";
import { newestReadyOf } from "../../domain/pdf-download.js";
import { findOwnBook } from "../own-book.js";
import { actingUser, type BookContentDependencies, iso, manifestsReader } from "./content-shared.js";

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
    errorReason: onlineStatus(book) === "error" ? (book.conversionError ?? "") : "",
    passwordProtected: book.privacy?.access === "password",
  };
}

/** The bookcase: the edit lock, text and online status, the book list, deleting a book, upload logs. */
export function bookcaseHandlers({
  books,
  revisions,
  power,
  content,
  comments,
  media,
  pageAudio,
  files,
  log,
  now,
}: BookContentDependencies): Pick<
  ServiceImplementation<typeof BookService>,
  "getBookLock" | "setBookTextStatus" | "listBooks" | "setBookStatus" | "deleteBook" | "addUploadLog"
> {
  const ownBook = (userId: string, bookId: string) => findOwnBook(books, actingUser(userId), bookId);
  const manifestsOf = manifestsReader({ files, revisions });

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
    async getBookLock(request) {
      const book = await ownBook(request.userId, request.bookId);
      const sessionId = lockSessionId(request.sessionId);
      const at = now();
      if (request.release) {
        await content.releaseLock(book.bookId, sessionId);
        return { lock: lockView(null, sessionId, at) };
      }
      let current = await content.lock(book.bookId);
      const holder = { userId: request.userId, sessionId };
      // The owner's own older session (another tab, or one closed before its release arrived) gives way at once.
      if (request.takeOver && mayTakeOver(current, holder, at)) {
        await content.dropLockAsSeen(book.bookId, current);
        current = null;
      }
      if (mayTakeLock(current, sessionId, at)) {
        const lock = takenLock(current, holder, at);
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
      await pageAudio?.removeBook(book.bookId);
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
      await content.addUploadLog(
        { logId, userId, empty: request.empty, log: JSON.stringify(entry) },
        { keep: contentLimits.uploadLogsPerUser, maxAgeMs: contentLimits.uploadLogDays * 24 * 60 * 60 * 1000 },
      );
      return { logId };
    },
  };
}
