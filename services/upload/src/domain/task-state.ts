import { UploadTaskState as State } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import { DomainError } from "@turnleaf/kit";
import { uploadMessages } from "./messages.js";

export { State };

/** Spec 001 §4 names of the states, for logs and replies. */
export const stateNames: Record<State, string> = {
  [State.UNSPECIFIED]: "",
  [State.CREATING]: "creating task",
  [State.CREATED]: "task created",
  [State.CHECKING]: "checking",
  [State.CHECKED]: "checked",
  [State.STARTING]: "start uploading",
  [State.UPLOADING]: "uploading",
  [State.PAUSED]: "paused",
  [State.COMPLETING]: "completing",
  [State.COMPLETED]: "all files uploaded",
  [State.FAILED]: "failed",
  [State.CANCELLED]: "cancelled",
};

/**
 * Every allowed transition of an upload task. Begin-upload walks creating → created → checking → checked →
 * start uploading; the first chunk makes it uploading; pause/continue switch uploading ↔ paused; end-upload goes
 * completing → all files uploaded, or back to uploading when completion needs something from the user (a PDF's
 * password); any unfinished state may fail (a check, expiry) or be cancelled. Completed, failed and cancelled are
 * final.
 */
export const transitions: Readonly<Record<State, readonly State[]>> = {
  [State.UNSPECIFIED]: [State.CREATING],
  [State.CREATING]: [State.CREATED, State.FAILED],
  [State.CREATED]: [State.CHECKING, State.FAILED, State.CANCELLED],
  [State.CHECKING]: [State.CHECKED, State.FAILED],
  [State.CHECKED]: [State.STARTING, State.FAILED, State.CANCELLED],
  [State.STARTING]: [State.UPLOADING, State.PAUSED, State.COMPLETING, State.FAILED, State.CANCELLED],
  [State.UPLOADING]: [State.PAUSED, State.COMPLETING, State.FAILED, State.CANCELLED],
  [State.PAUSED]: [State.UPLOADING, State.FAILED, State.CANCELLED],
  [State.COMPLETING]: [State.COMPLETED, State.UPLOADING, State.FAILED],
  [State.COMPLETED]: [],
  [State.FAILED]: [],
  [State.CANCELLED]: [],
};

export function mayTransition(from: State, to: State): boolean {
  return transitions[from].includes(to);
}

/** The state after a transition; a transition the machine does not allow is a conflict. */
export function transition(from: State, to: State): State {
  if (!mayTransition(from, to)) {
    throw new DomainError("FAILED_PRECONDITION", uploadMessages.cannotMove(stateNames[from], stateNames[to]), {
      details: { state: stateNames[from] },
    });
  }
  return to;
}

export function isFinal(state: State): boolean {
  return transitions[state].length === 0;
}

/** The walk begin-upload makes once its checks passed. */
export const beginPath: readonly State[] = [
  State.CREATING,
  State.CREATED,
  State.CHECKING,
  State.CHECKED,
  State.STARTING,
];

/** Applies a walk of transitions from a state, checking each step. */
export function walk(from: State, path: readonly State[]): State {
  return path.reduce((state, next) => transition(state, next), from);
}

function refusal(state: State, message: string | undefined): DomainError {
  switch (state) {
    case State.PAUSED:
      return new DomainError("CONFLICT", uploadMessages.paused, { details: { state: "paused" } });
    case State.COMPLETING:
    case State.COMPLETED:
      return new DomainError("CONFLICT", uploadMessages.alreadyComplete, { details: { state: stateNames[state] } });
    case State.CANCELLED:
      return new DomainError("FAILED_PRECONDITION", uploadMessages.cancelled, {
        details: { state: "cancelled" },
      });
    case State.FAILED:
      return new DomainError("FAILED_PRECONDITION", message || uploadMessages.failed, { details: { state: "failed" } });
    default:
      return new DomainError("FAILED_PRECONDITION", uploadMessages.notReady(stateNames[state]), {
        details: { state: stateNames[state] },
      });
  }
}

/** The state a task is in after accepting a chunk; refuses chunks while paused, completing or finished. */
export function afterChunk(state: State, message?: string): State {
  if (state === State.UPLOADING) return state;
  if (state === State.STARTING) return transition(state, State.UPLOADING);
  throw refusal(state, message);
}

export type Operation = "pause" | "continue" | "cancel";

/** The state after pause, continue or cancel; repeating an operation already in effect changes nothing. */
export function afterOperation(state: State, operation: Operation, message?: string): State {
  if (operation === "pause") {
    if (state === State.PAUSED) return state;
    if (state === State.STARTING || state === State.UPLOADING) return transition(state, State.PAUSED);
  } else if (operation === "continue") {
    if (state === State.STARTING || state === State.UPLOADING) return state;
    if (state === State.PAUSED) return transition(state, State.UPLOADING);
  } else {
    if (state === State.CANCELLED) return state;
    if (mayTransition(state, State.CANCELLED)) return transition(state, State.CANCELLED);
  }
  throw refusal(state, message);
}

/** The state end-upload starts from: a retry of a completion in progress stays completing. */
export function beginCompletion(state: State, message?: string): State {
  if (state === State.COMPLETING) return state;
  if (state === State.STARTING || state === State.UPLOADING) return transition(state, State.COMPLETING);
  throw refusal(state, message);
}
