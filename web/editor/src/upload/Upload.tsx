import { useEffect, useRef, useState } from "react";
import { BuyOffer } from "../account/BuyOffer.js";
import { call, type ReadyConfig } from "../api.js";
import { FolderTypeChoice } from "../bookcase/FolderTypeChoice.js";
import type { FolderType } from "../bookcase/model.js";
import { Check } from "../common/Check.js";
import type { Labels } from "../labels.js";
import type { Query } from "../route.js";
import { ShareDialog } from "../share/ShareDialog.js";
import type { Navigate, Notify, Report } from "../types.js";
import { ConversionFields } from "./ConversionFields.js";
import { type Conversion, conversionFields, conversionFromMeta, defaultConversion } from "./conversion.js";
import { watchConversion } from "./conversion-watch.js";
import { FileDropzone } from "./FileDropzone.js";
import { useSearchState } from "./search-state.js";
import { type Phase, UploadProgress } from "./UploadProgress.js";
import {
  beginUpload,
  cancelUpload,
  endUpload,
  filesField,
  isPageRange,
  isUnpaidWarning,
  pauseUpload,
  resumeUpload,
  sendFiles,
  type Task,
} from "./upload-engine.js";
import { logUploadError } from "./upload-log.js";

/**
 * The upload screen (spec 000 §2 /upload, and /convert 'book creation'): a title and a PDF or images, an
 * optional book to overwrite and the conversion settings; the bytes go up in chunks at the server's offset,
 * then the conversion's pages come from the Connect stream until the book is ready. /convert with a book number
 * also converts that book again.
 */
