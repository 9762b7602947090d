import { unlessDuplicate } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import { type BookRevisionDocument, bookRevisionModel } from "./book-revision.schema.js";

export class BookRevisionRepository {
  private readonly revisions;

  constructor(connection: Connection) {
    this.revisions = bookRevisionModel(connection);
  }

  async findByUploadTask(uploadTaskId: string): Promise<BookRevisionDocument | null> {
    return this.revisions.findOne({ uploadTaskId }).lean<BookRevisionDocument>().exec();
  }

  async latestRevision(bookId: string): Promise<number> {
    const latest = await this.revisions.findOne({ bookId }).sort({ revision: -1 }).lean<BookRevisionDocument>().exec();
    return latest?.revision ?? 0;
  }

  /** The claim of the book's first revision: the upload that created it (and holds its quota slot). */
  async firstClaim(bookId: string): Promise<BookRevisionDocument | null> {
    return this.revisions.findOne({ bookId, revision: 1 }).lean<BookRevisionDocument>().exec();
  }

  /** The claims of the book's revisions (which upload wrote each), newest first. */
  async claimsOf(bookId: string): Promise<BookRevisionDocument[]> {
    return this.revisions.find({ bookId }).sort({ revision: -1 }).lean<BookRevisionDocument[]>().exec();
  }

  /** The book's revisions, newest first. */
  async revisionsOf(bookId: string): Promise<number[]> {
    const claimed = await this.revisions.find({ bookId }).sort({ revision: -1 }).lean<BookRevisionDocument[]>().exec();
    return claimed.map((claim) => claim.revision);
  }

  async findRevision(bookId: string, revision: number): Promise<BookRevisionDocument | null> {
    return this.revisions.findOne({ bookId, revision }).lean<BookRevisionDocument>().exec();
  }

  /** Gives a claim back (a page edit that lost the race after claiming): nothing was converted for it. */
  async removeClaim(bookId: string, revision: number, uploadTaskId: string): Promise<void> {
    await this.revisions.deleteOne({ bookId, revision, uploadTaskId }).exec();
  }

  /** Claims a revision for a task; false when the task or the revision is already claimed. */
  async tryClaim(claim: BookRevisionDocument): Promise<boolean> {
    return unlessDuplicate(() => this.revisions.create(claim));
  }

  /** Books (after `after`, in id order) with revisions whose files are still stored: the sweep's next batch. */
  async booksWithStoredRevisions(after: string, limit: number): Promise<string[]> {
    const books: string[] = [];
    let cursor = after;
    while (books.length < limit) {
      const claim = await this.revisions
        .findOne({ bookId: { $gt: cursor }, assetsRemovedAt: { $exists: false } })
        .sort({ bookId: 1 })
        .select({ bookId: 1 })
        .lean<Pick<BookRevisionDocument, "bookId">>()
        .exec();
      if (!claim) break;
      books.push(claim.bookId);
      cursor = claim.bookId;
    }
    return books;
  }

  /** The book's revisions whose files are still stored, oldest first. */
  async storedRevisionsOf(bookId: string): Promise<number[]> {
    const claims = await this.revisions
      .find({ bookId, assetsRemovedAt: { $exists: false } })
      .sort({ revision: 1 })
      .lean<BookRevisionDocument[]>()
      .exec();
    return claims.map((claim) => claim.revision);
  }

  async markAssetsRemoved(bookId: string, revision: number, at: Date): Promise<void> {
    await this.revisions.updateOne({ bookId, revision }, { $set: { assetsRemovedAt: at } }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.revisions.syncIndexes();
  }
}
