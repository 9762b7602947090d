import { type Connection, type Model, Schema, Types } from "mongoose";
import { modelOf } from "./model-of.js";

/** A reader's message on a book (collection `book_comments`). */
export interface BookCommentDocument {
  commentId: string;
  bookId: string;
  name: string;
  message: string;
  /** Hash of the book and the poster's address: counts the poster's messages, never answered. */
  posterKey: string;
  createdAt: Date;
}

const commentSchema = new Schema<BookCommentDocument>(
  {
    commentId: { type: String, required: true, unique: true },
    bookId: { type: String, required: true },
    name: { type: String, required: true },
    message: { type: String, required: true },
    posterKey: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: "book_comments" },
);
commentSchema.index({ bookId: 1, createdAt: -1 });
commentSchema.index({ posterKey: 1, createdAt: -1 });

/** An ObjectId's hex: it grows with time (and a counter within a second), so it orders messages of the same instant. */
export function newCommentId(): string {
  return new Types.ObjectId().toHexString();
}

export class BookCommentRepository {
  private readonly model: Model<BookCommentDocument>;

  constructor(connection: Connection) {
    this.model = modelOf(connection, "BookComment", commentSchema);
  }

  async ensureIndexes(): Promise<void> {
    await this.model.syncIndexes();
  }

  async add(comment: BookCommentDocument): Promise<void> {
    await this.model.create(comment);
  }

  /** A page of a book's messages, newest first, and how many it has. */
  async page(bookId: string, page: number, size: number): Promise<{ comments: BookCommentDocument[]; total: number }> {
    const [comments, total] = await Promise.all([
      this.model
        .find({ bookId })
        .sort({ createdAt: -1, commentId: -1 })
        .skip((page - 1) * size)
        .limit(size)
        .lean<BookCommentDocument[]>()
        .exec(),
      this.model.countDocuments({ bookId }).exec(),
    ]);
    return { comments, total };
  }

  async removeBook(bookId: string): Promise<void> {
    await this.model.deleteMany({ bookId }).exec();
  }

  async remove(bookId: string, commentId: string): Promise<boolean> {
    const { deletedCount } = await this.model.deleteOne({ bookId, commentId }).exec();
    return deletedCount > 0;
  }
}
