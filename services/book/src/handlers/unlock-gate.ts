import { createHash } from "node:crypto";
import { DomainError, message } from "@turnleaf/kit";
import type { UnlockAttemptRepository } from "../data/unlock-attempt.repository.js";
import { passVersionOf, type StoredPrivacy, unlocks } from "../domain/book-privacy.js";
import { blockedUntilAfter, retryAfterSeconds, type UnlockLimitSettings } from "../domain/unlock-limits.js";

export const unlockMessages = {
  wrongPassword: message("reader.wrongPassword"),
  tooManyAttempts: message("reader.tooManyPasswords"),
} as const;

const addressKey = (address: string) => createHash("sha256").update(address).digest("base64url").slice(0, 22);

/**
 * A reader's unlock attempt behind the limits: a running backoff (for the book, or for this address at the book)
 * refuses before the password is even checked; a wrong password counts against both keys.
 */
export async function checkUnlock(
  attempts: UnlockAttemptRepository,
  settings: UnlockLimitSettings,
  now: Date,
  book: { bookId: string; privacy: StoredPrivacy },
  request: { userName: string; password: string; clientAddress: string },
): Promise<{ fromPage: number; passVersion: string }> {
  const { privacy } = book;
  if (privacy.access !== "password") return { fromPage: privacy.fromPage, passVersion: "" };
  const bookKey = `book:${book.bookId}`;
  const clientKey = `client:${book.bookId}:${addressKey(request.clientAddress || "unknown")}`;
  const counts = await attempts.find([bookKey, clientKey]);
  const blocked = retryAfterSeconds([counts.get(bookKey)?.blockedUntil, counts.get(clientKey)?.blockedUntil], now);
  if (blocked > 0) {
    throw new DomainError("RATE_LIMITED", unlockMessages.tooManyAttempts, {
      details: { retryAfterSeconds: blocked },
    });
  }
  if (await unlocks(privacy, request.userName, request.password)) {
    await attempts.forget(clientKey);
    return { fromPage: privacy.fromPage, passVersion: passVersionOf(privacy, request.userName) };
  }
  const windowStart = new Date(now.getTime() - settings.windowMs);
  const [bookFailures, clientFailures] = await Promise.all([
    attempts.recordFailure(bookKey, now, windowStart),
    attempts.recordFailure(clientKey, now, windowStart),
  ]);
  const bookBlock = blockedUntilAfter(bookFailures, settings.perBook, settings, now);
  const clientBlock = blockedUntilAfter(clientFailures, settings.perClient, settings, now);
  await Promise.all([attempts.blockUntil(bookKey, bookBlock), attempts.blockUntil(clientKey, clientBlock)]);
  if (Math.random() < 0.05) await attempts.forgetBefore(windowStart);
  throw new DomainError("PERMISSION_DENIED", unlockMessages.wrongPassword, {
    details: { retryAfterSeconds: retryAfterSeconds([bookBlock, clientBlock], now) },
  });
}
