import { ApiError, call, type Fields, sendChunk } from "../api.js";
import { type RetryPolicy, reconnectPolicy, untilReached } from "../retry.js";
import { mediaTypeOf } from "./upload-formats.js";

/**
 * One upload as the gateway runs it (services/gateway README, upload paths): begin-upload, the bytes in chunks at
 * the server's offset, end-upload; then the conversion's pages come from the Connect stream WatchUpload
 * (conversion-watch.ts). No React: the single and the batch upload screens drive it.
 */
export interface TaskFile {
  fileId: string;
  name: string;
  size: number;
  received: number;
}

export interface Task {
  taskId: string;
  state: string;
  message: string;
  bookId: string;
  number: string;
  files: TaskFile[];
  partSize: number;
}

/** Chunks of at most 1 MiB: progress moves visibly and a pause takes effect quickly. */
const maxChunk = 1024 * 1024;

export const fileTypeOf = (file: File) => file.type || mediaTypeOf(file.name) || "image/jpeg";

export const filesField = (files: File[]) =>
  JSON.stringify(files.map((file) => ({ name: file.name, size: file.size, type: fileTypeOf(file) })));

/**
 * Spec 000 §6: zero points or an expired VIP plan: the upload goes on only after the user confirms the warning.
 * A task just begun carries no message but that warning (the server's text, in the interface language).
 */
export const isUnpaidWarning = (message: string) => message.trim() !== "";

/** begin-upload; images over 10 MB ask whether to skip them (spec 000 §5) and the call is made again. */
export async function beginUpload(fields: Fields, askSkipLargeImages: (text: string) => boolean): Promise<Task> {
  try {
    return await call<Task>("/api/book/begin-upload", fields);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "IMAGE_OVER_SIZE")) throw error;
    const skip = askSkipLargeImages(error.message);
    return call<Task>("/api/book/begin-upload", { ...fields, largeImages: skip ? "skip" : "continue" });
  }
}

/**
 * Sends every file's remaining bytes; the server's offset is the truth. A chunk that does not reach the server (a
 * gateway restarting) is sent again after a wait, at the same offset: a part the server kept answers
 * UPLOAD_OFFSET_CONFLICT with where to go on. false when paused.
 */
export async function sendFiles(
  task: Task,
  chosen: File[],
  onBytes: (done: number, total: number) => void,
  pausing: () => boolean,
  retry: RetryPolicy = reconnectPolicy,
): Promise<boolean> {
  const total = task.files.reduce((sum, file) => sum + file.size, 0);
  const done = task.files.map((file) => file.received);
  const show = () =>
    onBytes(
      done.reduce((sum, value) => sum + value, 0),
      total,
    );
  show();
  const chunkSize = Math.max(64 * 1024, Math.min(task.partSize || maxChunk, maxChunk));
  for (const [index, file] of task.files.entries()) {
    const source = chosen[index];
    if (!source) continue;
    let offset = file.received;
    while (offset < file.size) {
      if (pausing()) return false;
      const url = `/api/book/upload-book-files?taskId=${encodeURIComponent(task.taskId)}&fileId=${encodeURIComponent(file.fileId)}&offset=${offset}`;
      const chunk = source.slice(offset, offset + chunkSize);
      try {
        const reply = await untilReached(() => sendChunk<{ offset: number }>(url, chunk), retry, pausing);
        offset = reply.offset;
      } catch (error) {
        if (error instanceof ApiError && error.code === "UPLOAD_OFFSET_CONFLICT") {
          offset = Number((error.data as { offset?: number } | null)?.offset ?? offset);
        } else if (pausing()) {
          return false;
        } else throw error;
      }
      done[index] = offset;
      show();
    }
  }
  return true;
}

/**
 * end-upload, asking for a protected PDF's password while the server asks for one. A call that does not reach the
 * server is made again after a wait (end-upload of a completed task answers the task as it is).
 */
export async function endUpload(
  task: Task,
  askPassword: (text: string) => string | null,
  retry: RetryPolicy = reconnectPolicy,
): Promise<Task> {
  let password: string | undefined;
  for (;;) {
    try {
      const fields = { taskId: task.taskId, password };
      return await untilReached(() => call<Task>("/api/book/end-upload", fields), retry);
    } catch (error) {
      if (!(error instanceof ApiError && ["PDF_PASSWORD_REQUIRED", "PDF_PASSWORD_INCORRECT"].includes(error.code)))
        throw error;
      const answer = askPassword(error.message);
      if (answer === null) throw error;
      password = answer;
    }
  }
}

/** Where the server stands after a pause: its offsets are the truth. */
export async function resumeUpload(task: Task): Promise<Task> {
  await call("/api/book/operate-book", { taskId: task.taskId, operate: "continue" });
  const progress = await call<{ task: Task }>("/api/book/get-progress", { taskId: task.taskId });
  return { ...task, files: progress.task.files };
}

export const pauseUpload = (task: Task) => call("/api/book/operate-book", { taskId: task.taskId, operate: "pause" });
export const cancelUpload = (task: Task) => call("/api/book/operate-book", { taskId: task.taskId, operate: "cancel" });

/** Spec 000 §5: a page range like 1,5-8,20, not empty when given. */
export function isPageRange(text: string): boolean {
  return /^\s*\d+(\s*-\s*\d+)?(\s*,\s*\d+(\s*-\s*\d+)?)*\s*$/.test(text);
}

/** A batch-uploaded book's title: its file name without the extension. */
export const titleOfFile = (name: string) => name.replace(/\.[^.]+$/, "").trim() || name;
