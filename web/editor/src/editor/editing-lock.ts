/**
 * The editing lock (POST /api/book/get-book-lock, services/gateway/rest/book-content.md): taken when the editor
 * opens a book (taking it from the same user's older session at once) and refreshed every minute (it lapses after two
 * without a refresh); another session holding it makes this one read-only.
 */
export interface BookLock {
  locked: boolean;
  mine: boolean;
  holderUserId: string;
  since: string;
  expiresAt: string;
}

export const lockRefreshMs = 60_000;

/** The BroadcastChannel on which a tab that took a book's lock tells this browser's other editor tabs. */
export const lockChannelName = "turnleaf.editor.lock";

/** A random session id of this editor tab (8–64 of A-Za-z0-9_-). */
export function lockSessionId(random: () => number = Math.random): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
  let id = "";
  for (let index = 0; index < 24; index++) id += alphabet[Math.floor(random() * alphabet.length)];
  return id;
}

export const lockSessionKey = "turnleaf.editor.lockSession";

/**
 * This tab's session id: kept in sessionStorage (one per tab, surviving a reload), so reloading the editor keeps
 * the lock instead of racing its own release; a new tab is a new session.
 */
export function tabSessionId(store: Pick<Storage, "getItem" | "setItem"> | undefined): string {
  const kept = store?.getItem(lockSessionKey);
  if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
  const id = lockSessionId();
  store?.setItem(lockSessionKey, id);
  return id;
}

/** Whether this session must not edit: another one holds the lock. */
export const isReadOnly = (lock: BookLock | null): boolean => lock?.locked === true && !lock.mine;
