import { DomainError, message } from "@turnleaf/kit";

/**
 * The envelope code of a whole-document save whose revision is no longer the stored one: the client reloads, applies
 * its change again and saves with the new revision. Its text is the message catalogues' `saveConflict` (12 languages).
 */
export const saveConflictCode = "SAVE_CONFLICT";

export function saveConflict(
  what: "settings" | "catalog" | "bookmarks" | "privacy",
  stored: number,
  sent: number,
): DomainError {
  return new DomainError("CONFLICT", message("saveConflict"), {
    restCode: saveConflictCode,
    details: { field: what, revision: stored, sentRevision: sent },
  });
}

/** Attempts of a merge (update-book's changed keys) against concurrent writers before it answers a conflict. */
export const mergeAttempts = 200;

/** A short random pause between merge attempts, growing a little with each, so racing writers spread out. */
export function mergePause(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(50, 2 + attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
