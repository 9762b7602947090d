import { randomUUID } from "node:crypto";
import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import {
  accountCheckModel,
  type LoginFailureDocument,
  loginFailureModel,
  signUpModel,
} from "./login-failure.schema.js";
import { type SessionDocument, sessionModel } from "./session.schema.js";
import { type UserDocument, type UserWithCredentials, userModel } from "./user.schema.js";

/** The sliding-window counters: failed logins (per email and address), account checks and sign-ups (per address). */
export type AttemptCounter = "loginFailures" | "accountChecks" | "signUps";

/** Credentials, sessions and failed logins. Unique indexes (email, userId, uLink, tokenHash) arbitrate races. */
export class AccountRepository {
  private readonly users;
  private readonly sessions;
  private readonly counters;

  constructor(connection: Connection) {
    this.users = userModel(connection);
    this.sessions = sessionModel(connection);
    this.counters = {
      loginFailures: loginFailureModel(connection),
      accountChecks: accountCheckModel(connection),
      signUps: signUpModel(connection),
    };
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

  /** Records one attempt; answers its id (forgetAttempt takes back one that did not happen after all). */
  async recordFailure(key: string, at: Date, counter: AttemptCounter = "loginFailures"): Promise<string> {
    const id = randomUUID();
    await this.counters[counter].create({ _id: id, key, at });
    return id;
  }

  async forgetAttempt(id: string, counter: AttemptCounter): Promise<void> {
    await this.counters[counter].deleteOne({ _id: id }).exec();
  }

  /** The failures (or checks) of a key since `since`, oldest first. */
  async failuresSince(key: string, since: Date, counter: AttemptCounter = "loginFailures"): Promise<Date[]> {
    const found = await this.counters[counter]
      .find({ key, at: { $gte: since } })
      .sort({ at: 1 })
      .select({ at: 1 })
      .lean<Pick<LoginFailureDocument, "at">[]>()
      .exec();
    return found.map((failure) => failure.at);
  }

  async forgetFailures(key: string): Promise<void> {
    await this.counters.loginFailures.deleteMany({ key }).exec();
  }

  async forgetFailuresBefore(before: Date, counter: AttemptCounter = "loginFailures"): Promise<void> {
    await this.counters[counter].deleteMany({ at: { $lt: before } }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([
      this.sessions.syncIndexes(),
      this.counters.loginFailures.syncIndexes(),
      this.counters.accountChecks.syncIndexes(),
      this.counters.signUps.syncIndexes(),
    ]);
  }
}
