import { unlessDuplicate } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { StoredPrivacy } from "../domain/book-privacy.js";
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

  async ensureIndexes(): Promise<void> {
    await this.books.syncIndexes();
  }
}
