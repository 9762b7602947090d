import { DomainError, message } from "@turnleaf/kit";

/**
 * The editing lock (get-book-lock): one editor session at a time may save a book, so two tabs or two team members do
 * not overwrite each other. The editor asks on opening and then every minute; a lock not refreshed within its
 * lifetime lapses (a closed tab frees the book by itself, and gives it up on closing). The same user's newer session
 * takes the lock over when it opens (mayTakeOver). The lock is advisory for the editor: it shows a read-only notice
 * when another session holds it.
 */
export const lockLifetimeMs = 2 * 60 * 1000;

export interface StoredLock {
  userId: string;
  sessionId: string;
  since: Date;
  expiresAt: Date;
}

const sessionPattern = /^[A-Za-z0-9_-]{8,64}$/;

export function lockSessionId(value: string): string {
  if (!sessionPattern.test(value)) {
    throw new DomainError("INVALID_ARGUMENT", message("field.invalid", { field: "sessionId" }), {
      details: { field: "sessionId" },
    });
  }
  return value;
}

/** Whether a session may take (or refresh) the lock now: it is free, lapsed, or its own. */
export function mayTakeLock(lock: StoredLock | null | undefined, sessionId: string, now: Date): boolean {
  return !lock || lock.expiresAt.getTime() <= now.getTime() || lock.sessionId === sessionId;
}

/**
 * Whether a session opening the editor takes the lock from another live session at once: only the same user's
 * (their older tab, or a tab closed without its release arriving); another user's lock still has to lapse.
 */
export function mayTakeOver(
  lock: StoredLock | null | undefined,
  holder: { userId: string; sessionId: string },
  now: Date,
): lock is StoredLock {
  return Boolean(
    lock &&
      lock.expiresAt.getTime() > now.getTime() &&
      lock.sessionId !== holder.sessionId &&
      lock.userId === holder.userId,
  );
}

/** The lock a session takes: a refresh keeps the original `since`. */
export function takenLock(
  lock: StoredLock | null | undefined,
  holder: { userId: string; sessionId: string },
  now: Date,
): StoredLock {
  const refresh = lock && lock.sessionId === holder.sessionId && lock.expiresAt.getTime() > now.getTime();
  return {
    userId: holder.userId,
    sessionId: holder.sessionId,
    since: refresh ? lock.since : now,
    expiresAt: new Date(now.getTime() + lockLifetimeMs),
  };
}

export function lockView(lock: StoredLock | null | undefined, sessionId: string, now: Date) {
  const live = lock && lock.expiresAt.getTime() > now.getTime() ? lock : null;
  const heldByOther = Boolean(live && live.sessionId !== sessionId);
  // Another session's id is never answered: knowing it would let a caller take that session's lock.
  return {
    heldByOther,
    holderUserId: live?.userId ?? "",
    holderSessionId: heldByOther ? "" : (live?.sessionId ?? ""),
    since: live?.since.toISOString() ?? "",
    expiresAt: live?.expiresAt.toISOString() ?? "",
  };
}
