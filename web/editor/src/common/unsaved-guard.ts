/**
 * The editor's one saving rule (issue #35 item 8): every panel saves by itself as the owner edits (the look through
 * the save flow, the contents and bookmark lists after a short pause); what cannot be saved yet (a contents entry
 * without a title) is "unsaved" here, and switching tabs or leaving the page asks before it is lost.
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
