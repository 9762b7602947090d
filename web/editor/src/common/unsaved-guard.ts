import { useEffect, useRef } from "react";

/**
 * The editor's one saving rule (issue #35 item 8): the look, the contents and the bookmarks save by themselves as the
 * owner edits; what cannot be saved yet (a contents entry without a title) and what a Save-button panel holds unsaved
 * is "unsaved" here, and switching tabs or leaving the page asks before it is lost.
 */
const open = new Map<symbol, { pending: boolean; blocked: boolean }>();

/** A panel's state: `pending` edits not yet stored; `blocked` ones that cannot be stored as they are. */
export function markUnsaved(panel: symbol, state: { pending: boolean; blocked: boolean } | null): void {
  if (state && (state.pending || state.blocked)) open.set(panel, state);
  else open.delete(panel);
}

/** Whether leaving the panel would lose an edit (one it cannot save by itself on the way out). */
export const hasBlockedEdits = (): boolean => [...open.values()].some((state) => state.blocked);

/** Whether closing the page now would lose an edit (pending ones included: their save may not have gone out). */
export const hasPendingEdits = (): boolean => open.size > 0;

/**
 * A panel with a Save button (one deliberate act: password, languages, download, contact forms) reports its edits
 * not yet saved, so that a tab switch or leaving the page asks before they are lost.
 */
export function useUnsavedMark(edited: boolean): void {
  const panel = useRef(Symbol("panel"));
  useEffect(() => {
    const key = panel.current;
    markUnsaved(key, { pending: edited, blocked: edited });
    return () => markUnsaved(key, null);
  }, [edited]);
}
