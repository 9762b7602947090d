import { unlessDuplicate } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { Bookmark } from "../domain/book-bookmarks.js";
import type { CatalogNode } from "../domain/book-catalog.js";
import type { StoredPrivacy } from "../domain/book-privacy.js";
import type { DownloadConfig } from "../domain/book-settings.js";
import { type BookDocument, bookModel } from "./book.schema.js";

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

  async ensureIndexes(): Promise<void> {
    await this.books.syncIndexes();
  }
}
