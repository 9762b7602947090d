import type { Connection } from "mongoose";
import { type BookDocument, bookModel } from "./book.schema.js";

export class BookRepository {
  private readonly books;

  constructor(connection: Connection) {
    this.books = bookModel(connection);
  }

  async findByNumber(number: string): Promise<BookDocument | null> {
    return this.books.findOne({ number }).lean<BookDocument>().exec();
  }

  async upsert(book: BookDocument): Promise<void> {
    await this.books.updateOne({ bookId: book.bookId }, { $set: book }, { upsert: true }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.books.syncIndexes();
  }
}
