import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A reader's grant to a password-protected book: a cookie the gateway signs after the password was right, bound to
 * the book, an expiry and the pass version of what opened it (the password's, or the user's in a multi-user book).
 * Page pictures, text and the search index of protected pages are served only with it, and only while the book
 * still accepts that version: a changed password or a removed user voids it.
 */
export const grantLifetimeSeconds = 12 * 60 * 60;

export const grantCookieName = (link: string) => `tl_book_${link}`;

function signature(secret: string, link: string, expiresAt: number, version: string): string {
  return createHmac("sha256", secret).update(`${link}|${expiresAt}|${version}`).digest("base64url");
}

const versionPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function issueGrant(secret: string, link: string, version: string, nowSeconds: number): string {
  const expiresAt = nowSeconds + grantLifetimeSeconds;
  return `${expiresAt}.${version}.${signature(secret, link, expiresAt, version)}`;
}

/** Whether the token is this gateway's, unexpired, for this book, and carries a version the book still accepts. */
export function grantValid(
  secret: string,
  link: string,
  token: string | undefined,
  nowSeconds: number,
  acceptedVersions: readonly string[],
): boolean {
  const [expires, version, signed, ...rest] = (token ?? "").split(".");
  const expiresAt = Number(expires);
  if (!signed || rest.length > 0 || !Number.isInteger(expiresAt) || expiresAt <= nowSeconds) return false;
  if (!version || !versionPattern.test(version) || !acceptedVersions.includes(version)) return false;
  const expected = Buffer.from(signature(secret, link, expiresAt, version));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface BookLock {
  /** A password (one for all, or per user), or a required lead form (lead-grant.ts). */
  mode: "single" | "users" | "lead";
  hint: string;
  fromPage: number;
}

/** Which asset keys a lock covers: the pages from fromPage on, and the search index (it holds their text). */
export function assetLocked(lock: BookLock | null, key: string): boolean {
  if (!lock) return false;
  if (key === "search.json" || key === "search-ocr.json") return true;
  const page = Number(/^(?:pages|thumbs|text)\/(\d+)/.exec(key)?.[1]);
  return Number.isInteger(page) && page >= lock.fromPage;
}
