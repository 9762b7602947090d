import { useCallback, useEffect, useRef, useState } from "react";
import { loadBook, type PageLink, type ReaderBook, unlockedOffline } from "../book.js";
import { applyMediaPreview } from "../media/media-preview.js";
import { applyPreview, listenForPreview } from "../preview.js";

/**
 * The book as it changes while it is read: a book still converting is polled until every page has landed, inside
 * the editor's preview frame settings and media items change live, and `reload` fetches it again (after unlocking).
 */
export function useLiveBook(initialBook: ReaderBook, bookUrl: string): { book: ReaderBook; reload(): Promise<void> } {
  const [book, setBook] = useState(initialBook);

  // Books still converting: poll until every page has landed; every half second while page 1 has not (its owner,
  // fresh from the upload, is waiting for it; the gateway keeps such a manifest only 200 ms), then every 2 s.
  const waitingForPageOne = book.pages.length === 0;
  useEffect(() => {
    if (book.state !== "converting") return;
    const timer = window.setInterval(
      () => {
        loadBook(bookUrl).then(setBook, () => undefined);
      },
      waitingForPageOne ? 500 : 2000,
    );
    return () => window.clearInterval(timer);
  }, [book.state, bookUrl, waitingForPageOne]);

  // Inside the editor's preview frame, settings and media items change live.
  const previewedLinks = useRef(new Map<string, { page: number; link: PageLink }>());
  useEffect(
    () =>
      listenForPreview((message) =>
        setBook((previous) => {
          const pages = applyMediaPreview(previous.pages, message.key, message.value, previewedLinks.current);
          if (pages) return { ...previous, pages };
          const settings = applyPreview(previous.settings, message);
          return settings ? { ...previous, settings } : previous;
        }),
      ),
    [],
  );

  // An offline flipbook has nothing to fetch: unlocking it shows the pages it already holds.
  const current = useRef(book);
  current.current = book;
  const reload = useCallback(async () => {
    if (current.current.lock?.offline) {
      setBook(unlockedOffline(current.current));
      return;
    }
    await loadBook(bookUrl).then(setBook, () => undefined);
  }, [bookUrl]);
  return { book, reload };
}
