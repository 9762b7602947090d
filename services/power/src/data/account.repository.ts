import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import { type SessionDocument, sessionModel } from "./session.schema.js";
import { type UserDocument, type UserWithCredentials, userModel } from "./user.schema.js";

/**
 * Credentials and sessions (the account limits are counted in data/account-limits.ts). Unique indexes (email, userId,
 * uLink, tokenHash) arbitrate races.
 */
export class AccountRepository {
  private readonly users;
  private readonly sessions;

  constructor(connection: Connection) {
    this.users = userModel(connection);
    this.sessions = sessionModel(connection);
  }

  /** The user and its password hash, by normalised email. */
  async findCredentials(email: string): Promise<UserWithCredentials | null> {
    return this.users.findOne({ email }).select("+passwordHash").lean<UserWithCredentials>().exec();
  }

  async emailExists(email: string): Promise<boolean> {
    return (await this.users.exists({ email }).exec()) !== null;
  }

  /**
   * Inserts a user; answers "inserted", or which unique field refused it ("email" when the address is taken,
   * "id" when the drawn userId or uLink collided — draw again).
   */
  async insertUser(user: UserWithCredentials): Promise<"inserted" | "email" | "id"> {
    if (await unlessDuplicate(() => this.users.create(user))) return "inserted";
    return (await this.emailExists(user.email)) ? "email" : "id";
  }

  /** Sets a password hash only where none is stored (the demo seed: a restart keeps a changed password). */
  async setPasswordHashIfEmpty(userId: string, passwordHash: string): Promise<void> {
    await updateAlone(`user:${userId}`, () =>
      this.users
        .updateOne(
          { userId, $or: [{ passwordHash: "" }, { passwordHash: { $exists: false } }] },
          { $set: { passwordHash } },
        )
        .exec(),
    );
  }

  async findUser(userId: string): Promise<UserDocument | null> {
    return this.users.findOne({ userId }).lean<UserDocument>().exec();
  }

  async insertSession(session: SessionDocument): Promise<void> {
    await this.sessions.create(session);
  }

  async findSession(tokenHash: string): Promise<SessionDocument | null> {
    return this.sessions.findOne({ tokenHash }).lean<SessionDocument>().exec();
  }

  /** Moves lastSeenAt, unless a use closer than `notAfter` already did. */
  async touchSession(tokenHash: string, now: Date, notAfter: Date): Promise<void> {
    await updateAlone(`session:${tokenHash}`, () =>
      this.sessions.updateOne({ tokenHash, lastSeenAt: { $lt: notAfter } }, { $set: { lastSeenAt: now } }).exec(),
    );
  }

  async deleteSession(tokenHash: string): Promise<boolean> {
    return (await this.sessions.deleteOne({ tokenHash }).exec()).deletedCount > 0;
  }

  /** Drops sessions whose absolute expiry passed before `before` (they then answer LOGIN_SIGNOUT, not TIMEOUT). */
  async deleteSessionsExpiredBefore(before: Date): Promise<void> {
    await this.sessions.deleteMany({ expiresAt: { $lt: before } }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.sessions.syncIndexes();
  }
}
