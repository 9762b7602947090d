import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { CustomKindName } from "../domain/book-content.js";
import type { StoredLock } from "../domain/edit-lock.js";
import {
  type AssetDocument,
  type BookLockDocument,
  type BrandDocument,
  type BusinessCardDocument,
  type CustomEntryDocument,
  contentModels,
  type UploadLogDocument,
} from "./book-content.schema.js";

/** Custom entries, business cards, brands, upload logs and editor assets (database turnleaf-book). */
export class BookContentRepository {
  private readonly models;

  constructor(connection: Connection) {
    this.models = contentModels(connection);
  }

  async customEntries(ownerId: string, bookId: string, kind: CustomKindName, key: string) {
    const query = { ownerId, bookId, kind, ...(key ? { key } : {}) };
    return this.models.custom.find(query).sort({ key: 1 }).lean<CustomEntryDocument[]>().exec();
  }

  async countCustom(ownerId: string, bookId: string, kind: CustomKindName): Promise<number> {
    return this.models.custom.countDocuments({ ownerId, bookId, kind }).exec();
  }

  async saveCustom(entry: CustomEntryDocument): Promise<CustomEntryDocument> {
    const { ownerId, bookId, kind, key } = entry;
    const saved = await updateAlone(`custom:${ownerId}:${bookId}:${kind}:${key}`, () =>
      this.models.custom
        .findOneAndUpdate(
          { ownerId, bookId, kind, key },
          { $set: { json: entry.json } },
          { upsert: true, returnDocument: "after" },
        )
        .lean<CustomEntryDocument>()
        .exec(),
    );
    return saved ?? entry;
  }

  async deleteCustom(ownerId: string, bookId: string, kind: CustomKindName, key: string): Promise<boolean> {
    const result = await this.models.custom.deleteMany({ ownerId, bookId, kind, ...(key ? { key } : {}) }).exec();
    return result.deletedCount > 0;
  }

  async deleteBookContent(bookId: string): Promise<void> {
    await this.models.custom.deleteMany({ bookId }).exec();
    await this.models.locks.deleteMany({ bookId }).exec();
  }

  async cards(ownerId: string): Promise<BusinessCardDocument[]> {
    return this.models.cards.find({ ownerId }).sort({ createdAt: 1, cardId: 1 }).lean<BusinessCardDocument[]>().exec();
  }

  async countCards(ownerId: string): Promise<number> {
    return this.models.cards.countDocuments({ ownerId }).exec();
  }

  async card(ownerId: string, cardId: string): Promise<BusinessCardDocument | null> {
    return this.models.cards.findOne({ ownerId, cardId }).lean<BusinessCardDocument>().exec();
  }

  async addCard(card: BusinessCardDocument): Promise<void> {
    await this.models.cards.create(card);
  }

  /** False when the owner has no such card. */
  async updateCard(card: BusinessCardDocument): Promise<boolean> {
    const { cardId, ownerId, ...fields } = card;
    const result = await updateAlone(`card:${cardId}`, () =>
      this.models.cards.updateOne({ ownerId, cardId }, { $set: fields }).exec(),
    );
    return result.matchedCount > 0;
  }

  async deleteCard(ownerId: string, cardId: string): Promise<boolean> {
    const result = await this.models.cards.deleteOne({ ownerId, cardId }).exec();
    return result.deletedCount > 0;
  }

  async brands(ownerId: string, kind: string): Promise<BrandDocument[]> {
    const query = { ownerId, ...(kind ? { kind } : {}) };
    return this.models.brands.find(query).sort({ createdAt: 1, brandId: 1 }).lean<BrandDocument[]>().exec();
  }

  async countBrands(ownerId: string): Promise<number> {
    return this.models.brands.countDocuments({ ownerId }).exec();
  }

  async addBrand(brand: BrandDocument): Promise<void> {
    await this.models.brands.create(brand);
  }

  /**
   * Stores the log, then removes the user's logs past `keep` (oldest first) and those older than `maxAgeMs`. Concurrent
   * adds each prune after their own insert, so the user's count is back within `keep` once they have all returned.
   */
  async addUploadLog(
    log: UploadLogDocument,
    limits: { keep: number; maxAgeMs: number },
    now = new Date(),
  ): Promise<void> {
    await this.models.uploadLogs.create(log);
    const { userId } = log;
    await this.models.uploadLogs.deleteMany({ userId, createdAt: { $lt: new Date(now.getTime() - limits.maxAgeMs) } });
    const beyond = await this.models.uploadLogs
      .find({ userId }, { _id: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .skip(limits.keep)
      .lean()
      .exec();
    if (beyond.length > 0) await this.models.uploadLogs.deleteMany({ _id: { $in: beyond.map((entry) => entry._id) } });
  }

  async uploadLogs(userId: string): Promise<UploadLogDocument[]> {
    return this.models.uploadLogs.find({ userId }).sort({ createdAt: 1 }).lean<UploadLogDocument[]>().exec();
  }

  async addAsset(asset: AssetDocument): Promise<void> {
    await this.models.assets.create(asset);
  }

  async asset(fileId: string): Promise<AssetDocument | null> {
    return this.models.assets.findOne({ fileId }).lean<AssetDocument>().exec();
  }

  async markAssetReady(fileId: string, size: number): Promise<void> {
    await this.models.assets.updateOne({ fileId }, { $set: { state: "ready", size } }).exec();
  }

  async lock(bookId: string): Promise<BookLockDocument | null> {
    return this.models.locks.findOne({ bookId }).lean<BookLockDocument>().exec();
  }

  /**
   * Takes or refreshes a book's editing lock. The unique book id decides between sessions racing for a free or
   * lapsed lock: a lapsed one is removed (only as it was read) and then inserted anew, so exactly one insert wins.
   * False when another live session holds it.
   */
  async takeLock(bookId: string, lock: StoredLock, now: Date, seen?: StoredLock | null): Promise<boolean> {
    // The editor refreshes its own lock every minute: try the refresh first rather than an insert bound to fail.
    if (seen?.sessionId === lock.sessionId && (await this.refreshLock(bookId, lock))) return true;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await unlessDuplicate(() => this.models.locks.create({ bookId, ...lock }))) return true;
      const current = await this.lock(bookId);
      if (!current) continue;
      if (current.sessionId === lock.sessionId) {
        if (await this.refreshLock(bookId, lock)) return true;
        continue;
      }
      if (current.expiresAt.getTime() > now.getTime()) return false;
      await this.models.locks.deleteOne({ bookId, sessionId: current.sessionId, expiresAt: current.expiresAt }).exec();
    }
    return false;
  }

  private async refreshLock(bookId: string, lock: StoredLock): Promise<boolean> {
    const refreshed = await updateAlone(`lock:${bookId}`, () =>
      this.models.locks
        .updateOne({ bookId, sessionId: lock.sessionId }, { $set: { expiresAt: lock.expiresAt } })
        .exec(),
    );
    return refreshed.matchedCount > 0;
  }

  /** Removes a lock only as it was read (its session and lifetime), so a refresh in between keeps it. */
  async dropLockAsSeen(bookId: string, seen: StoredLock): Promise<void> {
    await this.models.locks.deleteOne({ bookId, sessionId: seen.sessionId, expiresAt: seen.expiresAt }).exec();
  }

  async releaseLock(bookId: string, sessionId: string): Promise<void> {
    await this.models.locks.deleteOne({ bookId, sessionId }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all(Object.values(this.models).map((model) => model.syncIndexes()));
  }
}
