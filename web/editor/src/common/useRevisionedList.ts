import { useRef, useState } from "react";
import type { Labels } from "../labels.js";
import { saveAtRevision } from "../revision-save.js";
import type { Notify } from "../types.js";
import { messageOf } from "./error-message.js";

/**
 * A list the owner edits and saves whole at the revision it was loaded at (the contents' TOC, the bookmark tabs):
 * edits mark it dirty; a save goes through `saveAtRevision` (on SAVE_CONFLICT the stored list is reloaded, the
 * edit re-applied on it and sent again at the new revision); what the server answers becomes the list, its base and
 * its revision. A refusal shows the server's text. One request at a time (`busy`).
 */
export function useRevisionedList<Item, Reply extends { revision?: number }>({
  stored,
  revision,
  listOf,
  send,
  reload,
  savedText,
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
  /** Said when a save succeeded. */
  savedText: string;
  labels: Labels;
  notify: Notify;
  onSaved: (list: Item[]) => void;
}) {
  const [list, setList] = useState<Item[]>(stored);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The stored list the edit started from and its revision (sent with a save; a newer one is re-applied on). */
  const base = useRef({ base: stored, revision });

  /** Runs a request whose reply is the stored list (a save, or another change the server applies). */
  const apply = async (request: () => Promise<Reply>, said?: string) => {
    setBusy(true);
    try {
      const reply = await request();
      const saved = listOf(reply);
      base.current = { base: saved, revision: reply.revision };
      setList(saved);
      setDirty(false);
      if (said) notify(said);
      onSaved(saved);
    } catch (error) {
      notify(messageOf(error, labels), "error");
    } finally {
      setBusy(false);
    }
  };

  return {
    list,
    dirty,
    busy,
    /** An edit of the list, kept until saved. */
    edit: (next: Item[]) => {
      setList(next);
      setDirty(true);
    },
    /** Saves `mine` (the edited list unless given) at the revision it was edited at. */
    save: (mine: Item[] = list) =>
      apply(async () => (await saveAtRevision({ ...base.current, mine, send, reload })).reply, savedText),
    apply,
  };
}
