import { type Connection, Schema } from "mongoose";

export interface StoredPageEdit {
  baseRevision: number;
  basePageCount: number;
  layout: { basePage: number; insertedPage: number }[];
}

/**
 * One revision of a book claimed by one upload task. The unique task id makes "create book from upload"
 * idempotent; the unique (bookId, revision) pair hands each revision to exactly one task.
 */
export interface BookRevisionDocument {
  uploadTaskId: string;
  bookId: string;
  /** The book's number, fixed when the claim creates the book, so a retry creates the same book. */
  number: string;
  revision: number;
  createdAt?: Date;
  /** A page edit's revision (EditBookPages): the revision it edits, its page count and the new pages' layout. */
  pageEdit?: StoredPageEdit;
  /** When the revision sweep removed the revision's files (a later revision replaced it, or the book was deleted). */
  assetsRemovedAt?: Date;
}

const bookRevisionSchema = new Schema<BookRevisionDocument>(
  {
    uploadTaskId: { type: String, required: true, unique: true },
    bookId: { type: String, required: true },
    number: { type: String, required: true },
    revision: { type: Number, required: true },
    assetsRemovedAt: { type: Date, required: false },
    pageEdit: { type: Schema.Types.Mixed, required: false },
  },
  { collection: "book_revisions", timestamps: { createdAt: true, updatedAt: false } },
);
bookRevisionSchema.index({ bookId: 1, revision: 1 }, { unique: true });
bookRevisionSchema.index({ assetsRemovedAt: 1, bookId: 1 });

export function bookRevisionModel(connection: Connection) {
  return connection.model<BookRevisionDocument>("BookRevision", bookRevisionSchema);
}