export function Upload({
  mode,
  labels,
  query,
  bookId,
  notify,
  report,
  navigate,
}: {
  mode: "upload" | "convert";
  labels: Labels;
  query: Query;
  /** The ready-config's book (a number in the query): the default book to overwrite or reconvert. */
  bookId: string;
  notify: Notify;
  report: Report;
  navigate: Navigate;
}) {
  const [title, setTitle] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>("idle");
  const [bytes, setBytes] = useState({ done: 0, total: 0 });
  const [pages, setPages] = useState({ done: 0, total: 0 });
  const [messages, setMessages] = useState<{ text: string; kind: "info" | "error" }[]>([]);
  const [book, setBook] = useState<{ number: string; bookId: string } | null>(null);
  /** The task whose conversion is watched (its search state is asked once the book is ready). */
  const [watchedTask, setWatchedTask] = useState<string | undefined>(undefined);
  // /convert with a book (the bookcase's 'replace content'): new content overwrites that book unless unticked.
  const [overwrite, setOverwrite] = useState(mode === "convert" && bookId !== "");
  const [folderType, setFolderType] = useState<FolderType>(1);
  // The book to overwrite by its number (what owners see); begin-upload takes its id, asked of get-ready-config.
  const [overwriteNumber, setOverwriteNumber] = useState(bookId ? query.num : "");
  const [autoOpen, setAutoOpen] = useState(false);
  const [conversion, setConversion] = useState<Conversion>(defaultConversion);
  const [sharing, setSharing] = useState(false);
  // An unpaid upload was warned of: the screen offers to buy points or VIP.
  const [unpaid, setUnpaid] = useState(false);
  const task = useRef<Task | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pausing = useRef(false);

  // The form starts from the user's saved creation preferences (get-user-meta); the defaults stay without them.
  useEffect(() => {
    let live = true;
    call<unknown>("/api/user/get-user-meta").then(
      (meta) => {
        if (live) setConversion((current) => (current === defaultConversion ? conversionFromMeta(meta) : current));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const say = (text: string, kind: "info" | "error" = "info") => {
    if (!text) return;
    setMessages((shown) => (shown.some((shownText) => shownText.text === text) ? shown : [...shown, { text, kind }]));
    notify(text, kind);
  };

  const fail = (error: unknown, stage: Parameters<typeof logUploadError>[0] = "send") => {
    logUploadError(stage, error, { taskId: task.current?.taskId, files });
    setPhase("failed");
    const text = error instanceof Error ? error.message : labels.uploadFailed;
    setMessages((shown) => [...shown, { text, kind: "error" }]);
    report(error);
  };

  const watch = async (current: Task) => {
    const ended = await endUpload(current, (text) => window.prompt(text));
    say(ended.message);
    setBook({ number: ended.number, bookId: ended.bookId });
    setPhase("converting");
    setWatchedTask(current.taskId);
    const outcome = await watchConversion(current.taskId, (done, total) => setPages({ done, total }));
    if (outcome.ready) {
      setPhase("ready");
      if (autoOpen) navigate("/editor", { ...tidFid(), num: ended.number });
    } else {
      setPhase("failed");
      const text = outcome.message || labels.uploadFailed;
      logUploadError("convert", new Error(text), { taskId: current.taskId, files });
      say(text, "error");
    }
  };

  const run = async (current: Task) => {
    setPhase("uploading");
    const sent = await sendFiles(
      current,
      files,
      (done, total) => setBytes({ done, total }),
      () => pausing.current,
    );
    if (!sent) {
      setPhase("paused");
      return;
    }
    await watch(current);
  };

  const tidFid = (): Record<string, string> =>
    query.tid !== "0" || query.fid !== "0" ? { tid: query.tid, fid: query.fid } : {};

  const overwrittenBookId = async () =>
    (
      await call<ReadyConfig>("/api/book/get-ready-config", {
        teamId: query.tid,
        folderId: query.fid,
        number: overwriteNumber.trim(),
      })
    ).bookId;

  const start = async () => {
    setMessages([]);
    setUnpaid(false);
    if (!title.trim()) return say(labels.titleRequired, "error");
    if (files.length === 0) return say(labels.noFile, "error");
    if (overwrite && !overwriteNumber.trim()) return say(labels.overwriteRequired, "error");
    if (conversion.range.trim() && !isPageRange(conversion.range)) return say(labels.pageRangeInvalid, "error");
    pausing.current = false;
    task.current = null;
    setPhase("uploading");
    setPages({ done: 0, total: 0 });
    try {
      const begun = await beginUpload(
        {
          title: title.trim(),
          teamId: query.tid,
          folderId: query.fid,
          files: filesField(files),
          ...conversionFields(conversion),
          ...(overwrite ? { overwrite: "1", bookId: await overwrittenBookId() } : { folderType }),
        },
        (text) => window.confirm(text),
      );
      task.current = begun;
      if (isUnpaidWarning(begun.message)) {
        // Spec 001 §4: an unpaid upload goes on only after the warning is confirmed; either way it offers to buy.
        setUnpaid(true);
        setMessages([{ text: begun.message, kind: "info" }]);
        if (!window.confirm(`${begun.message}\n${labels.unpaidConfirm}`)) {
          await cancelUpload(begun);
          setPhase("idle");
          return;
        }
      } else say(begun.message);
      await run(begun);
    } catch (error) {
      if (task.current) fail(error);
      else {
        // Refused before any task existed: nothing is in progress.
        logUploadError("begin", error, { files });
        setPhase("idle");
        setMessages((shown) => [
          ...shown,
          { text: error instanceof Error ? error.message : labels.uploadFailed, kind: "error" },
        ]);
        report(error);
      }
    }
  };

  const pause = async () => {
    const current = task.current;
    if (!current) return;
    pausing.current = true;
    try {
      await pauseUpload(current);
      setPhase("paused");
    } catch (error) {
      fail(error, "pause");
    }
  };

  const resume = async () => {
    const current = task.current;
    if (!current) return;
    pausing.current = false;
    try {
      task.current = await resumeUpload(current);
      await run(task.current);
    } catch (error) {
      fail(error, "resume");
    }
  };

  const reconvert = async () => {
    setMessages([]);
    setPhase("converting");
    setPages({ done: 0, total: 0 });
    try {
      const begun = await call<Task>("/api/book/reconvert-book-multi", { bookId, teamId: query.tid });
      task.current = begun;
      say(begun.message);
      setBook({ number: query.num, bookId });
      setWatchedTask(begun.taskId);
      const outcome = await watchConversion(begun.taskId, (done, total) => setPages({ done, total }));
      setPhase(outcome.ready ? "ready" : "failed");
      if (!outcome.ready) {
        logUploadError("reconvert", new Error(outcome.message || labels.uploadFailed), { taskId: begun.taskId });
        say(outcome.message || labels.uploadFailed, "error");
      }
    } catch (error) {
      fail(error, "reconvert");
    }
  };

  const busy = phase === "uploading" || phase === "converting";
  const search = useSearchState(watchedTask, phase === "ready");
  // A finished upload disarms 上传 (a second click would make a duplicate book) until "upload another".
  const done = phase === "ready";

  const another = () => {
    setTitle("");
    setFiles([]);
    setPhase("idle");
    setBytes({ done: 0, total: 0 });
    setPages({ done: 0, total: 0 });
    setMessages([]);
    setUnpaid(false);
    setBook(null);
    task.current = null;
    formRef.current?.reset();
  };

  return (
    <main className="upload">
      <div className="upload-head">
        <h1>{mode === "convert" ? labels.titleConvert : labels.titleUpload}</h1>
        {mode === "upload" ? (
          <button type="button" className="link-button" onClick={() => navigate("/batch-upload", tidFid())}>
            {labels.batchUpload}
          </button>
        ) : null}
      </div>
      <form
        ref={formRef}
        className="upload-form"
        onSubmit={(event) => {
          event.preventDefault();
          void start();
        }}
      >
        <label className="field">
          <span>{labels.bookTitle}</span>
          <input value={title} onChange={(event) => setTitle(event.target.value)} disabled={busy} maxLength={200} />
        </label>
        <FileDropzone labels={labels} disabled={busy} onChoose={setFiles}>
          {files.length > 0 ? (
            <ul className="chosen">
              {files.map((file) => (
                <li key={file.name}>
                  {file.name} · {(file.size / 1024).toFixed(0)} KB
                </li>
              ))}
            </ul>
          ) : null}
        </FileDropzone>
        {overwrite ? null : (
          <FolderTypeChoice labels={labels} value={folderType} onChange={setFolderType} disabled={busy} />
        )}
        <Check label={labels.overwrite} checked={overwrite} disabled={busy} onChange={setOverwrite} />
        {overwrite ? (
          <label className="field">
            <span>{labels.overwriteBook}</span>
            <input
              value={overwriteNumber}
              disabled={busy}
              onChange={(event) => setOverwriteNumber(event.target.value)}
            />
          </label>
        ) : null}
        <Check label={labels.autoOpen} checked={autoOpen} disabled={busy} onChange={setAutoOpen} />
        {mode === "convert" ? (
          <ConversionFields labels={labels} value={conversion} onChange={setConversion} disabled={busy} />
        ) : (
          <details>
            <summary>{labels.conversionSettings}</summary>
            <ConversionFields labels={labels} value={conversion} onChange={setConversion} disabled={busy} />
          </details>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || done || phase === "paused"}>
            {labels.upload}
          </button>
          {phase === "uploading" ? (
            <button type="button" onClick={() => void pause()}>
              {labels.pause}
            </button>
          ) : null}
          {phase === "paused" ? (
            <button type="button" className="primary" onClick={() => void resume()}>
              {labels.continue}
            </button>
          ) : null}
          {mode === "convert" && bookId ? (
            <button type="button" disabled={busy} onClick={() => void reconvert()}>
              {labels.reconvert}
            </button>
          ) : null}
        </div>
      </form>
      <UploadProgress
        phase={phase}
        bytes={bytes}
        pages={pages}
        messages={messages}
        labels={labels}
        onOpen={book ? () => navigate("/editor", { ...tidFid(), num: book.number }) : undefined}
        readLink={book ? `/b/${encodeURIComponent(book.number)}` : undefined}
        onShare={book ? () => setSharing(true) : undefined}
        onAnother={another}
        searchPreparing={search === "preparing"}
      />
      {unpaid ? <BuyOffer labels={labels} lang={query.lang} notify={notify} report={report} /> : null}
      {sharing && book ? (
        <ShareDialog
          bookId={book.bookId}
          number={book.number}
          enabled
          labels={labels}
          notify={notify}
          report={report}
          onClose={() => setSharing(false)}
          onManage={() => navigate("/bookcase", tidFid())}
        />
      ) : null}
    </main>
  );
}
