import { randomInt } from "node:crypto";
import { DomainError, type Logger, message, messageText } from "@turnleaf/kit";
import type { AccountRepository } from "../data/account.repository.js";
import type { AccountLimitSettings, AccountLimits } from "../data/account-limits.js";
import type { SessionDocument } from "../data/session.schema.js";
import type { UserDocument } from "../data/user.schema.js";
import { checkPasswordRules, hashPassword, type PasswordCost, passwordMatches } from "../domain/passwords.js";
import {
  accountCheckKey,
  idleExpiry,
  isEmail,
  loginFailureKey,
  newSessionClocks,
  newSessionToken,
  normaliseEmail,
  type SessionLifetimes,
  sessionTokenHash,
  sessionTokenPattern,
  sessionVerdict,
  signUpKey,
  touchIntervalMs,
} from "../domain/sessions.js";
import type { PowerDesk } from "./power-desk.js";

/**
 * Failed logins per email and address, account checks (checkAccount.php, an email-enumeration oracle) and sign-ups
 * per client address, each within its window (data/account-limits.ts counts them).
 */
export interface AccountSettings extends SessionLifetimes, AccountLimitSettings {
  /** How many of an address's sign-ups in the window get the new-user points; later ones start with none. */
  freePointsPerClient: number;
  /** scrypt's work factors for new hashes (and for the work an unknown email costs). */
  passwordCost: PasswordCost;
}

export interface AccountDeskDependencies {
  accounts: AccountRepository;
  limits: AccountLimits;
  power: PowerDesk;
  settings: AccountSettings;
  log: Logger;
  now: () => Date;
}

export interface OpenSession {
  token: string;
  userId: string;
  expiresAt: Date;
  idleExpiresAt: Date;
}

/** The user type of a self-registered account (the demo user's; the power config's default row applies). */
const registeredUserType = 2;
const idAttempts = 8;

export const accountMessages = {
  // Coded: the gateway renders them in the interface language (messages catalogues).
  wrongCredentials: messageText(message("wrongCredentials")),
  tooManyFailures: messageText(message("tooManyFailures")),
  tooManyChecks: messageText(message("tooManyChecks")),
  tooManySignUps: messageText(message("tooManySignUps")),
  emailTaken: messageText(message("emailTaken")),
  invalidEmail: messageText(message("invalidEmail")),
  signedOut: messageText(message("pleaseLogIn")),
  timedOut: messageText(message("loginTimeout")),
} as const;

function rateLimited(text: string, retryAfterSeconds: number): DomainError {
  return new DomainError("RATE_LIMITED", text, { details: { retryAfterSeconds: Math.max(1, retryAfterSeconds) } });
}

function wrongCredentials(): DomainError {
  // UNAUTHENTICATED between services, a plain ERROR for the client: a failed login is not a lost session.
  return new DomainError("UNAUTHENTICATED", accountMessages.wrongCredentials, {
    restCode: "ERROR",
    details: { reason: "WRONG_CREDENTIALS" },
  });
}

/** Accounts and sessions: registration, login behind the failure limit, session resolution, logout. */
export class AccountDesk {
  constructor(private readonly deps: AccountDeskDependencies) {}

  private email(raw: string): string {
    const email = normaliseEmail(raw);
    if (!isEmail(email)) {
      throw new DomainError("INVALID_ARGUMENT", accountMessages.invalidEmail, { details: { field: "email" } });
    }
    return email;
  }

  /**
   * Registers an account: at most `signUpLimit` per client address in the window (30 accounts from one address
   * in seconds was a finding), and only the first `freePointsPerClient` of them get the new-user points. The
   * sign-up is counted before the account is written, so concurrent sign-ups cannot all slip under the limit; one
   * that fails after all is given back.
   */
  async register(rawEmail: string, password: string, clientAddress = ""): Promise<UserDocument> {
    const email = this.email(rawEmail);
    const passwordHash = await hashPassword(checkPasswordRules(password), this.deps.settings.passwordCost);
    const key = signUpKey(clientAddress);
    const signUp = await this.deps.limits.signUps.take(key);
    if (!signUp.allowed) {
      this.deps.log.warn({ signUps: signUp.consumed }, "sign-up refused: too many from one address");
      throw rateLimited(accountMessages.tooManySignUps, signUp.retryAfterSeconds);
    }
    try {
      return await this.insertAccount(email, passwordHash, signUp.consumed <= this.deps.settings.freePointsPerClient);
    } catch (error) {
      await this.deps.limits.signUps.giveBack(key);
      throw error;
    }
  }

