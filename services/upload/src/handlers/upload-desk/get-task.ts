import type { ConversionJobProgressed } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { DomainError } from "@turnleaf/kit";
import type { UploadTaskDocument } from "../../data/upload-task.schema.js";
import { uploadMessages } from "../../domain/messages.js";
import { State } from "../../domain/task-state.js";
import type { TaskView, UploadDeskDependencies } from "./desk-dependencies.js";
import { offsets, ownTask } from "./task-records.js";

/** GetUpload: the user's task (or a book's latest one) and, once completed, its conversion's progress. */
export async function getTask(
  deps: UploadDeskDependencies,
  userId: string,
  taskId: string,
  bookId: string,
): Promise<{ view: TaskView; conversion?: ConversionJobProgressed }> {
  let task: UploadTaskDocument | null;
  if (taskId === "" && bookId !== "") {
    task = await deps.tasks.latestForBook(bookId, userId);
    if (!task) throw new DomainError("NOT_FOUND", uploadMessages.taskNotFound, { details: { bookId } });
  } else {
    task = await ownTask(deps, taskId, userId);
  }
  const view = { task, received: await offsets(deps, task), partSizeBytes: deps.settings.partSizeBytes };
  if (task.state !== State.COMPLETED) return { view };
  return { view, conversion: await deps.events.lastConversionProgress(task._id) };
}
