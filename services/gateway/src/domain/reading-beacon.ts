import { createHash, createHmac } from "node:crypto";
import { DeviceClass, ReadingEventKind } from "@turnleaf/contracts/insight/v1/insight_events_pb";

/** What the reader's beacon may carry: a handful of events, the page's referrer and the embedding page. */
export interface BeaconBody {
  events?: { k?: unknown; p?: unknown; ms?: unknown }[];
  ref?: unknown;
  embed?: unknown;
}

export const maxBeaconEvents = 50;

const kinds: Record<string, ReadingEventKind> = {
  view: ReadingEventKind.VIEW,
  page: ReadingEventKind.PAGE,
  complete: ReadingEventKind.COMPLETE,
};

/** The beacon's events that make sense; anything else is dropped rather than refused (a beacon gets no answer). */
export function beaconEvents(body: BeaconBody): { kind: ReadingEventKind; page: number; durationMs: number }[] {
  const events = Array.isArray(body.events) ? body.events.slice(0, maxBeaconEvents) : [];
  return events.flatMap((event) => {
    const kind = typeof event?.k === "string" ? kinds[event.k] : undefined;
    if (kind === undefined) return [];
    const page = Number(event.p ?? 0);
    const durationMs = Number(event.ms ?? 0);
    if (!Number.isInteger(page) || page < 0 || page > 1000) return [];
    if (!Number.isFinite(durationMs) || durationMs < 0) return [];
    return [{ kind, page, durationMs: Math.round(durationMs) }];
  });
}

/** The host of an http(s) URL, lower-case; "" for anything else or the gateway's own host (an internal move). */
export function hostOf(value: unknown, ownHost: string): string {
  if (typeof value !== "string" || !value || value.length > 2000) return "";
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    const host = url.hostname.toLowerCase();
    return host === ownHost.split(":")[0]?.toLowerCase() ? "" : host;
  } catch {
    return "";
  }
}

/** A coarse device class from the user agent: crawlers, tablets, phones, and everything else as desktop. */
export function deviceClassOf(userAgent: string): DeviceClass {
  if (/bot|crawl|spider|slurp|facebookexternalhit|preview/i.test(userAgent)) return DeviceClass.BOT;
  if (/ipad|tablet|playbook|silk|(android(?!.*mobile))/i.test(userAgent)) return DeviceClass.TABLET;
  if (/mobi|iphone|ipod|android|windows phone|opera mini/i.test(userAgent)) return DeviceClass.PHONE;
  return DeviceClass.DESKTOP;
}

/** The day's salt, derived once a day rather than once a beacon (an HMAC each was a visible share of a beacon). */
let lastSalt = { secret: "", dayIndex: -1, salt: Buffer.alloc(0) };
function daySalt(secret: string, nowMs: number): Buffer {
  const dayIndex = Math.floor(nowMs / 86_400_000);
  if (lastSalt.dayIndex !== dayIndex || lastSalt.secret !== secret) {
    const day = new Date(nowMs).toISOString().slice(0, 10);
    lastSalt = { secret, dayIndex, salt: createHmac("sha256", secret).update(`reader-salt:${day}`).digest() };
  }
  return lastSalt.salt;
}

/** The client address (and a scope) under the day's salt. */
function saltedKey(secret: string, nowMs: number, address: string, scope: string): string {
  return createHash("sha256")
    .update(daySalt(secret, nowMs))
    .update(`${address}\n\n${scope}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * A reader's key for one book and one day, without cookies: a hash of the client address and the book under a salt
 * that changes every UTC day (derived from the gateway's secret). The same reader on the same day gets the same
 * key; tomorrow's keys cannot be linked to today's, and the address is never stored or sent on. Nothing the client
 * chooses is in it: a User-Agent (or anything else a script sets) would let one client be any number of readers
 * (issue #33). Readers behind one address (an office's NAT) count as one.
 */
export function readerKey(secret: string, nowMs: number, address: string, bookId: string): string {
  return saltedKey(secret, nowMs, address, bookId);
}

/** A client's key for rate limits (lead submissions): its address under the same daily salt, nothing else. */
export function clientKey(secret: string, nowMs: number, address: string): string {
  return saltedKey(secret, nowMs, address, "client");
}

/** Events a client address may send the beacon path a minute (BEACON_EVENTS_PER_MINUTE); beyond them, 429. */
export const defaultBeaconEventsPerMinute = 600;

/**
 * The events a reader may be counted for: pages past the book's last page, and pages a password holds for a reader
 * without the book's grant (`lockedFrom`: the first locked page), are dropped. Views and completions have no page
 * (or page 0) and stay.
 */
export function countableEvents<T extends { page: number }>(
  events: T[],
  book: { pageCount: number; lockedFrom?: number | undefined },
): T[] {
  return events.filter(
    (event) =>
      event.page === 0 ||
      ((book.pageCount <= 0 || event.page <= book.pageCount) &&
        (book.lockedFrom === undefined || event.page < book.lockedFrom)),
  );
}
