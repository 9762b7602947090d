import { randomBytes } from "node:crypto";
import { DomainError, message } from "@turnleaf/kit";
import type { UploadTaskDocument } from "../../data/upload-task.schema.js";
import { beginPath, State, walk } from "../../domain/task-state.js";
import { completeUpload } from "./complete-upload.js";
import type { TaskView, UploadDeskDependencies } from "./desk-dependencies.js";
import { announce } from "./task-records.js";

/** Reconverts the sources of a book's last completed upload into a new revision, with the same settings. */
export async function reconvert(
  deps: UploadDeskDependencies,
  userId: string,
  teamId: string,
  bookId: string,
): Promise<TaskView> {
  const source = bookId ? await deps.tasks.latestForBook(bookId, userId, State.COMPLETED) : null;
  if (!source || (source.teamId || "0") !== (teamId || "0")) {
    throw new DomainError("NOT_FOUND", message("bookNotFound"), { details: { bookId } });
  }
  await deps.allowance.assertMayUpload({ userId, teamId: source.teamId, folderId: source.folderId, bookId });
  const now = deps.now();
  const task: UploadTaskDocument = {
    ...source,
    _id: randomBytes(16).toString("base64url"),
    bookId,
    bookNumber: "",
    revision: 0,
    state: walk(State.UNSPECIFIED, beginPath),
    message: "",
    failureCode: "",
    history: beginPath.map((state) => ({ state, at: now })),
    files: source.files.map((file) => ({ ...file, multipartUploadId: "" })),
    reconvertOf: source.reconvertOf || source._id,
    expiresAt: new Date(now.getTime() + deps.settings.ttlMs),
    completedAt: null,
  };
  delete task.createdAt;
  await deps.tasks.insert(task);
  await announce(deps, task);
  return completeUpload(deps, userId, task._id, "");
}
