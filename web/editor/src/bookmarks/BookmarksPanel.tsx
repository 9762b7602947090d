import { type Bookmark, call } from "../api.js";
import { ListSaveStatus } from "../common/ListSaveStatus.js";
import { type BookListReply, useBookList } from "../common/useBookList.js";
import type { RevisionedListPanelProps } from "../common/useRevisionedList.js";
import { useScreenServices } from "../screen-services.js";
import { longHex } from "./colour.js";

/**
 * The bookmark tabs (add-book-bookmark, the server's add rules; save-book-bookmark at the list's revision,
 * `useRevisionedList`): caption, page, colours, saved by themselves a moment after an edit; a deletion is saved at
 * once. A new tab is captioned in the interface language.
 */
export function BookmarksPanel(props: RevisionedListPanelProps<Bookmark>) {
  const { book, teamId = "0" } = props;
  const { labels } = useScreenServices();
  const { list: bookmarks, dirty, busy, state, edit: editList, save, apply } = useBookList("bookmarks", props);

  // The server applies the add rules: page = last + 1, a unique random colour or the shared one; the caption is
  // the catalogue's default in the interface language (the server's "bookmark" is for callers that name none).
  const add = async () => {
    // An edit still waiting for its autosave goes first, so the add's reply does not replace it.
    if (dirty) await save();
    await apply(() =>
      call<BookListReply<"bookmarks">>("/api/book/add-book-bookmark", {
        bookId: book.bookId,
        teamId,
        caption: labels.bookmarkDefaultCaption,
      }),
    );
  };

  const edit = (index: number, change: Partial<Bookmark>) =>
    editList(bookmarks.map((bookmark, at) => (at === index ? { ...bookmark, ...change } : bookmark)));

  return (
    <div className="panel">
      {bookmarks.length === 0 ? <p className="note">{labels.bookmarksEmpty}</p> : null}
      <ul className="bookmarks" aria-label={labels.tabBookmarks}>
        {bookmarks.map((bookmark, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: bookmarks are identified by their place
          <li key={index} className="bookmark">
            <span className="swatch" style={{ background: bookmark.colour, color: bookmark.fontColour }}>
              {index + 1}
            </span>
            <input
              aria-label={`${labels.bookmarkCaption} ${index + 1}`}
              value={bookmark.caption}
              onChange={(event) => edit(index, { caption: event.target.value })}
            />
            <input
              type="number"
              min={1}
              className="page-input"
              aria-label={`${labels.page} ${index + 1}`}
              value={bookmark.page}
              onChange={(event) => edit(index, { page: Number(event.target.value) || 1 })}
            />
            {/* Spec 001 "Bookmark": background colour and text (font) colour are the owner's to choose. */}
            <input
              type="color"
              aria-label={`${labels.bookmarkColour} ${index + 1}`}
              value={longHex(bookmark.colour, "#1e90ff")}
              onChange={(event) => edit(index, { colour: event.target.value })}
            />
            <input
              type="color"
              aria-label={`${labels.bookmarkFontColour} ${index + 1}`}
              value={longHex(bookmark.fontColour, "#ffffff")}
              onChange={(event) => edit(index, { fontColour: event.target.value })}
            />
            <button
              type="button"
              className="icon"
              aria-label={`${labels.delete} ${index + 1}`}
              title={labels.delete}
              disabled={busy}
              onClick={() => void save(bookmarks.filter((_, at) => at !== index))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => void add()}>
          {labels.addBookmark}
        </button>
      </div>
      <ListSaveStatus state={state} />
    </div>
  );
}
