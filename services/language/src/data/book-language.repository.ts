import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
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
    return (await this.findRevision(bookId)).languages;
  }

  /** The stored languages and the revision they are at (0 when none are stored). */
  async findRevision(bookId: string): Promise<{ languages: BookLanguage[] | undefined; revision: number }> {
    const document = await this.models.bookLanguages.findById(bookId).lean<BookLanguagesDocument>().exec();
    return {
      languages: document?.languages.map(({ code, name, checked, isDefault }) => ({ code, name, checked, isDefault })),
      revision: document ? (document.revision ?? 0) : 0,
    };
  }

  /** Replaces a book's languages (a save of the whole list: the last save wins); answers the new revision. */
  async replace(bookId: string, languages: BookLanguage[], updatedBy: string, at: Date): Promise<number> {
    // Read back within the turn: no other update of this book's list can come between.
    return updateAlone(`book_languages:${bookId}`, async () => {
      await this.models.bookLanguages
        .updateOne(
          { _id: bookId },
          { $set: { languages, updatedBy, updatedAt: at }, $inc: { revision: 1 } },
          { upsert: true },
        )
        .exec();
      return (await this.findRevision(bookId)).revision;
    });
  }

  /**
   * Stores languages derived from what was read at `seen` (0: none stored) only while that is still the stored
   * revision; false when another change landed first (derive again).
   */
  async replaceAt(bookId: string, languages: BookLanguage[], updatedBy: string, at: Date, seen: number) {
    const fields = { languages, updatedBy, updatedAt: at, revision: seen + 1 };
    if (seen === 0 && (await unlessDuplicate(() => this.models.bookLanguages.create({ _id: bookId, ...fields })))) {
      return true;
    }
    const atSeen = seen === 0 ? { $or: [{ revision: 0 }, { revision: { $exists: false } }] } : { revision: seen };
    const result = await updateAlone(`book_languages:${bookId}`, () =>
      this.models.bookLanguages.updateOne({ _id: bookId, ...atSeen }, { $set: fields }).exec(),
    );
    return result.matchedCount > 0;
  }

  /** Forgets a book's languages: it has the default set again. */
  async remove(bookId: string): Promise<void> {
    await this.models.bookLanguages.deleteOne({ _id: bookId }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.models.bookLanguages.syncIndexes();
  }
}
