import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { type CodedMessage, DomainError, message, messageText } from "@turnleaf/kit";

/**
 * A book's access (spec 001 "Password setting": public or protected; one password or users with passwords; a
 * hint; all pages or from a start page) plus private books, which readers never see. Passwords are stored as
 * scrypt hashes only.
 */
export const accessKinds = ["public", "password", "private"] as const;
export const passwordModes = ["single", "users"] as const;
export type Access = (typeof accessKinds)[number];
export type PasswordMode = (typeof passwordModes)[number];

export interface StoredPrivacy {
  access: Access;
  mode: PasswordMode;
  hint: string;
  fromPage: number;
  passwordHash: string;
  users: { name: string; passwordHash: string }[];
  /** Bumped by every change (absent: 0): a change is a compare-and-set on it, and a client may send the one it edited. */
  revision?: number;
}

export const publicPrivacy: StoredPrivacy = {
  access: "public",
  mode: "single",
  hint: "",
  fromPage: 1,
  passwordHash: "",
  users: [],
};

export interface PrivacyChange {
  access: Access;
  mode: PasswordMode;
  hint: string;
  fromPage: number;
  /** Empty keeps the stored password. */
  password: string;
  users: { name: string; password: string }[];
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;
const keyLength = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, keyLength);
  return `scrypt$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(actual, expected);
}

const maxPasswordLength = 64;
/** A new password shorter than this is refused: 4 digits fell to guessing in two minutes (issue 16). */
export const minPasswordLength = 6;
const tooShort = message("privacy.passwordTooShort", { min: minPasswordLength });
const maxUsers = 500;

function invalid(field: string, text: CodedMessage): DomainError {
  return new DomainError("INVALID_ARGUMENT", text, {
    details: { errors: [{ field, message: messageText(text) }] },
  });
}

/** The stored settings after a change: every rule checked on the server, passwords hashed, omitted ones kept. */
export async function applyPrivacyChange(previous: StoredPrivacy, change: PrivacyChange): Promise<StoredPrivacy> {
  if (!Number.isInteger(change.fromPage) || change.fromPage < 1) throw invalid("fromPage", message("privacy.fromPage"));
  if (change.hint.length > 200) throw invalid("hint", message("privacy.hintTooLong", { max: 200 }));
  const next: StoredPrivacy = {
    ...previous,
    access: change.access,
    mode: change.mode,
    hint: change.hint.trim(),
    fromPage: change.fromPage,
  };
  if (change.access !== "password") return next;
  if (change.mode === "single") {
    if (change.password.length > maxPasswordLength)
      throw invalid("password", message("privacy.passwordTooLong", { max: maxPasswordLength }));
    if (change.password && change.password.length < minPasswordLength) throw invalid("password", tooShort);
    next.passwordHash = change.password ? await hashPassword(change.password) : previous.passwordHash;
    if (!next.passwordHash) throw invalid("password", message("privacy.passwordRequired"));
    return next;
  }
  if (change.users.length === 0) throw invalid("users", message("privacy.usersRequired"));
  if (change.users.length > maxUsers) throw invalid("users", message("privacy.tooManyUsers", { max: maxUsers }));
  const names = new Set<string>();
  const users: StoredPrivacy["users"] = [];
  for (const user of change.users) {
    const name = user.name.trim();
    if (!name || name.length > 64) throw invalid("users", message("privacy.userName", { max: 64 }));
    if (names.has(name)) throw invalid("users", message("privacy.userTwice", { name }));
    names.add(name);
    if (user.password.length > maxPasswordLength)
      throw invalid("users", message("privacy.passwordTooLong", { max: maxPasswordLength }));
    if (user.password && user.password.length < minPasswordLength) throw invalid("users", tooShort);
    const kept = previous.users.find((existing) => existing.name === name)?.passwordHash ?? "";
    const passwordHash = user.password ? await hashPassword(user.password) : kept;
    if (!passwordHash) throw invalid("users", message("privacy.userPasswordRequired", { name }));
    users.push({ name, passwordHash });
  }
  next.users = users;
  return next;
}

/** Whether the password (and user name, in users mode) opens the book. */
export async function unlocks(privacy: StoredPrivacy, userName: string, password: string): Promise<boolean> {
  if (privacy.access !== "password") return true;
  if (privacy.mode === "single") return privacy.passwordHash !== "" && passwordMatches(password, privacy.passwordHash);
  const user = privacy.users.find((candidate) => candidate.name === userName.trim());
  // Hash anyway when the user is unknown, so timing does not tell which names exist.
  const matches = await passwordMatches(password, user?.passwordHash ?? privacy.users[0]?.passwordHash ?? "");
  return user !== undefined && matches;
}

const fingerprint = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 22);

/**
 * The version of what opened a book, carried by the reader's pass: the fingerprint of the single password's
 * salted hash, or of a user's name and hash. A new password (a new salt) or a removed user leaves no pass valid.
 */
export function passVersionOf(privacy: StoredPrivacy, userName: string): string {
  if (privacy.access !== "password") return "";
  if (privacy.mode === "single") return fingerprint(`single\n${privacy.passwordHash}`);
  const user = privacy.users.find((candidate) => candidate.name === userName.trim());
  return user ? fingerprint(`user\n${user.name}\n${user.passwordHash}`) : "";
}

/** Every pass version the book's current settings accept (none when it is not password protected). */
export function passVersions(privacy: StoredPrivacy): string[] {
  if (privacy.access !== "password") return [];
  if (privacy.mode === "single") return privacy.passwordHash ? [passVersionOf(privacy, "")] : [];
  return privacy.users.map((user) => passVersionOf(privacy, user.name));
}

/** What the owner (and the reader, less the user names) may see of the settings: never a hash. */
export function privacyView(privacy: StoredPrivacy, withUserNames: boolean) {
  return {
    access: privacy.access,
    mode: privacy.mode,
    hint: privacy.hint,
    fromPage: privacy.fromPage,
    hasPassword: privacy.passwordHash !== "",
    userNames: withUserNames ? privacy.users.map((user) => user.name) : [],
    revision: privacy.revision ?? 0,
  };
}

const privacyFields = ["access", "mode", "hint", "fromPage", "passwordHash", "users"] as const;

/** The fields a change sets (their stored paths are set one by one; what it left as it was is not written). */
export function changedPrivacy(previous: StoredPrivacy, next: StoredPrivacy): Partial<StoredPrivacy> {
  return Object.fromEntries(
    privacyFields
      .filter((field) => JSON.stringify(previous[field]) !== JSON.stringify(next[field]))
      .map((field) => [field, next[field]]),
  );
}
