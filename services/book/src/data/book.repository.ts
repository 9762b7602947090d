import { unlessDuplicate } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { Bookmark } from "../domain/book-bookmarks.js";
import type { CatalogNode } from "../domain/book-catalog.js";
import type { StoredPrivacy } from "../domain/book-privacy.js";
import type { DownloadConfig } from "../domain/book-settings.js";
import { type BookDocument, bookModel } from "./book.schema.js";

/** What a bookcase row needs: never the settings texts, which may be hundreds of KB per book. */
const summaryFields = {
  bookId: 1,
  number: 1,
  ownerId: 1,
  teamId: 1,
  title: 1,
  bStatus: 1,
  hostingSuspended: 1,
  pageCount: 1,
  shareIcon: 1,
  textStatus: 1,
  createdAt: 1,
  updatedAt: 1,
} as const;

export class BookRepository {
  private readonly books;

  constructor(connection: Connection) {
    this.books = bookModel(connection);
  }

  async findByNumber(number: string): Promise<BookDocument | null> {
    return this.books.findOne({ number }).lean<BookDocument>().exec();
  }

  async findById(bookId: string): Promise<BookDocument | null> {
    return this.books.findOne({ bookId }).lean<BookDocument>().exec();
  }

  /** Inserts the book unless one with its id exists already (a retried creation). */
  async insertIfAbsent(book: BookDocument): Promise<void> {
    await unlessDuplicate(() => this.books.create(book));
  }

  async upsert(book: BookDocument): Promise<void> {
    await this.books.updateOne({ bookId: book.bookId }, { $set: book }, { upsert: true }).exec();
  }

  async setPrivacy(bookId: string, privacy: StoredPrivacy): Promise<void> {
    await this.books.updateOne({ bookId }, { $set: { privacy } }).exec();
  }

  /** The settings update-book changed (the whole stored set; concurrent saves of one book: the last one wins). */
  async setSettings(
    bookId: string,
    settings: {
      htmlConfigJson: string;
      pluginsJson: string;
      downloadConfig: DownloadConfig | null;
      isDownload: boolean;
    },
  ): Promise<void> {
    await this.books.updateOne({ bookId }, { $set: settings }).exec();
  }

  async setCatalog(bookId: string, catalog: CatalogNode[]): Promise<void> {
    await this.books.updateOne({ bookId }, { $set: { catalog } }).exec();
  }

  async setBookmarks(bookId: string, bookmarks: Bookmark[]): Promise<void> {
    await this.books.updateOne({ bookId }, { $set: { bookmarks } }).exec();
  }

  /** Appends one tab atomically (concurrent adds both land). */
  async pushBookmark(bookId: string, bookmark: Bookmark): Promise<void> {
    await this.books.updateOne({ bookId }, { $push: { bookmarks: bookmark } }).exec();
  }

  /** The connection the books live on (the content repository shares it). */
  get connection(): Connection {
    return this.books.db;
  }

  /** Other stored fields of a book (share icon, text status, status, card, page count); false when it is gone. */
  async setFields(bookId: string, fields: Partial<BookDocument>): Promise<boolean> {
    const result = await this.books.updateOne({ bookId }, { $set: fields }).exec();
    return result.matchedCount > 0;
  }

  /** One page of an owner's books (their bookcase fields only), newest change first, and how many match. */
  async listOwned(
    ownerId: string,
    filter: Record<string, unknown>,
    skip: number,
    limit: number,
  ): Promise<{ total: number; books: BookDocument[] }> {
    const query = { ...filter, ownerId };
    const [total, books] = await Promise.all([
      this.books.countDocuments(query).exec(),
      this.books
        .find(query, summaryFields)
        .sort({ updatedAt: -1, bookId: 1 })
        .skip(skip)
        .limit(limit)
        .lean<BookDocument[]>()
        .exec(),
    ]);
    return { total, books };
  }

  /**
   * Applies a hosting event unless a later one (by the time JetStream stored it) was applied already: a redelivered
   * older event never overwrites a newer state. The store time, unlike the stream sequence, survives a recreated
   * stream. False when nothing changed (no such book, or an older event).
   */
  async applyHosting(
    bookId: string,
    change: { suspended: boolean; reason: string; publishedAt: Date },
  ): Promise<boolean> {
    const result = await this.books
      .updateOne(
        { bookId, $or: [{ hostingChangedAt: { $exists: false } }, { hostingChangedAt: { $lte: change.publishedAt } }] },
        {
          $set: {
            hostingSuspended: change.suspended,
            hostingReason: change.reason,
            hostingChangedAt: change.publishedAt,
          },
        },
      )
      .exec();
    return result.matchedCount > 0;
  }

  /** Caches what a manifest told; not a change of the book (its updatedAt, the bookcase's order, stays). */
  async cachePageCount(bookId: string, pageCount: number): Promise<void> {
    await this.books.updateOne({ bookId }, { $set: { pageCount } }, { timestamps: false }).exec();
  }

  async delete(bookId: string): Promise<boolean> {
    const result = await this.books.deleteOne({ bookId }).exec();
    return result.deletedCount > 0;
  }

  async ensureIndexes(): Promise<void> {
    await this.books.syncIndexes();
  }
}
