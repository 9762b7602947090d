import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";
import { UploadProgressService, WatchPhase } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { useRef, useState } from "react";
import { ApiError, call, loginUrl, sendChunk } from "./api.js";
import type { Labels } from "./labels.js";
import type { Navigate, Notify } from "./types.js";

interface TaskFile {
  fileId: string;
  name: string;
  size: number;
  received: number;
}

interface Task {
  taskId: string;
  state: string;
  message: string;
  bookId: string;
  number: string;
  files: TaskFile[];
  partSize: number;
}

type Phase = "idle" | "uploading" | "paused" | "converting" | "ready" | "failed";

/** Chunks of at most 1 MiB: progress moves visibly and a pause takes effect quickly. */
const maxChunk = 1024 * 1024;

const fileTypeOf = (file: File) =>
  file.type || (/\.pdf$/i.test(file.name) ? "application/pdf" : /\.png$/i.test(file.name) ? "image/png" : "image/jpeg");

/**
 * The upload screen (spec 000 §2 /upload): a title and a PDF or images; the bytes go up in chunks at the server's
 * offset, then the conversion's pages come from the Connect stream WatchUpload until the book is ready.
 */
export function Upload({
  labels,
  query,
  notify,
  navigate,
}: {
  labels: Labels;
  query: { tid: string; fid: string };
  notify: Notify;
  navigate: Navigate;
}) {
  const [title, setTitle] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [phase, setPhase] = useState<Phase>("idle");
  const [bytes, setBytes] = useState({ done: 0, total: 0 });
  const [pages, setPages] = useState({ done: 0, total: 0 });
  const [messages, setMessages] = useState<{ text: string; kind: "info" | "error" }[]>([]);
  const [book, setBook] = useState<{ number: string; bookId: string } | null>(null);
  const task = useRef<Task | null>(null);
  const pausing = useRef(false);

  const say = (text: string, kind: "info" | "error" = "info") => {
    if (!text) return;
    setMessages((shown) => (shown.some((shownText) => shownText.text === text) ? shown : [...shown, { text, kind }]));
    notify(text, kind);
  };

  const fail = (error: unknown) => {
    const text = error instanceof Error ? error.message : labels.uploadFailed;
    if (error instanceof ApiError && error.code === "LOGIN_SIGNOUT") {
      window.location.assign(loginUrl(window.location));
      return;
    }
    setPhase("failed");
    say(text, "error");
  };

  /** Sends every file's remaining bytes; the server's offset is the truth. false when paused. */
  const sendFiles = async (current: Task, chosen: File[]): Promise<boolean> => {
    const total = current.files.reduce((sum, file) => sum + file.size, 0);
    const done = current.files.map((file) => file.received);
    const show = () => setBytes({ done: done.reduce((sum, value) => sum + value, 0), total });
    show();
    const chunkSize = Math.max(64 * 1024, Math.min(current.partSize || maxChunk, maxChunk));
    for (const [index, file] of current.files.entries()) {
      const source = chosen[index];
      if (!source) continue;
      let offset = file.received;
      while (offset < file.size) {
        if (pausing.current) return false;
        const url = `/api/book/upload-book-files?taskId=${encodeURIComponent(current.taskId)}&fileId=${encodeURIComponent(file.fileId)}&offset=${offset}`;
        try {
          const reply = await sendChunk<{ offset: number }>(url, source.slice(offset, offset + chunkSize));
          offset = reply.offset;
        } catch (error) {
          if (error instanceof ApiError && error.code === "UPLOAD_OFFSET_CONFLICT") {
            offset = Number((error.data as { offset?: number } | null)?.offset ?? offset);
          } else if (pausing.current) {
            return false;
          } else throw error;
        }
        done[index] = offset;
        show();
      }
    }
    return true;
  };

  /** end-upload (asking for a protected PDF's password), then the conversion's progress from the stream. */
  const finish = async (current: Task) => {
    let password: string | undefined;
    let ended: Task | undefined;
    while (!ended) {
      try {
        ended = await call<Task>("/api/book/end-upload", { taskId: current.taskId, password });
      } catch (error) {
        if (error instanceof ApiError && ["PDF_PASSWORD_REQUIRED", "PDF_PASSWORD_INCORRECT"].includes(error.code)) {
          const answer = window.prompt(error.message);
          if (answer === null) throw error;
          password = answer;
        } else throw error;
      }
    }
    say(ended.message);
    setBook({ number: ended.number, bookId: ended.bookId });
    setPhase("converting");
    const client = createClient(UploadProgressService, createConnectTransport({ baseUrl: window.location.origin }));
    for await (const update of client.watchUpload({ taskId: current.taskId })) {
      if (update.pages) setPages({ done: Number(update.pages.done), total: Number(update.pages.total) });
      if (update.phase === WatchPhase.READY) {
        setPhase("ready");
        return;
      }
      if (update.phase === WatchPhase.FAILED) {
        setPhase("failed");
        say(update.message || labels.uploadFailed, "error");
        return;
      }
    }
  };

  const run = async (current: Task, chosen: File[]) => {
    setPhase("uploading");
    if (!(await sendFiles(current, chosen))) {
      setPhase("paused");
      return;
    }
    await finish(current);
  };

  const start = async () => {
    setMessages([]);
    if (!title.trim()) return say(labels.titleRequired, "error");
    if (files.length === 0) return say(labels.noFile, "error");
    pausing.current = false;
    setPhase("uploading");
    setPages({ done: 0, total: 0 });
    const fields = {
      title: title.trim(),
      teamId: query.tid,
      folderId: query.fid,
      files: JSON.stringify(files.map((file) => ({ name: file.name, size: file.size, type: fileTypeOf(file) }))),
    };
    try {
      let begun: Task;
      try {
        begun = await call<Task>("/api/book/begin-upload", fields);
      } catch (error) {
        // Spec 000 §5: images over 10 MB ask whether to skip them.
        if (!(error instanceof ApiError && error.code === "IMAGE_OVER_SIZE")) throw error;
        const skip = window.confirm(error.message);
        begun = await call<Task>("/api/book/begin-upload", { ...fields, largeImages: skip ? "skip" : "continue" });
      }
      task.current = begun;
      say(begun.message);
      await run(begun, files);
    } catch (error) {
      fail(error);
    }
  };

  const pause = async () => {
    const current = task.current;
    if (!current) return;
    pausing.current = true;
    try {
      await call("/api/book/operate-book", { taskId: current.taskId, operate: "pause" });
      setPhase("paused");
    } catch (error) {
      fail(error);
    }
  };

  const resume = async () => {
    const current = task.current;
    if (!current) return;
    pausing.current = false;
    try {
      await call("/api/book/operate-book", { taskId: current.taskId, operate: "continue" });
      // Where the server stands now: its offsets are the truth.
      const progress = await call<{ task: Task }>("/api/book/get-progress", { taskId: current.taskId });
      task.current = { ...current, files: progress.task.files };
      await run(task.current, files);
    } catch (error) {
      fail(error);
    }
  };

  const percent = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);
  const busy = phase === "uploading" || phase === "converting";
  const phaseLabel: Record<Phase, string> = {
    idle: "",
    uploading: labels.uploading,
    paused: labels.paused,
    converting: labels.converting,
    ready: labels.ready,
    failed: labels.failed,
  };

  return (
    <main className="upload">
      <h1>{labels.titleUpload}</h1>
      <form
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
        <label className="dropzone">
          <span>{labels.chooseFiles}</span>
          <input
            type="file"
            accept=".pdf,application/pdf,.jpg,.jpeg,.png,image/jpeg,image/png"
            multiple
            disabled={busy}
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          />
          {files.length > 0 ? (
            <ul className="chosen">
              {files.map((file) => (
                <li key={file.name}>
                  {file.name} · {(file.size / 1024).toFixed(0)} KB
                </li>
              ))}
            </ul>
          ) : null}
        </label>
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || phase === "paused"}>
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
        </div>
      </form>
      {phase !== "idle" ? (
        <section className="progress" aria-label={labels.uploading}>
          <p data-testid="upload-phase" data-phase={phase}>
            {phaseLabel[phase]}
          </p>
          <div
            className="bar"
            role="progressbar"
            aria-label={labels.bytes}
            aria-valuenow={percent(bytes.done, bytes.total)}
          >
            <div style={{ width: `${percent(bytes.done, bytes.total)}%` }} />
          </div>
          <p data-testid="upload-bytes">
            {bytes.done.toLocaleString()} / {bytes.total.toLocaleString()} {labels.bytes}
          </p>
          {phase === "converting" || phase === "ready" || pages.total > 0 ? (
            <>
              <div
                className="bar"
                role="progressbar"
                aria-label={labels.pages}
                aria-valuenow={percent(pages.done, pages.total)}
              >
                <div style={{ width: `${percent(pages.done, pages.total)}%` }} />
              </div>
              <p data-testid="upload-pages">
                {pages.done} / {pages.total || "?"} {labels.pages}
              </p>
            </>
          ) : null}
          {phase === "ready" && book ? (
            <button type="button" className="primary" onClick={() => navigate("/editor", { num: book.number })}>
              {labels.openEditor}
            </button>
          ) : null}
        </section>
      ) : null}
      {messages.length > 0 ? (
        <ul className="messages">
          {messages.map((message) => (
            <li key={message.text} className={message.kind === "error" ? "error-text" : ""}>
              {message.text}
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
