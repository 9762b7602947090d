import { createHash } from "node:crypto";
import { DomainError, type MongoRateLimits, message } from "@turnleaf/kit";
import { passVersionOf, type StoredPrivacy, unlocks } from "../domain/book-privacy.js";
import { backoffMs, type UnlockLimitSettings } from "../domain/unlock-limits.js";

export const unlockMessages = {
  wrongPassword: message("reader.wrongPassword"),
  tooManyAttempts: message("reader.tooManyPasswords"),
} as const;

const addressKey = (address: string) => createHash("sha256").update(address).digest("base64url").slice(0, 22);

export type UnlockGate = (
  book: { bookId: string; privacy: StoredPrivacy },
  request: { userName: string; password: string; clientAddress: string },
) => Promise<{ fromPage: number; passVersion: string }>;

/**
 * A reader's unlock attempts behind the limits, counted in the book service's MongoDB (the kit's rate limits): a
 * running backoff (for the book, or for this address at the book) refuses before the password is even checked; a
 * wrong password counts against both keys, each count forgotten after a quiet window, and past a key's allowance
 * blocks it for a wait that doubles with each further failure.
 */
export function unlockGate(rateLimits: MongoRateLimits, settings: UnlockLimitSettings, now: () => Date): UnlockGate {
  const windowSeconds = Math.ceil(settings.windowMs / 1000);
  const failures = rateLimits(
    "unlock_failures",
    { points: Math.max(settings.perBook, settings.perClient), durationSeconds: windowSeconds, slide: true },
    now,
  );
  const blocks = rateLimits(
    "unlock_blocks",
    { points: 1, durationSeconds: Math.ceil(settings.maxBackoffMs / 1000) },
    now,
  );
  const ready = Promise.all([failures.ready(), blocks.ready()]);
  ready.catch(() => undefined);

  return async (book, request) => {
    const { privacy } = book;
    if (privacy.access !== "password") return { fromPage: privacy.fromPage, passVersion: "" };
    await ready;
    const bookKey = `book:${book.bookId}`;
    const clientKey = `client:${book.bookId}:${addressKey(request.clientAddress || "unknown")}`;
    const running = await Promise.all([blocks.peek(bookKey), blocks.peek(clientKey)]);
    const blocked = Math.max(0, ...running.filter((state) => !state.allowed).map((state) => state.retryAfterSeconds));
    if (blocked > 0) {
      throw new DomainError("RATE_LIMITED", unlockMessages.tooManyAttempts, {
        details: { retryAfterSeconds: blocked },
      });
    }
    if (await unlocks(privacy, request.userName, request.password)) {
      await failures.forget(clientKey);
      return { fromPage: privacy.fromPage, passVersion: passVersionOf(privacy, request.userName) };
    }
    const [bookFailures, clientFailures] = await Promise.all([failures.count(bookKey), failures.count(clientKey)]);
    const waits = [
      { key: bookKey, ms: backoffMs(bookFailures.consumed, settings.perBook, settings) },
      { key: clientKey, ms: backoffMs(clientFailures.consumed, settings.perClient, settings) },
    ];
    await Promise.all(waits.filter(({ ms }) => ms > 0).map(({ key, ms }) => blocks.block(key, Math.ceil(ms / 1000))));
    throw new DomainError("PERMISSION_DENIED", unlockMessages.wrongPassword, {
      details: { retryAfterSeconds: Math.ceil(Math.max(...waits.map(({ ms }) => ms)) / 1000) },
    });
  };
}
