import { type DomainError, storedText } from "@turnleaf/kit";
import type { UploadTaskDocument } from "../../data/upload-task.schema.js";
import { State } from "../../domain/task-state.js";
import type { UploadDeskDependencies } from "./desk-dependencies.js";
import { enter } from "./task-records.js";

/** How a task stops or waits: failing it for good, handing it back to the user, discarding what it stored. */

/** Fails the task for good with a check's message; the same message answers every later completion. */
export async function fail(deps: UploadDeskDependencies, task: UploadTaskDocument, error: DomainError): Promise<never> {
  const outcome = await deps.outcomes.decide(task._id, "failed", deps.now());
  if (outcome === "failed") {
    await discard(deps, task);
    await enter(deps, task, State.FAILED, { message: storedText(error), failureCode: error.restCode });
  }
  throw error;
}

/** Back to uploading: completion waits for something the user can give (a PDF's password). */
export async function waitForUser(
  deps: UploadDeskDependencies,
  task: UploadTaskDocument,
  error: DomainError,
): Promise<never> {
  await enter(deps, task, State.UPLOADING, { message: storedText(error) });
  throw error;
}

/** Removes what an unfinished task stored: open multipart uploads, parked tails, its objects and writes. */
export async function discard(deps: UploadDeskDependencies, task: UploadTaskDocument): Promise<void> {
  // Only a completion takes a book's slot: a task that stops while completing may hold one.
  if (task.state === State.COMPLETING) await deps.allowance.releaseBook(taskAsker(task));
  for (const file of task.files) {
    if (file.multipartUploadId) await deps.store.abortMultipart(file.key, file.multipartUploadId);
  }
  await deps.store.removePrefix(`tmp/${task._id}/`);
  // A reconversion's objects belong to the upload it reconverts.
  if (!task.reconvertOf) await deps.store.removePrefix(`uploads/${task._id}/`);
  await deps.writes.deleteForTask(task._id);
}

export function taskAsker(task: UploadTaskDocument) {
  return {
    userId: task.userId,
    teamId: task.teamId,
    folderId: task.folderId,
    folderType: task.folderType ?? 1,
    bookId: task.bookId,
    taskId: task._id,
    nonProductHost: task.nonProductHost ?? false,
  };
}
