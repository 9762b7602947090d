import { DomainError, message } from "@turnleaf/kit";
import type { UploadTaskDocument } from "../../data/upload-task.schema.js";
import { uploadMessages } from "../../domain/messages.js";
import { isFinal, mayTransition, State, stateNames, transition } from "../../domain/task-state.js";
import type { TaskView, UploadDeskDependencies } from "./desk-dependencies.js";

/**
 * The task-state helpers the use cases share: the task read for its owner, the offsets and views callers see, and
 * state moves made by compare-and-set (a lost race refused, never overwritten) with their announcement.
 */
export async function ownTask(
  deps: UploadDeskDependencies,
  taskId: string,
  userId: string,
): Promise<UploadTaskDocument> {
  const task = taskId ? await deps.tasks.findById(taskId) : null;
  if (!task || task.userId !== userId) {
    throw new DomainError("NOT_FOUND", uploadMessages.taskNotFound, { details: { taskId } });
  }
  return task;
}

export async function offsets(deps: UploadDeskDependencies, task: UploadTaskDocument): Promise<Map<string, number>> {
  const received = new Map<string, number>();
  for (const file of task.files) {
    if (file.skipped) continue;
    if (task.reconvertOf || task.state === State.COMPLETED) {
      received.set(file.fileId, file.sizeBytes);
    } else {
      received.set(file.fileId, (await deps.writes.latest(task._id, file.fileId))?.end ?? 0);
    }
  }
  return received;
}

export async function view(deps: UploadDeskDependencies, taskId: string): Promise<TaskView> {
  const task = await deps.tasks.findById(taskId);
  if (!task) throw new DomainError("NOT_FOUND", uploadMessages.taskNotFound, { details: { taskId } });
  return { task, received: await offsets(deps, task), partSizeBytes: deps.settings.partSizeBytes };
}

export function bytesOf(task: UploadTaskDocument, received: Map<string, number>) {
  const files = task.files.filter((file) => !file.skipped);
  return {
    done: BigInt(files.reduce((total, file) => total + (received.get(file.fileId) ?? 0), 0)),
    total: BigInt(files.reduce((total, file) => total + file.sizeBytes, 0)),
  };
}

export async function enter(
  deps: UploadDeskDependencies,
  task: UploadTaskDocument,
  state: State,
  fields: Partial<UploadTaskDocument> = {},
) {
  if (task.state === state && Object.keys(fields).length === 0) return;
  if (task.state !== state) transition(task.state, state);
  let read = task.state as State;
  while (!(await deps.tasks.setState(task._id, read, state, fields))) {
    // Another request moved the task first. The same move made by it is this one done. A final state (a
    // cancellation, a failure or the completion, each decided once in upload_outcomes, its files already dealt
    // with) lands from whatever unfinished state the task is in now; any other move is refused.
    const now = await movedMeanwhile(deps, task);
    if (now.state === state) {
      Object.assign(task, now);
      return;
    }
    if (!(isFinal(state) && mayTransition(now.state, state))) throw changedMeanwhile(read, now.state);
    read = now.state;
  }
  Object.assign(task, fields, { state });
  await announce(deps, task);
}

/** The task as stored after a conditional write found it in another state than it was read in. */
export async function movedMeanwhile(
  deps: UploadDeskDependencies,
  task: UploadTaskDocument,
): Promise<UploadTaskDocument> {
  const now = await deps.tasks.findById(task._id);
  if (!now) throw new DomainError("NOT_FOUND", uploadMessages.taskNotFound, { details: { taskId: task._id } });
  return now;
}

export function changedMeanwhile(read: State, stored: State): DomainError {
  return new DomainError(
    "FAILED_PRECONDITION",
    message("uploadTaskChanged", { from: stateNames[read], to: stateNames[stored] }),
    { details: { state: stateNames[stored], expectedState: stateNames[read] } },
  );
}

/** Sets fields of a task only while it is in the state it was read in (a lost race is refused, not overwritten). */
export async function updateIn(
  deps: UploadDeskDependencies,
  task: UploadTaskDocument,
  fields: Partial<UploadTaskDocument>,
) {
  if (!(await deps.tasks.update(task._id, task.state, fields))) {
    throw changedMeanwhile(task.state, (await movedMeanwhile(deps, task)).state);
  }
}

export async function announce(deps: UploadDeskDependencies, task: UploadTaskDocument, received?: Map<string, number>) {
  await deps.events.taskState({
    taskId: task._id,
    state: task.state,
    bytes: bytesOf(task, received ?? (await offsets(deps, task))),
    message: task.message,
    bookId: task.state === State.COMPLETED ? task.bookId : "",
    revision: task.state === State.COMPLETED ? task.revision : 0,
  });
}
