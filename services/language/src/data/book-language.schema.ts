import { type Connection, Schema } from "mongoose";

/** One book's languages, keyed by the book id (the book service owns the book itself). */
export interface BookLanguagesDocument {
  _id: string;
  languages: { code: string; name: string; checked: boolean; isDefault: boolean }[];
  /** The user whose change this is. */
  updatedBy: string;
  updatedAt: Date;
  /** Bumped by every write (absent: 0): a change derived from the stored list is a compare-and-set on it. */
  revision?: number;
}

const bookLanguagesSchema = new Schema<BookLanguagesDocument>(
  {
    _id: { type: String, required: true },
    languages: {
      type: [
        {
          _id: false,
          code: { type: String, required: true },
          name: { type: String, required: true },
          checked: { type: Boolean, required: true },
          isDefault: { type: Boolean, required: true },
        },
      ],
      required: true,
    },
    updatedBy: { type: String, default: "" },
    updatedAt: { type: Date, required: true },
    revision: { type: Number, required: false },
  },
  { collection: "book_languages", versionKey: false },
);

export function bookLanguageModels(connection: Connection) {
  return { bookLanguages: connection.model<BookLanguagesDocument>("BookLanguages", bookLanguagesSchema) };
}
