import { randomInt } from "node:crypto";
import { DomainError, type Logger, message, messageText } from "@turnleaf/kit";
import type { AccountRepository } from "../data/account.repository.js";
import type { SessionDocument } from "../data/session.schema.js";
import type { UserDocument } from "../data/user.schema.js";
import { checkPasswordRules, hashPassword, passwordMatches } from "../domain/passwords.js";
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

export interface AccountSettings extends SessionLifetimes {
  /** Failed logins per email and address within the window before further tries are refused. */
  loginFailureLimit: number;
  loginFailureWindowMs: number;
  /** Account checks (checkAccount.php, an email-enumeration oracle) per client address within the window. */
  accountCheckLimit: number;
  accountCheckWindowMs: number;
  /** Sign-ups per client address within the window; beyond it registration is refused. */
  signUpLimit: number;
  signUpWindowMs: number;
  /** How many of an address's sign-ups in the window get the new-user points; later ones start with none. */
  freePointsPerClient: number;
}

export interface AccountDeskDependencies {
  accounts: AccountRepository;
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
   * sign-up is recorded before it is counted, so concurrent sign-ups cannot all slip under the limit.
   */
  async register(rawEmail: string, password: string, clientAddress = ""): Promise<UserDocument> {
    const email = this.email(rawEmail);
    const passwordHash = await hashPassword(checkPasswordRules(password));
    const now = this.deps.now();
    const { signUpLimit, signUpWindowMs, freePointsPerClient } = this.deps.settings;
    const key = signUpKey(clientAddress);
    const windowStart = new Date(now.getTime() - signUpWindowMs);
    const recorded = await this.deps.accounts.recordFailure(key, now, "signUps");
    const signUps = await this.deps.accounts.failuresSince(key, windowStart, "signUps");
    if (signUps.length > signUpLimit) {
      await this.deps.accounts.forgetAttempt(recorded, "signUps");
      const freesAt = (signUps[0]?.getTime() ?? now.getTime()) + signUpWindowMs;
      this.deps.log.warn({ signUps: signUps.length }, "sign-up refused: too many from one address");
      throw new DomainError("RATE_LIMITED", accountMessages.tooManySignUps, {
        details: { retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) },
      });
    }
    await this.deps.accounts.forgetFailuresBefore(windowStart, "signUps");
    try {
      return await this.insertAccount(email, passwordHash, signUps.length <= freePointsPerClient);
    } catch (error) {
      await this.deps.accounts.forgetAttempt(recorded, "signUps");
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
    const { loginFailureLimit, loginFailureWindowMs } = this.deps.settings;
    const key = loginFailureKey(email, clientAddress);
    const windowStart = new Date(now.getTime() - loginFailureWindowMs);
    const failures = await this.deps.accounts.failuresSince(key, windowStart);
    if (failures.length >= loginFailureLimit) {
      const freesAt = (failures[0]?.getTime() ?? now.getTime()) + loginFailureWindowMs;
      throw new DomainError("RATE_LIMITED", accountMessages.tooManyFailures, {
        details: { retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) },
      });
    }
    const found = isEmail(email) ? await this.deps.accounts.findCredentials(email) : null;
    // An unknown email costs the same scrypt work as a wrong password (passwordMatches of an empty hash).
    const matches = await passwordMatches(password, found?.passwordHash ?? "");
    if (!found || !matches) {
      await this.deps.accounts.recordFailure(key, now);
      await this.deps.accounts.forgetFailuresBefore(windowStart);
      this.deps.log.info({ userId: found?.userId ?? null }, "login refused");
      throw wrongCredentials();
    }
    await this.deps.accounts.forgetFailures(key);
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
   * Whether an account has the email, at most `accountCheckLimit` times per client address in a sliding window
   * (RATE_LIMITED with retryAfterSeconds beyond it); every answered check counts, existing or not.
   */
  async exists(rawEmail: string, clientAddress: string): Promise<boolean> {
    const now = this.deps.now();
    const { accountCheckLimit, accountCheckWindowMs } = this.deps.settings;
    const key = accountCheckKey(clientAddress);
    const windowStart = new Date(now.getTime() - accountCheckWindowMs);
    const checks = await this.deps.accounts.failuresSince(key, windowStart, "accountChecks");
    if (checks.length >= accountCheckLimit) {
      const freesAt = (checks[0]?.getTime() ?? now.getTime()) + accountCheckWindowMs;
      throw new DomainError("RATE_LIMITED", accountMessages.tooManyChecks, {
        details: { retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) },
      });
    }
    await this.deps.accounts.recordFailure(key, now, "accountChecks");
    await this.deps.accounts.forgetFailuresBefore(windowStart, "accountChecks");
    const email = normaliseEmail(rawEmail);
    return isEmail(email) && this.deps.accounts.emailExists(email);
  }

  /** The demo seed: the demo user's password unless it already has one. */
  async seedPassword(userId: string, password: string): Promise<void> {
    await this.deps.accounts.setPasswordHashIfEmpty(userId, await hashPassword(password));
  }
}
