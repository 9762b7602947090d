import { type RefObject, useState } from "react";
import { ApiError, call } from "../api.js";
import { gateError } from "../editor/server-truth.js";
import type { Labels } from "../labels.js";
import type { Notify, Report } from "../types.js";
import { watchConversion } from "../upload/conversion-watch.js";
import { endUpload, filesField, sendFiles, type Task } from "../upload/upload-engine.js";
import { deleteProblem, fill, insertFilesProblem, insertPosition, isReordered } from "./page-order.js";
import { pageEditRefusal } from "./role-gate.js";
import type { PagesState, PagesView } from "./use-pages-state.js";
import { useRolePowers } from "./use-role-powers.js";

interface Edited {
  revision: number;
  pageCount: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The page edits — insert files at a position, delete the chosen pages, save the new order — each one at a time,
 * refused at once when the team role may not edit, then followed until the new revision is converted.
 */
/** What the pages panel is given: the book, the team whose role rights apply, and how to report and follow edits. */
export interface PageEditsContext {
  bookId: string;
  teamId: string;
  labels: Labels;
  notify: Notify;
  report: Report;
  onEdited: () => void;
  /** The server's messages catalogue in the interface language (refusals made before sending use its texts). */
  messages?: (() => Record<string, string> | null) | undefined;
}

export function usePageEdits({
  bookId,
  teamId,
  view,
  fileInput,
  labels,
  notify,
  report,
  onEdited,
  messages,
}: PageEditsContext & { view: PagesView; fileInput: RefObject<HTMLInputElement | null> }) {
  const { state, order, chosen, position, setPosition, load } = view;
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState("");
  const [busy, setBusy] = useState(false);
  const rolePowers = useRolePowers(teamId);

  /** Waits until no conversion runs: the new revision is then the book's, or (it failed) the old one still is. */
  const settle = async (expected: number) => {
    for (;;) {
      const now = await call<PagesState>("/api/book/get-pages", { bookId, teamId });
      if (!now.converting) return now.revision === expected ? now : null;
      await pause(700);
    }
  };

  const finish = async (edited: Edited | null) => {
    const now = edited ? await settle(edited.revision) : null;
    if (now) {
      notify(fill(labels.pagesDone, { count: now.pageCount }));
      onEdited();
    } else notify(labels.pagesFailed, "error");
    await load();
  };

  const run = async (work: () => Promise<void>) => {
    if (!state || busy) return;
    if (state.converting) {
      notify(labels.pagesBusy, "error");
      return;
    }
    setBusy(true);
    try {
      const refused = pageEditRefusal(teamId, rolePowers);
      const texts = messages?.();
      if (refused && texts) throw gateError(refused, texts);
      await work();
    } catch (error) {
      // As every refusal (spec 000 §6): a role or plan limit inviting to contact support opens its confirm, the
      // rest is the 5-second message.
      report(error);
      await load().catch(() => undefined);
    } finally {
      setBusy(false);
      setProgress("");
    }
  };

  const insert = () =>
    run(async () => {
      if (!state) return;
      const problem = insertFilesProblem(files.map((file) => file.name));
      if (problem) {
        notify(problem === "none" ? labels.pagesNoFile : labels.pagesBadFile, "error");
        return;
      }
      const at = insertPosition(position, state.pageCount);
      if (at === undefined) {
        notify(fill(labels.pagesBadPosition, { last: state.pageCount + 1 }), "error");
        return;
      }
      const fields = { bookId, teamId, revision: state.revision, position: at, files: filesField(files) };
      let task: Task;
      try {
        task = await call<Task>("/api/book/insert-pages", fields);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === "IMAGE_OVER_SIZE")) throw error;
        const skip = window.confirm(error.message);
        task = await call<Task>("/api/book/insert-pages", { ...fields, largeImages: skip ? "skip" : "continue" });
      }
      await sendFiles(
        task,
        files,
        (done, total) => setProgress(fill(labels.pagesUploading, { percent: Math.floor((done * 100) / (total || 1)) })),
        () => false,
      );
      const ended = await endUpload(task, (text) => window.prompt(text));
      setProgress(fill(labels.pagesConverting, { done: 0, total: "…" }));
      const outcome = await watchConversion(ended.taskId, (done, total) =>
        setProgress(fill(labels.pagesConverting, { done, total })),
      );
      if (!outcome.ready) {
        notify(outcome.message || labels.pagesFailed, "error");
        await load();
        return;
      }
      setFiles([]);
      if (fileInput.current) fileInput.current.value = "";
      setPosition("");
      const progressed = await call<{ task: { revision: number } }>("/api/book/get-progress", {
        taskId: ended.taskId,
      });
      await finish({ revision: progressed.task.revision, pageCount: state.pageCount });
    });

  const remove = () =>
    run(async () => {
      if (!state) return;
      const problem = deleteProblem(chosen, state.pageCount);
      if (problem) {
        notify(problem === "none" ? labels.pagesNothingSelected : labels.pagesDeleteAll, "error");
        return;
      }
      if (!window.confirm(fill(labels.pagesDeleteConfirm, { count: chosen.size }))) return;
      setProgress(labels.pagesApplying);
      const edited = await call<Edited>("/api/book/delete-pages", {
        bookId,
        teamId,
        revision: state.revision,
        pages: [...chosen].sort((a, b) => a - b).join(","),
      });
      await finish(edited);
    });

  const saveOrder = () =>
    run(async () => {
      if (!state || !isReordered(order)) return;
      setProgress(labels.pagesApplying);
      const edited = await call<Edited>("/api/book/move-pages", {
        bookId,
        teamId,
        revision: state.revision,
        order: order.join(","),
      });
      await finish(edited);
    });

  return { files, setFiles, progress, busy, insert, remove, saveOrder };
}
