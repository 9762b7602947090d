/**
 * What a project remembers of its online book (project.json `cloud[server]`), and the parts that travel between
 * them: a leaf module, so project.ts can name the record without importing the sync itself (./project-sync.ts).
 */

/** The parts that travel between a project and its online book. */
export const syncParts = [
  "settings",
  "toc",
  "bookmarks",
  "languages",
  "password",
  "download",
  "media",
  "pageAudio",
  "brands",
  "template",
  "theme",
  "scene",
  "assistant",
] as const;
export type SyncPart = (typeof syncParts)[number];
export type Parts = Partial<Record<SyncPart, unknown>>;

export interface SyncRecord {
  bookId: string;
  number: string;
  /** The book's pages revision (its conversion) when last synced. */
  revision: number;
  syncedAt: string;
  /** The online parts as read after the last sync. */
  online: Parts;
  /** Fingerprints of the project's parts at the last sync. */
  local: Partial<Record<SyncPart, string>>;
}
