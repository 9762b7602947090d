/**
 * A short-lived memo of the book service's GetPublishedBook answer per link, for the reader's asset requests: opening
 * a spread fetches half a dozen pictures at once, and each used to ask the book service again. Concurrent requests
 * share one call; answers (and "not found") are kept `ttlMs`; failures other than an answer are not kept.
 *
 * Why a TTL is safe here: no event tells the gateway of a book change (privacy, password, disabling, a new revision).
 * The gateway that takes the change (a POST under /api/book/) empties its memo at once; other replicas pick the change
 * up within `ttlMs` at most. Pages, book.json and unlock always ask afresh, so a reader
 * sees a change at the next open; and asset responses are immutable per revision anyway (browsers keep them a year),
 * so a few seconds more of serving them after a book turns private gives away nothing a reader did not already hold.
 */
export function ttlMemo<T>(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  return {
    get(key: string, load: () => Promise<T>, keep: (error: unknown) => boolean = () => false): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.value;
      const value = load();
      entries.delete(key);
      entries.set(key, { value, until: now() + options.ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      value.catch((error: unknown) => {
        if (!keep(error) && entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}

/** How long asset requests reuse a book's published answer (see ttlMemo). */
export const publishedBookTtlMs = 5_000;
