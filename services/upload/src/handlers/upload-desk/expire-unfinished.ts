import { uploadMessages } from "../../domain/messages.js";
import { isFinal, State } from "../../domain/task-state.js";
import { finalStates, type UploadDeskDependencies } from "./desk-dependencies.js";
import { discard } from "./task-endings.js";
import { enter } from "./task-records.js";

/** The expiry sweep: unfinished tasks past their time fail ("the upload expired") and their parts go. */
export async function expireUnfinished(deps: UploadDeskDependencies, batch = 100): Promise<number> {
  const expired = await deps.tasks.findExpired(deps.now(), finalStates, batch);
  let count = 0;
  for (const task of expired) {
    const outcome = await deps.outcomes.decide(task._id, "expired", deps.now());
    if (outcome !== "expired") continue;
    try {
      await discard(deps, task);
      if (!isFinal(task.state)) await enter(deps, task, State.FAILED, { message: uploadMessages.expired });
      count += 1;
    } catch (error) {
      deps.log.warn({ err: error, taskId: task._id }, "expiring an upload failed; the next sweep retries");
    }
  }
  if (count > 0) deps.log.info({ count }, "expired uploads removed");
  return count;
}
