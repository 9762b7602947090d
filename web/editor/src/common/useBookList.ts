import { type Bookmark, type CatalogNode, call } from "../api.js";
import { useScreenServices } from "../screen-services.js";
import { type RevisionedListPanelProps, useRevisionedList } from "./useRevisionedList.js";

/** The book's lists saved whole at a revision, and what each holds. */
interface BookLists {
  bookmarks: Bookmark;
  catalog: CatalogNode;
}

/** A reply that carries one of the lists as stored, and its revision. */
export type BookListReply<Name extends keyof BookLists> = Record<Name, BookLists[Name][]> & { revision?: number };

/** The singular the list's save-book-… and get-book-… paths are named with. */
const pathNameOf: Record<keyof BookLists, string> = { bookmarks: "bookmark", catalog: "catalog" };

/**
 * One of the book's revisioned lists (the bookmark tabs, the contents' TOC) as `useRevisionedList` edits it:
 * opened from the book as loaded, saved whole through save-book-<list> at its revision (the list as JSON), and
 * read again through get-book-<list> after a save conflict.
 */
export function useBookList<Name extends keyof BookLists>(
  name: Name,
  { book, teamId = "0", onSaved }: RevisionedListPanelProps<BookLists[Name]>,
  savable?: (list: BookLists[Name][]) => boolean,
) {
  const { labels, notify } = useScreenServices();
  type Reply = BookListReply<Name>;
  const path = pathNameOf[name];
  return useRevisionedList<BookLists[Name], Reply>({
    stored: book[name] as BookLists[Name][],
    revision: { bookmarks: book.bookmarksRevision, catalog: book.catalogRevision }[name],
    listOf: (reply) => reply[name],
    send: (list, revision) =>
      call<Reply>(`/api/book/save-book-${path}`, {
        bookId: book.bookId,
        teamId,
        [name]: JSON.stringify(list),
        revision,
      }),
    reload: async () => {
      const current = await call<Reply>(`/api/book/get-book-${path}`, { bookId: book.bookId });
      return { value: current[name], revision: current.revision ?? 0 };
    },
    savable,
    labels,
    notify,
    onSaved,
  });
}
