/**
 * What a project remembers of its online book (project.json `cloud[server]`), and the named parts of a project: a
 * leaf module, so project.ts can name the record and the parts without importing the sync itself
 * (./project-sync.ts).
 */

/** The configuration parts of a project: what a template can carry and what re-import keeps. */
export const configParts = [
  "template",
  "theme",
  "scene",
  "settings",
  "languages",
  "toc",
  "bookmarks",
  "password",
  "assistant",
] as const;
export type ConfigPart = (typeof configParts)[number];

/**
 * The parts that travel between a project and its online book: every configuration part, then the download
 * settings, media items, page audio and the account's brands the settings apply.
 */
export const syncParts = [...configParts, "download", "media", "pageAudio", "brands"] as const;
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
