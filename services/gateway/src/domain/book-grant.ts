import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A reader's grant to a password-protected book: a cookie the gateway signs after the password was right, bound to
 * the book and an expiry. Page pictures, text and the search index of protected pages are served only with it.
 */
export const grantLifetimeSeconds = 12 * 60 * 60;

export const grantCookieName = (link: string) => `tl_book_${link}`;

function signature(secret: string, link: string, expiresAt: number): string {
  return createHmac("sha256", secret).update(`${link}|${expiresAt}`).digest("base64url");
}

export function issueGrant(secret: string, link: string, nowSeconds: number): string {
  const expiresAt = nowSeconds + grantLifetimeSeconds;
  return `${expiresAt}.${signature(secret, link, expiresAt)}`;
}

export function grantValid(secret: string, link: string, token: string | undefined, nowSeconds: number): boolean {
  const [expires, signed] = (token ?? "").split(".");
  const expiresAt = Number(expires);
  if (!signed || !Number.isInteger(expiresAt) || expiresAt <= nowSeconds) return false;
  const expected = Buffer.from(signature(secret, link, expiresAt));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Reads one cookie from a Cookie header (the gateway sets only simple token values). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

export interface BookLock {
  mode: "single" | "users";
  hint: string;
  fromPage: number;
}

/** Which asset keys a lock covers: the pages from fromPage on, and the search index (it holds their text). */
export function assetLocked(lock: BookLock | null, key: string): boolean {
  if (!lock) return false;
  if (key === "search.json") return true;
  const page = Number(/^(?:pages|thumbs|text)\/(\d+)/.exec(key)?.[1]);
  return Number.isInteger(page) && page >= lock.fromPage;
}
