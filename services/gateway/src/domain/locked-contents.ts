/**
 * What a locked book shows before its password (issue #35): its contents entries and bookmarks for the free pages
 * only. The titles of the protected pages are the book's text as much as the pages are, so they stay out of
 * book.json and the inline book until the reader unlocks it.
 */
interface Entry {
  page: number;
  children: Entry[];
}

/** The outline with every entry at a protected page (from `fromPage` on) removed; a free parent keeps free children. */
export function freeOutline<T extends Entry>(outline: readonly T[], fromPage: number): T[] {
  return outline.flatMap((entry) =>
    entry.page >= fromPage ? [] : [{ ...entry, children: freeOutline(entry.children as T[], fromPage) }],
  );
}

/** The bookmarks that point at free pages. */
export function freeBookmarks<T extends { page: number }>(bookmarks: readonly T[], fromPage: number): T[] {
  return bookmarks.filter((bookmark) => bookmark.page < fromPage);
}
