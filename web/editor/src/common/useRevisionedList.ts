import { useEffect, useRef, useState } from "react";
import type { BookInfo } from "../api.js";
import type { Labels } from "../labels.js";
import { saveAtRevision } from "../revision-save.js";
import type { Notify } from "../types.js";
import { messageOf } from "./error-message.js";
import { markUnsaved } from "./unsaved-guard.js";

/** How long after the last edit a list saves itself. */
export const listAutosaveMs = 700;

/** The props of a panel that edits one of the book's revisioned lists (the bookmarks, the contents). */
export interface RevisionedListPanelProps<Item> {
  book: BookInfo;
  /** The team the editor acts in (?tid): the server judges the save as its member's. */
  teamId?: string;
  onSaved: (items: Item[]) => void;
}

/** `pending`: edited, its autosave not yet sent; `unsaved`: edited and not savable as it is. */
export type ListSaveState = "waiting" | "pending" | "working" | "success" | "error" | "unsaved";

/**
 * A list the owner edits and saves whole at the revision it was loaded at (the contents' TOC, the bookmark tabs):
 * it saves by itself a moment after the last edit (`listAutosaveMs`) when `savable` says it can be stored as it is,
 * and at once when the panel closes (a tab switch); what cannot be saved yet is reported to the unsaved-changes
 * guard (`unsaved-guard.ts`). A save goes through `saveAtRevision` (on SAVE_CONFLICT the stored list is reloaded,
 * the edit re-applied on it and sent again at the new revision); what the server answers becomes the base and
 * revision, and the list too unless the owner edited on while it was under way. A refusal shows the server's text.
 */
export function useRevisionedList<Item, Reply extends { revision?: number }>({
  stored,
  revision,
  listOf,
  send,
  reload,
  savable = () => true,
  labels,
  notify,
  onSaved,
}: {
  /** The stored list the panel opened with, and its revision. */
  stored: Item[];
  revision: number | undefined;
  /** The list in a save's (or another request's) reply. */
  listOf: (reply: Reply) => Item[];
  /** Saves the whole list at a revision. */
  send: (list: Item[], revision: number | undefined) => Promise<Reply>;
  /** The stored list and revision now (after a conflict). */
  reload: () => Promise<{ value: Item[]; revision: number }>;
  /** Whether the server would take the list as it is (else it waits for the owner to complete it). */
  savable?: (list: Item[]) => boolean;
  labels: Labels;
  notify: Notify;
  onSaved: (list: Item[]) => void;
}) {
  const [list, setList] = useState<Item[]>(stored);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<Exclude<ListSaveState, "pending" | "unsaved">>("waiting");
  /** The stored list the edit started from and its revision (sent with a save; a newer one is re-applied on). */
  const base = useRef({ base: stored, revision });
  const latest = useRef({ list, dirty, busy });
  latest.current = { list, dirty, busy };
  const panel = useRef(Symbol("list"));
  /** The list a save was refused for: not sent again until the owner changes it. */
  const refused = useRef<Item[] | null>(null);
  const hooks = useRef({ send, reload, onSaved, savable });
  hooks.current = { send, reload, onSaved, savable };

  /** Runs a request whose reply is the stored list (a save, or another change the server applies). */
  const apply = async (request: () => Promise<Reply>, sent?: Item[]) => {
    setBusy(true);
    setState("working");
    try {
      const reply = await request();
      const saved = listOf(reply);
      base.current = { base: saved, revision: reply.revision };
      // Edits made while the save was under way stay (and save next); otherwise the server's list is the list.
      const editedSince = sent !== undefined && latest.current.list !== sent;
      if (!editedSince) {
        setList(saved);
        setDirty(false);
      }
      setState("success");
      hooks.current.onSaved(saved);
    } catch (error) {
      refused.current = sent ?? null;
      setState("error");
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  /** Saves `mine` (the edited list unless given) at the revision it was edited at. */
  const save = (mine: Item[] = latest.current.list) =>
    apply(
      async () =>
        (await saveAtRevision({ ...base.current, mine, send: hooks.current.send, reload: hooks.current.reload })).reply,
      mine,
    );

  const blocked = dirty && !savable(list);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `save` reads the latest list through a ref
  useEffect(() => {
    markUnsaved(panel.current, { pending: dirty, blocked });
    if (!dirty || busy || blocked || refused.current === list) return;
    const timer = setTimeout(() => void save(list), listAutosaveMs);
    return () => clearTimeout(timer);
  }, [list, dirty, busy, blocked]);

  // Closing the panel (a tab switch) saves what is pending at once; the request outlives the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on closing; the rest is read through refs
  useEffect(() => {
    const key = panel.current;
    return () => {
      markUnsaved(key, null);
      const { list: mine, dirty: pending } = latest.current;
      if (!pending || refused.current === mine || !hooks.current.savable(mine)) return;
      void saveAtRevision({ ...base.current, mine, send: hooks.current.send, reload: hooks.current.reload }).then(
        ({ reply }) => hooks.current.onSaved(listOf(reply)),
        (error: unknown) => notify(messageOf(error, labels), "error"),
      );
    };
  }, []);

  return {
    list,
    dirty,
    busy,
    /** Where the list's saving stands (the panel's status line). */
    state: (blocked ? "unsaved" : dirty && !busy && refused.current !== list ? "pending" : state) as ListSaveState,
    /** An edit of the list, saved by itself a moment later. */
    edit: (next: Item[]) => {
      setList(next);
      setDirty(true);
    },
    save,
    apply,
  };
}
