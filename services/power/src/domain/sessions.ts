import { createHash, randomBytes } from "node:crypto";

/** How long sessions live: idle (since the last use) and absolute (since the login). */
export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

/** A stored session's clocks. */
export interface SessionClocks {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** 256 random bits, base64url (43 characters): what the holder keeps. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the store keeps instead of the token: its SHA-256, hex. A stolen collection opens no session. */
export function sessionTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export const sessionTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function newSessionClocks(now: Date, lifetimes: SessionLifetimes): SessionClocks {
  return { createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + lifetimes.absoluteMs) };
}

/** When the session ends unless used again: the idle expiry, never past the absolute one. */
export function idleExpiry(clocks: SessionClocks, lifetimes: SessionLifetimes): Date {
  return new Date(Math.min(clocks.lastSeenAt.getTime() + lifetimes.idleMs, clocks.expiresAt.getTime()));
}

export type SessionVerdict = "live" | "idle-expired" | "expired";

export function sessionVerdict(clocks: SessionClocks, lifetimes: SessionLifetimes, now: Date): SessionVerdict {
  if (now.getTime() >= clocks.expiresAt.getTime()) return "expired";
  if (now.getTime() >= clocks.lastSeenAt.getTime() + lifetimes.idleMs) return "idle-expired";
  return "live";
}

/** Uses closer together than this do not rewrite lastSeenAt (one write a minute, not one per request). */
export const touchIntervalMs = 60_000;

/** The email as stored and compared: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;

export function isEmail(email: string): boolean {
  return email.length <= 254 && emailPattern.test(email);
}

/** The account-check counter's key: the client address, hashed (apart from the failed-login keys). */
export function signUpKey(clientAddress: string): string {
  return createHash("sha256").update(`sign-up\n${clientAddress}`, "utf8").digest("hex");
}

export function accountCheckKey(clientAddress: string): string {
  return createHash("sha256").update(`check-account\n${clientAddress}`, "utf8").digest("hex");
}

/** The failed-login counter's key: email and client address together, hashed (no address or email stored). */
export function loginFailureKey(email: string, clientAddress: string): string {
  return createHash("sha256")
    .update(`${normaliseEmail(email)}\n${clientAddress}`, "utf8")
    .digest("hex");
}
