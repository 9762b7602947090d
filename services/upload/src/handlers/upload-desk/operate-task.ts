import { DomainError } from "@turnleaf/kit";
import { uploadMessages } from "../../domain/messages.js";
import { afterOperation, type Operation, State } from "../../domain/task-state.js";
import type { TaskView, UploadDeskDependencies } from "./desk-dependencies.js";
import { discard } from "./task-endings.js";
import { enter, ownTask, view } from "./task-records.js";

/** Pause, resume and cancel. */
export async function operateTask(
  deps: UploadDeskDependencies,
  userId: string,
  taskId: string,
  operation: Operation,
): Promise<TaskView> {
  const task = await ownTask(deps, taskId, userId);
  const next = afterOperation(task.state, operation, task.message);
  if (next === task.state) return view(deps, task._id);
  if (next === State.CANCELLED) {
    const outcome = await deps.outcomes.decide(task._id, "cancelled", deps.now());
    if (outcome === "completed") throw new DomainError("CONFLICT", uploadMessages.alreadyComplete);
    await discard(deps, task);
    await enter(deps, task, State.CANCELLED, { message: uploadMessages.cancelled });
  } else {
    await enter(deps, task, next);
  }
  return view(deps, task._id);
}
