import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { failureOf } from "./failure-of.test-support.js";
import { uploadMessages } from "./messages.js";
import {
  afterChunk,
  afterOperation,
  beginCompletion,
  beginPath,
  isFinal,
  mayTransition,
  State,
  stateNames,
  transition,
  walk,
} from "./task-state.js";

const states = Object.values(State).filter((value): value is State => typeof value === "number");
const S = State;

/** Spec 001 §4, written out once more by hand: every allowed transition, and only those. */
const allowed = new Set(
  [
    [S.UNSPECIFIED, S.CREATING],
    [S.CREATING, S.CREATED],
    [S.CREATING, S.FAILED],
    [S.CREATED, S.CHECKING],
    [S.CREATED, S.FAILED],
    [S.CREATED, S.CANCELLED],
    [S.CHECKING, S.CHECKED],
    [S.CHECKING, S.FAILED],
    [S.CHECKED, S.STARTING],
    [S.CHECKED, S.FAILED],
    [S.CHECKED, S.CANCELLED],
    [S.STARTING, S.UPLOADING],
    [S.STARTING, S.PAUSED],
    [S.STARTING, S.COMPLETING],
    [S.STARTING, S.FAILED],
    [S.STARTING, S.CANCELLED],
    [S.UPLOADING, S.PAUSED],
    [S.UPLOADING, S.COMPLETING],
    [S.UPLOADING, S.FAILED],
    [S.UPLOADING, S.CANCELLED],
    [S.PAUSED, S.UPLOADING],
    [S.PAUSED, S.FAILED],
    [S.PAUSED, S.CANCELLED],
    [S.COMPLETING, S.COMPLETED],
    [S.COMPLETING, S.UPLOADING],
    [S.COMPLETING, S.FAILED],
  ].map(([from, to]) => `${from}>${to}`),
);

const pairs = states.flatMap((from) => states.map((to) => [from, to] as const));

describe("upload task transitions", () => {
  it.each(pairs.filter(([from, to]) => allowed.has(`${from}>${to}`)))("allows %s → %s", (from, to) => {
    expect(mayTransition(from, to)).toBe(true);
    expect(transition(from, to)).toBe(to);
  });

  it.each(pairs.filter(([from, to]) => !allowed.has(`${from}>${to}`)))("refuses %s → %s", (from, to) => {
    expect(mayTransition(from, to)).toBe(false);
    const failure = failureOf(() => transition(from, to));
    expect(failure.kind).toBe("FAILED_PRECONDITION");
    expect(failure).toMatchObject({
      messageKey: "upload.cannotMove",
      messageParams: { from: stateNames[from], to: stateNames[to] },
    });
  });

  it("ends only in all files uploaded, failed or cancelled", () => {
    expect(states.filter(isFinal)).toEqual([S.COMPLETED, S.FAILED, S.CANCELLED]);
  });

  it("walks begin-upload's path to start uploading", () => {
    expect(walk(S.UNSPECIFIED, beginPath)).toBe(S.STARTING);
    expect(() => walk(S.CHECKED, beginPath)).toThrow(DomainError);
  });
});

describe("chunks", () => {
  it("start the upload and keep it uploading", () => {
    expect(afterChunk(S.STARTING)).toBe(S.UPLOADING);
    expect(afterChunk(S.UPLOADING)).toBe(S.UPLOADING);
  });

  it.each([
    [S.PAUSED, "CONFLICT", "upload.paused"],
    [S.COMPLETING, "CONFLICT", "upload.alreadyComplete"],
    [S.COMPLETED, "CONFLICT", "upload.alreadyComplete"],
    [S.CANCELLED, "FAILED_PRECONDITION", "upload.cancelled"],
    [S.FAILED, "FAILED_PRECONDITION", "upload.expired"],
    [S.CREATED, "FAILED_PRECONDITION", "upload.notReady"],
  ])("are refused while %s", (state, kind, key) => {
    // A failed task answers the message it failed with (here the coded expiry).
    const failure = failureOf(() => afterChunk(state, uploadMessages.expired));
    expect([failure.kind, failure.messageKey]).toEqual([kind, key]);
  });
});

describe("pause, continue, cancel", () => {
  it.each([
    [S.STARTING, "pause", S.PAUSED],
    [S.UPLOADING, "pause", S.PAUSED],
    [S.PAUSED, "pause", S.PAUSED],
    [S.PAUSED, "continue", S.UPLOADING],
    [S.UPLOADING, "continue", S.UPLOADING],
    [S.STARTING, "continue", S.STARTING],
    [S.STARTING, "cancel", S.CANCELLED],
    [S.UPLOADING, "cancel", S.CANCELLED],
    [S.PAUSED, "cancel", S.CANCELLED],
    [S.CANCELLED, "cancel", S.CANCELLED],
  ] as const)("%s + %s → %s", (state, operation, next) => {
    expect(afterOperation(state, operation)).toBe(next);
  });

  it.each([
    [S.COMPLETING, "pause"],
    [S.COMPLETED, "pause"],
    [S.FAILED, "continue"],
    [S.COMPLETED, "continue"],
    [S.COMPLETING, "cancel"],
    [S.COMPLETED, "cancel"],
    [S.FAILED, "cancel"],
  ] as const)("refuses %s + %s", (state, operation) => {
    expect(() => afterOperation(state, operation)).toThrow(DomainError);
  });
});

describe("completion", () => {
  it("starts from uploading or a completion in progress", () => {
    expect(beginCompletion(S.STARTING)).toBe(S.COMPLETING);
    expect(beginCompletion(S.UPLOADING)).toBe(S.COMPLETING);
    expect(beginCompletion(S.COMPLETING)).toBe(S.COMPLETING);
  });

  it.each([S.PAUSED, S.FAILED, S.CANCELLED, S.CREATED])("is refused while %s", (state) => {
    expect(() => beginCompletion(state)).toThrow(DomainError);
  });
});
