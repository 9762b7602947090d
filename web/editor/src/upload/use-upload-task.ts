import { useRef, useState } from "react";
import { call, type ReadyConfig } from "../api.js";
import type { Labels } from "../labels.js";
import type { Query } from "../route.js";
import type { Navigate, Notify, Report } from "../types.js";
import { conversionFields } from "./conversion.js";
import { watchConversion } from "./conversion-watch.js";
import { useSearchState } from "./search-state.js";
import type { Phase } from "./UploadProgress.js";
import { teamAndFolder, uploadFormProblem } from "./upload-checks.js";
import {
  beginUpload,
  cancelUpload,
  endUpload,
  filesField,
  isUnpaidWarning,
  pauseUpload,
  resumeUpload,
  sendFiles,
  type Task,
} from "./upload-engine.js";
import { logUploadError } from "./upload-log.js";
import type { UploadFormState } from "./use-upload-form.js";

/**
 * An upload's or reconversion's course: sending the bytes in chunks (pausable), then following the conversion's
 * pages until the book is ready, with the messages said on the way.
 */
/** What the upload screen is given besides its mode: the labels, the query, the default book and the app's reporting. */
export interface UploadContext {
  labels: Labels;
  query: Query;
  /** The ready-config's book (a number in the query): the default book to overwrite or reconvert. */
  bookId: string;
  notify: Notify;
  report: Report;
  navigate: Navigate;
}

export function useUploadTask({
  form,
  labels,
  query,
  bookId,
  notify,
  report,
  navigate,
}: UploadContext & { form: UploadFormState }) {
  const { files, conversion } = form;
  const [phase, setPhase] = useState<Phase>("idle");
  const [bytes, setBytes] = useState({ done: 0, total: 0 });
  const [pages, setPages] = useState({ done: 0, total: 0 });
  const [messages, setMessages] = useState<{ text: string; kind: "info" | "error" }[]>([]);
  const [book, setBook] = useState<{ number: string; bookId: string } | null>(null);
  /** The task whose conversion is watched (its search state is asked once the book is ready). */
  const [watchedTask, setWatchedTask] = useState<string | undefined>(undefined);
  // An unpaid upload was warned of: the screen offers to buy points or VIP.
  const [unpaid, setUnpaid] = useState(false);
  const task = useRef<Task | null>(null);
  const pausing = useRef(false);

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
      if (form.autoOpen) navigate("/editor", { ...teamAndFolder(query), num: ended.number });
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

  const overwrittenBookId = async () =>
    (
      await call<ReadyConfig>("/api/book/get-ready-config", {
        teamId: query.tid,
        folderId: query.fid,
        number: form.overwriteNumber.trim(),
      })
    ).bookId;

  const start = async () => {
    setMessages([]);
    setUnpaid(false);
    const problem = uploadFormProblem({ ...form, range: conversion.range }, labels);
    if (problem !== undefined) return say(problem, "error");
    pausing.current = false;
    task.current = null;
    setPhase("uploading");
    setPages({ done: 0, total: 0 });
    try {
      const begun = await beginUpload(
        {
          title: form.title.trim(),
          teamId: query.tid,
          folderId: query.fid,
          files: filesField(files),
          ...conversionFields(conversion),
          ...(form.overwrite ? { overwrite: "1", bookId: await overwrittenBookId() } : { folderType: form.folderType }),
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

  const search = useSearchState(watchedTask, phase === "ready");

  const reset = () => {
    setPhase("idle");
    setBytes({ done: 0, total: 0 });
    setPages({ done: 0, total: 0 });
    setMessages([]);
    setUnpaid(false);
    setBook(null);
    task.current = null;
  };

  return { phase, bytes, pages, messages, book, unpaid, search, start, pause, resume, reconvert, reset };
}
