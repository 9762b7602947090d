import { call } from "../api.js";
import { type MediaItem, mediaKey } from "./media-doc.js";

/**
 * Sends media changes of the save flow, one call per item: a new id is added, a known one updated, null deletes
 * (a PDF link's deletion removes the link). What the server stored (texts normalised, a video site's player
 * address) comes back as document values to put in place of what was sent; a refused change throws, with the
 * stored values to return to.
 */
export class MediaSync {
  /** Ids the server holds (items, and PDF links: those exist in book.json before any edit). */
  private readonly stored = new Map<string, MediaItem | null>();

  constructor(
    private readonly bookId: string,
    initial: Record<string, MediaItem | null>,
  ) {
    for (const [key, value] of Object.entries(initial)) this.stored.set(key, value);
  }

  async send(changes: [string, MediaItem | null][]): Promise<Record<string, MediaItem | null>> {
    const fixed: Record<string, MediaItem | null> = {};
    for (const [id, item] of changes) {
      const key = mediaKey(id);
      const before = this.stored.get(key);
      try {
        if (!item) {
          if (before || id.startsWith("pdf-")) await call("/api/book/delete-page-media", { bookId: this.bookId, id });
          this.stored.set(key, null);
          continue;
        }
        const path = before ? "/api/book/update-page-media" : "/api/book/add-page-media";
        const saved = await call<MediaItem>(path, { bookId: this.bookId, item: JSON.stringify(item) });
        this.stored.set(key, saved);
        if (JSON.stringify(saved) !== JSON.stringify(item)) fixed[key] = saved;
      } catch (error) {
        throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
          // undefined: the key leaves the document (a PDF link never edited shows as the link again).
          revert: { ...fixed, [key]: before },
        });
      }
    }
    return fixed;
  }
}

/** The stored values a refused media change carries (MediaSync.send), if any. */
export function revertOf(error: unknown): Record<string, MediaItem | null | undefined> | undefined {
  return (error as { revert?: Record<string, MediaItem | null | undefined> } | null)?.revert;
}
