import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, call, callOptional } from "../api.js";
import { RetryingImage } from "../common/RetryingImage.js";
import { gateError } from "../editor/server-truth.js";
import type { Labels } from "../labels.js";
import type { Notify, Report } from "../types.js";
import { watchConversion } from "../upload/conversion-watch.js";
import { endUpload, filesField, sendFiles, type Task } from "../upload/upload-engine.js";
import {
  deleteProblem,
  fill,
  insertFilesProblem,
  insertPosition,
  isReordered,
  movePage,
  naturalOrder,
} from "./page-order.js";
import "./pages.css";
import { pageEditRefusal } from "./role-gate.js";

interface PagesState {
  revision: number;
  pageCount: number;
  converting: boolean;
  pages: { n: number; width: number; height: number; thumb: string }[];
}

interface Edited {
  revision: number;
  pageCount: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pages panel (spec 001 'add-new-page dialog with an insert position'; delete and reorder): every edit becomes a
 * new revision on the server (services/gateway/rest/pages.md), shown here while it converts; when it is ready the
 * editor reloads the book, whose TOC, bookmarks and multimedia followed their pages.
 */
export function PagesPanel({
  bookId,
  teamId = "0",
  labels,
  notify,
  report,
  onEdited,
  messages,
}: {
  bookId: string;
  teamId?: string;
  labels: Labels;
  notify: Notify;
  report: Report;
  onEdited: () => void;
  /** The server's messages catalogue in the interface language (refusals made before sending use its texts). */
  messages?: () => Record<string, string> | null;
}) {
  const [state, setState] = useState<PagesState | null>(null);
  const [order, setOrder] = useState<number[]>([]);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [position, setPosition] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState("");
  const [busy, setBusy] = useState(false);
  const dragged = useRef<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    const loaded = await call<PagesState>("/api/book/get-pages", { bookId, teamId });
    setState(loaded);
    setOrder(naturalOrder(loaded.pageCount));
    setChosen(new Set());
    setPosition((typed) => typed || String(loaded.pageCount + 1));
    return loaded;
  }, [bookId, teamId]);

  useEffect(() => {
    load().catch(report);
  }, [load, report]);

  // In a team, the role's power codes (spec 000 §6): a role that may edit no book is told so before anything is sent.
  const [rolePowers, setRolePowers] = useState<string[] | undefined>(undefined);
  useEffect(() => {
    if (teamId === "0" || teamId === "") return;
    let live = true;
    callOptional<{ powers: string[] }>("/api/team/get-team-role-power-config", { team: teamId }).then(
      (role) => live && setRolePowers(role?.powers),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [teamId]);

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

  if (!state) return <p className="loading">{labels.loading}</p>;
  const thumbOf = (page: number) => state.pages[page - 1]?.thumb ?? "";

  return (
    <section className="pages-panel" data-testid="pages-panel" data-revision={state.revision}>
      <p className="note">{labels.pagesHint}</p>
      <fieldset className="pages-insert" disabled={busy}>
        <legend>{labels.pagesInsertTitle}</legend>
        <label>
          {labels.pagesInsertFile}
          <input
            ref={fileInput}
            type="file"
            data-testid="pages-file"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            multiple
            onChange={(event) => setFiles([...(event.target.files ?? [])])}
          />
        </label>
        <label>
          {labels.pagesInsertPosition}
          <input
            type="number"
            data-testid="pages-position"
            min={1}
            max={state.pageCount + 1}
            value={position}
            onChange={(event) => setPosition(event.target.value)}
          />
        </label>
        <button type="button" className="primary" data-testid="pages-insert" onClick={() => void insert()}>
          {labels.pagesInsert}
        </button>
      </fieldset>
      {progress || state.converting ? (
        <p role="status" className="pages-progress" data-testid="pages-progress">
          {progress || labels.pagesBusy}
        </p>
      ) : null}
      <ol className="page-list" aria-label={labels.tabPages}>
        {order.map((page, index) => (
          <li
            key={page}
            data-page={page}
            draggable={!busy}
            className={chosen.has(page) ? "chosen" : ""}
            onDragStart={() => {
              dragged.current = index;
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged.current !== null) setOrder(movePage(order, dragged.current, index));
              dragged.current = null;
            }}
          >
            <input
              type="checkbox"
              aria-label={fill(labels.pagesSelect, { n: page })}
              checked={chosen.has(page)}
              disabled={busy}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(page);
                else next.delete(page);
                setChosen(next);
              }}
            />
            {thumbOf(page) ? <RetryingImage src={thumbOf(page)} width={48} loading="lazy" /> : null}
            <span className="page-name">
              {index + 1}
              {page !== index + 1 ? ` (${fill(labels.pagesPage, { n: page })})` : ""}
            </span>
            <button
              type="button"
              aria-label={`${labels.pagesMoveUp} ${fill(labels.pagesPage, { n: page })}`}
              disabled={busy || index === 0}
              onClick={() => setOrder(movePage(order, index, index - 1))}
            >
              ↑
            </button>
            <button
              type="button"
              aria-label={`${labels.pagesMoveDown} ${fill(labels.pagesPage, { n: page })}`}
              disabled={busy || index === order.length - 1}
              onClick={() => setOrder(movePage(order, index, index + 1))}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <div className="pages-actions">
        <button type="button" data-testid="pages-delete" disabled={busy} onClick={() => void remove()}>
          {labels.pagesDelete}
        </button>
        <button
          type="button"
          data-testid="pages-save-order"
          disabled={busy || !isReordered(order)}
          onClick={() => void saveOrder()}
        >
          {labels.pagesSaveOrder}
        </button>
        <button
          type="button"
          disabled={busy || !isReordered(order)}
          onClick={() => setOrder(naturalOrder(state.pageCount))}
        >
          {labels.pagesResetOrder}
        </button>
      </div>
    </section>
  );
}
