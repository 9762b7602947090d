import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { call, formBody } from "../api.js";
import { type BookLock, isReadOnly, lockChannelName, lockRefreshMs, tabSessionId } from "./editing-lock.js";

/**
 * The book's editing lock (`editing-lock.ts`): taken when the editor opens the book, from the same user's older
 * session at once (`takeOver`), and refreshed every minute and whenever the tab comes back into view; given up on
 * pagehide (a beacon, which outlives a closing tab) and when the app leaves the editor's route. A tab that takes the
 * lock tells this browser's other tabs of the book (a BroadcastChannel), so an older tab turns read-only at once
 * rather than at its next refresh. Answers the lock as last seen, whether this tab is read-only under another
 * session's lock, and `takeBack` (the read-only notice's "edit here").
 */
export function useEditLock(bookId: string): { lock: BookLock | null; readOnly: boolean; takeBack: () => void } {
  const sessionId = useMemo(() => {
    try {
      return tabSessionId(window.sessionStorage);
    } catch {
      return tabSessionId(undefined);
    }
  }, []);
  const [lock, setLock] = useState<BookLock | null>(null);
  const takeRef = useRef<(takeOver: boolean) => Promise<void>>(async () => undefined);

  useEffect(() => {
    let live = true;
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(lockChannelName);
    const take = (takeOver: boolean) =>
      call<BookLock>("/api/book/get-book-lock", { bookId, sessionId, takeOver: takeOver ? "1" : undefined }).then(
        (answer) => {
          if (!live) return;
          setLock(answer);
          if (takeOver && answer.mine) channel?.postMessage({ bookId, sessionId });
        },
        // The lock is advisory: a failed refresh leaves the editor as it was rather than toasting every minute.
        () => undefined,
      );
    takeRef.current = take;
    // Opening the editor: this user's newer tab edits, the older one turns read-only.
    void take(true);
    const timer = setInterval(() => void take(false), lockRefreshMs);
    const onChannel = (event: MessageEvent<{ bookId?: string; sessionId?: string }>) => {
      if (event.data?.bookId === bookId && event.data.sessionId !== sessionId) void take(false);
    };
    channel?.addEventListener("message", onChannel);
    const onVisible = () => {
      if (document.visibilityState === "visible") void take(false);
    };
    document.addEventListener("visibilitychange", onVisible);
    // A beacon is sent even as the tab closes; keepalive fetch where beacons are refused. Same form encoding as
    // every other call.
    const release = () => {
      const fields = formBody({ bookId, sessionId, release: "1" });
      const beacon = new Blob([fields], { type: "application/x-www-form-urlencoded" });
      if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon("/api/book/get-book-lock", beacon)) return;
      fetch("/api/book/get-book-lock", {
        method: "POST",
        keepalive: true,
        credentials: "same-origin",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: fields,
      }).catch(() => undefined);
    };
    // Back from the back/forward cache: ask again (without taking over a tab that opened meanwhile).
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void take(false);
    };
    window.addEventListener("pagehide", release);
    window.addEventListener("pageshow", onShow);
    // Leaving the page or the editor's route gives the lock up; a remount on the same route (a language switch)
    // keeps this tab's session and refreshes it, where a release racing the new mount's take could free the book.
    return () => {
      live = false;
      clearInterval(timer);
      channel?.removeEventListener("message", onChannel);
      channel?.close();
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("pagehide", release);
      window.removeEventListener("pageshow", onShow);
      if (!window.location.pathname.endsWith("/editor")) release();
    };
  }, [bookId, sessionId]);

  const takeBack = useCallback(() => void takeRef.current(true), []);
  return { lock, readOnly: isReadOnly(lock), takeBack };
}
