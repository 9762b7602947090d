import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Waits before loading a page's picture or text again after it failed to arrive (a dropped connection, the server
 * restarting): about 30 s in all, then the page stays as it is until the reader turns back to it or reloads.
 */
export const loadRetryDelaysMs = [500, 1_000, 2_000, 4_000, 8_000, 15_000];

/**
 * The try a resource at `url` is on (0 first; a new url starts again), and `failed`, which schedules the next try:
 * a component keys its element or effect on `attempt`, so the next try is a fresh request.
 */
export function useLoadRetries(url: string | undefined): { attempt: number; failed: () => void } {
  const [tries, setTries] = useState({ url, attempt: 0 });
  const attempt = tries.url === url ? tries.attempt : 0;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const failed = useCallback(() => {
    const delay = loadRetryDelaysMs[attempt];
    if (delay === undefined) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTries({ url, attempt: attempt + 1 }), delay);
  }, [url, attempt]);
  return { attempt, failed };
}
