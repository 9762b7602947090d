import { useEffect, useMemo, useState } from "react";
import { call, formBody } from "../api.js";
import { type BookLock, isReadOnly, lockRefreshMs, tabSessionId } from "./editing-lock.js";

/**
 * The book's editing lock (`editing-lock.ts`): taken when the editor opens the book and every minute, given up on
 * pagehide and when the app leaves the editor's route. Answers the lock as last seen and whether this tab is
 * read-only under another session's lock.
 */
export function useEditLock(bookId: string): { lock: BookLock | null; readOnly: boolean } {
  const sessionId = useMemo(() => {
    try {
      return tabSessionId(window.sessionStorage);
    } catch {
      return tabSessionId(undefined);
    }
  }, []);
  const [lock, setLock] = useState<BookLock | null>(null);

  useEffect(() => {
    let live = true;
    const take = () =>
      call<BookLock>("/api/book/get-book-lock", { bookId, sessionId }).then(
        (answer) => {
          if (live) setLock(answer);
        },
        // The lock is advisory: a failed refresh leaves the editor as it was rather than toasting every minute.
        () => undefined,
      );
    void take();
    const timer = setInterval(take, lockRefreshMs);
    // keepalive lets the request outlive the page; the same form encoding as every other call.
    const release = () => {
      fetch("/api/book/get-book-lock", {
        method: "POST",
        keepalive: true,
        credentials: "same-origin",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: formBody({ bookId, sessionId, release: "1" }),
      }).catch(() => undefined);
    };
    window.addEventListener("pagehide", release);
    // Leaving the page or the editor's route gives the lock up; a remount on the same route (a language switch)
    // keeps this tab's session and refreshes it, where a release racing the new mount's take could free the book.
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener("pagehide", release);
      if (!window.location.pathname.endsWith("/editor")) release();
    };
  }, [bookId, sessionId]);

  return { lock, readOnly: isReadOnly(lock) };
}