  private async insertAccount(email: string, passwordHash: string, freePoints: boolean): Promise<UserDocument> {
    for (let attempt = 0; attempt < idAttempts; attempt++) {
      // Twelve-digit ids, drawn: the unique indexes on userId and uLink arbitrate a collision (draw again).
      const userId = String(randomInt(100_000_000_000, 999_999_999_999));
      const user: UserDocument = {
        userId,
        email,
        uLink: `u${userId}`,
        uType: registeredUserType,
        website: "",
        verifyPhone: false,
        bookLogo: "",
        bookLogoLink: "",
        bookWebsite: "",
      };
      const outcome = await this.deps.accounts.insertUser({ ...user, passwordHash });
      if (outcome === "email") throw new DomainError("ALREADY_EXISTS", accountMessages.emailTaken);
      if (outcome === "inserted") {
        await this.deps.power.grantNewUserPlan(userId, freePoints);
        this.deps.log.info({ userId }, "account registered");
        return user;
      }
    }
    throw new DomainError("CONFLICT", message("busyRetry"));
  }

  async logIn(
    rawEmail: string,
    password: string,
    clientAddress: string,
  ): Promise<{ session: OpenSession; user: UserDocument }> {
    const email = normaliseEmail(rawEmail);
    const now = this.deps.now();
    // Every attempt is counted before its password is checked (concurrent guesses cannot all pass a check made
    // before any failure was recorded); a success forgets the count, so only failures add up.
    const key = loginFailureKey(email, clientAddress);
    const attempt = await this.deps.limits.loginAttempts.take(key);
    if (!attempt.allowed) throw rateLimited(accountMessages.tooManyFailures, attempt.retryAfterSeconds);
    const found = isEmail(email) ? await this.deps.accounts.findCredentials(email) : null;
    // An unknown email costs the same scrypt work as a wrong password (passwordMatches of an empty hash).
    const matches = await passwordMatches(password, found?.passwordHash ?? "", this.deps.settings.passwordCost);
    if (!found || !matches) {
      this.deps.log.info({ userId: found?.userId ?? null }, "login refused");
      throw wrongCredentials();
    }
    await this.deps.limits.loginAttempts.forget(key);
    const token = newSessionToken();
    const clocks = newSessionClocks(now, this.deps.settings);
    await this.deps.accounts.insertSession({ tokenHash: sessionTokenHash(token), userId: found.userId, ...clocks });
    // Now and then a login sweeps sessions past their absolute expiry by more than an idle period.
    await this.deps.accounts.deleteSessionsExpiredBefore(new Date(now.getTime() - this.deps.settings.idleMs));
    const { passwordHash: _hash, ...user } = found;
    this.deps.log.info({ userId: found.userId }, "logged in");
    return {
      session: {
        token,
        userId: found.userId,
        expiresAt: clocks.expiresAt,
        idleExpiresAt: idleExpiry(clocks, this.deps.settings),
      },
      user,
    };
  }

  private async session(token: string): Promise<SessionDocument> {
    const session = sessionTokenPattern.test(token)
      ? await this.deps.accounts.findSession(sessionTokenHash(token))
      : null;
    if (!session) throw new DomainError("UNAUTHENTICATED", accountMessages.signedOut);
    return session;
  }

  async resolve(token: string): Promise<{ session: Omit<OpenSession, "token">; user: UserDocument }> {
    const session = await this.session(token);
    const now = this.deps.now();
    const verdict = sessionVerdict(session, this.deps.settings, now);
    if (verdict !== "live") {
      throw new DomainError("SESSION_EXPIRED", accountMessages.timedOut, { details: { reason: verdict } });
    }
    const user = await this.deps.accounts.findUser(session.userId);
    if (!user) throw new DomainError("UNAUTHENTICATED", accountMessages.signedOut);
    await this.deps.accounts.touchSession(session.tokenHash, now, new Date(now.getTime() - touchIntervalMs));
    const touched = { ...session, lastSeenAt: now };
    return {
      session: {
        userId: session.userId,
        expiresAt: session.expiresAt,
        idleExpiresAt: idleExpiry(touched, this.deps.settings),
      },
      user,
    };
  }

  async logOut(token: string): Promise<boolean> {
    if (!sessionTokenPattern.test(token)) return false;
    return this.deps.accounts.deleteSession(sessionTokenHash(token));
  }

  /**
   * Whether an account has the email, at most `accountCheckLimit` times per client address in a window
   * (RATE_LIMITED with retryAfterSeconds beyond it); every answered check counts, existing or not.
   */
  async exists(rawEmail: string, clientAddress: string): Promise<boolean> {
    const check = await this.deps.limits.accountChecks.take(accountCheckKey(clientAddress));
    if (!check.allowed) throw rateLimited(accountMessages.tooManyChecks, check.retryAfterSeconds);
    const email = normaliseEmail(rawEmail);
    return isEmail(email) && this.deps.accounts.emailExists(email);
  }

  /** The demo seed: the demo user's password unless it already has one. */
  async seedPassword(userId: string, password: string): Promise<void> {
    await this.deps.accounts.setPasswordHashIfEmpty(
      userId,
      await hashPassword(password, this.deps.settings.passwordCost),
    );
  }
}
