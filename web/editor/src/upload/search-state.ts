import { useEffect, useState } from "react";
import { call } from "../api.js";

/** Where a ready book's search stands (get-progress `search`): OCR may still read its scanned pages. */
export type SearchState = "preparing" | "ready" | "none";

const pollMs = 3000;

/**
 * Follows a ready upload's search (get-progress by task, every 3 s) while the server says it is being prepared;
 * undefined until the first answer or while the book is not ready.
 */
export function useSearchState(taskId: string | undefined, ready: boolean): SearchState | undefined {
  const [state, setState] = useState<SearchState | undefined>(undefined);
  useEffect(() => {
    setState(undefined);
    if (!taskId || !ready) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const progress = await call<{ search?: SearchState }>("/api/book/get-progress", { taskId });
        if (!live) return;
        setState(progress.search ?? "none");
        if (progress.search !== "preparing") return;
      } catch {
        // A passing network error: asked again below.
      }
      if (live) timer = setTimeout(() => void poll(), pollMs);
    };
    void poll();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [taskId, ready]);
  return state;
}
