import { updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import { type UnlockAttemptDocument, unlockAttemptModel } from "./unlock-attempt.schema.js";

export class UnlockAttemptRepository {
  private readonly attempts;

  constructor(connection: Connection) {
    this.attempts = unlockAttemptModel(connection);
  }

  async find(keys: string[]): Promise<Map<string, UnlockAttemptDocument>> {
    const found = await this.attempts
      .find({ _id: { $in: keys } })
      .lean<UnlockAttemptDocument[]>()
      .exec();
    return new Map(found.map((document) => [document._id, document]));
  }

  /**
   * Counts one failure atomically ($inc, so concurrent guesses all count); a count quiet since `windowStart`
   * restarts at one. Answers the new count.
   */
  async recordFailure(key: string, now: Date, windowStart: Date): Promise<number> {
    const updated = await updateAlone(`unlock:${key}`, async () => {
      await this.attempts
        .updateOne({ _id: key, lastFailureAt: { $lt: windowStart } }, { $set: { failures: 0 } })
        .exec();
      return this.attempts
        .findOneAndUpdate(
          { _id: key },
          { $inc: { failures: 1 }, $set: { lastFailureAt: now }, $setOnInsert: { blockedUntil: now } },
          { upsert: true, new: true },
        )
        .lean<UnlockAttemptDocument>()
        .exec();
    });
    return updated?.failures ?? 1;
  }

  /** Moves the key's block forward (never back: a concurrent longer block stays). */
  async blockUntil(key: string, until: Date): Promise<void> {
    await updateAlone(`unlock:${key}`, () =>
      this.attempts.updateOne({ _id: key, blockedUntil: { $lt: until } }, { $set: { blockedUntil: until } }).exec(),
    );
  }

  async forget(key: string): Promise<void> {
    await this.attempts.deleteOne({ _id: key }).exec();
  }

  /** Drops keys quiet since before the cutoff (called now and then by a failure). */
  async forgetBefore(cutoff: Date): Promise<void> {
    await this.attempts.deleteMany({ lastFailureAt: { $lt: cutoff }, blockedUntil: { $lt: cutoff } }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.attempts.syncIndexes();
  }
}
