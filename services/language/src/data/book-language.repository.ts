import type { Connection } from "mongoose";
import type { BookLanguage } from "../domain/book-languages.js";
import { type BookLanguagesDocument, bookLanguageModels } from "./book-language.schema.js";

export class BookLanguageRepository {
  private readonly models;

  constructor(connection: Connection) {
    this.models = bookLanguageModels(connection);
  }

  /** The stored languages of a book, or undefined when it never saved any (or was reset). */
  async find(bookId: string): Promise<BookLanguage[] | undefined> {
    const document = await this.models.bookLanguages.findById(bookId).lean<BookLanguagesDocument>().exec();
    return document?.languages.map(({ code, name, checked, isDefault }) => ({ code, name, checked, isDefault }));
  }

  /** Replaces a book's languages (one document per book: the last save wins). */
  async replace(bookId: string, languages: BookLanguage[], updatedBy: string, at: Date): Promise<void> {
    await this.models.bookLanguages
      .replaceOne({ _id: bookId }, { _id: bookId, languages, updatedBy, updatedAt: at }, { upsert: true })
      .exec();
  }

  /** Forgets a book's languages: it has the default set again. */
  async remove(bookId: string): Promise<void> {
    await this.models.bookLanguages.deleteOne({ _id: bookId }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.models.bookLanguages.syncIndexes();
  }
}
