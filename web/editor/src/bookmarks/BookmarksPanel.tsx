import { useRef, useState } from "react";
import { type BookInfo, type Bookmark, call } from "../api.js";
import { messageOf } from "../common/error-message.js";
import type { Labels } from "../labels.js";
import { saveAtRevision } from "../revision-save.js";
import type { Notify } from "../types.js";
import { longHex } from "./colour.js";

export function BookmarksPanel({
  book,
  labels,
  notify,
  teamId = "0",
  onSaved,
}: {
  book: BookInfo;
  labels: Labels;
  notify: Notify;
  /** The team the editor acts in (?tid). */
  teamId?: string;
  onSaved: (bookmarks: Bookmark[]) => void;
}) {
  const [bookmarks, setBookmarks] = useState<Bookmark[]>(book.bookmarks);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The stored tabs the edit started from and their revision (sent with a save; a newer one is re-applied on). */
  const stored = useRef({ base: book.bookmarks, revision: book.bookmarksRevision });
  type Saved = { bookmarks: Bookmark[]; revision?: number };

  const done = ({ bookmarks: saved, revision }: Saved) => {
    stored.current = { base: saved, revision };
    setBookmarks(saved);
    setDirty(false);
    onSaved(saved);
  };

  const add = async () => {
    setBusy(true);
    try {
      // The server applies the add rules: page = last + 1, a unique random colour or the shared one.
      const reply = await call<Saved>("/api/book/add-book-bookmark", {
        bookId: book.bookId,
        teamId,
      });
      done(reply);
    } catch (error) {
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  const save = async (list: Bookmark[]) => {
    setBusy(true);
    try {
      const { reply } = await saveAtRevision({
        ...stored.current,
        mine: list,
        send: (value, revision) =>
          call<Saved>("/api/book/save-book-bookmark", {
            bookId: book.bookId,
            teamId,
            bookmarks: JSON.stringify(value),
            revision,
          }),
        reload: async () => {
          const current = await call<Saved>("/api/book/get-book-bookmark", { bookId: book.bookId });
          return { value: current.bookmarks, revision: current.revision ?? 0 };
        },
      });
      done(reply);
      notify(labels.bookmarkSaved);
    } catch (error) {
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  const edit = (index: number, change: Partial<Bookmark>) => {
    setBookmarks(bookmarks.map((bookmark, at) => (at === index ? { ...bookmark, ...change } : bookmark)));
    setDirty(true);
  };

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
        <button type="button" className="primary" disabled={!dirty || busy} onClick={() => void save(bookmarks)}>
          {labels.save}
        </button>
      </div>
    </div>
  );
}
