import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Waits before loading a page's picture or text again after it failed to arrive (a dropped connection, the server
 * restarting): about 30 s in all, then the page stays as it is until the reader turns back to it or reloads.
 */
const loadRetryDelaysMs = [500, 1_000, 2_000, 4_000, 8_000, 15_000];

/**
 * The try a resource is on (0 first; another resource, e.g. a new url, starts again), and `failed`, which schedules
 * the next try: a component keys its element or effect on `attempt`, so the next try is a fresh request.
 */
export function useLoadRetries(resource: unknown): { attempt: number; failed: () => void } {
  const [tries, setTries] = useState({ resource, attempt: 0 });
  const attempt = tries.resource === resource ? tries.attempt : 0;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const failed = useCallback(() => {
    const delay = loadRetryDelaysMs[attempt];
    if (delay === undefined) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTries({ resource, attempt: attempt + 1 }), delay);
  }, [resource, attempt]);
  return { attempt, failed };
}
