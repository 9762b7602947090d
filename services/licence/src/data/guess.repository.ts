import { randomUUID } from "node:crypto";
import { type Connection, Schema } from "mongoose";

/** One refused licence code (unknown or malformed) from a client address or terminal. */
interface GuessDocument {
  _id: string;
  /** "address:<ip>" or "terminal:<sha-256 of the terminal code>". */
  key: string;
  at: Date;
}

const guessSchema = new Schema<GuessDocument>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: "licence_code_guesses", versionKey: false },
);
guessSchema.index({ key: 1, at: 1 });

/**
 * Counts refused codes per key in a sliding window, in MongoDB so every replica sees the same count. One
 * document per refusal keeps it to inserts and counts, which the local MongoDB-wire server does atomically.
 */
export class GuessRepository {
  private readonly guesses;

  constructor(connection: Connection) {
    this.guesses = connection.model<GuessDocument>("LicenceCodeGuess", guessSchema);
  }

  async record(keys: readonly string[], at: Date): Promise<void> {
    await this.guesses.insertMany(keys.map((key) => ({ _id: randomUUID(), key, at })));
  }

  /** The most refusals any of the keys had since `since`, and the oldest of them (when the window frees up). */
  async worstSince(keys: readonly string[], since: Date): Promise<{ count: number; oldest: Date | undefined }> {
    let worst: { count: number; oldest: Date | undefined } = { count: 0, oldest: undefined };
    for (const key of keys) {
      const recent = await this.guesses
        .find({ key, at: { $gte: since } })
        .sort({ at: 1 })
        .select({ at: 1 })
        .lean<Pick<GuessDocument, "at">[]>()
        .exec();
      if (recent.length > worst.count) worst = { count: recent.length, oldest: recent[0]?.at };
    }
    return worst;
  }

  /** Drops refusals older than the window (called now and then; they no longer count). */
  async forgetBefore(before: Date): Promise<void> {
    await this.guesses.deleteMany({ at: { $lt: before } }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.guesses.syncIndexes();
  }
}
