import { randomBytes } from "node:crypto";
import type { BeginUploadRequest } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { DomainError } from "@turnleaf/kit";
import type { UploadTaskDocument } from "../../data/upload-task.schema.js";
import { formatSize, uploadMessages } from "../../domain/messages.js";
import { beginPath, State, walk } from "../../domain/task-state.js";
import { planUpload } from "../../domain/upload-plan.js";
import { SourceStore } from "../../sources/source-store.js";
import {
  defaultOpenTaskLimit,
  defaultReservedBytesLimit,
  finalStates,
  type TaskView,
  type UploadDeskDependencies,
} from "./desk-dependencies.js";
import { discard } from "./task-endings.js";
import { announce } from "./task-records.js";

/** BeginUpload: the plan, the allowance, the overwritten book, the S3 multipart uploads, the open limits. */

/**
 * An overwrite names a book the asker may revise (the book service's rule, checked again when the book is made):
 * another owner's book id is refused at begin, before any byte is stored.
 */
export async function assertRevisable(
  deps: UploadDeskDependencies,
  asker: { userId: string; bookId: string },
): Promise<void> {
  if (!asker.bookId) return;
  try {
    await deps.book.getBook({ userId: asker.userId, bookId: asker.bookId, baseUrl: "" });
  } catch (error) {
    if (error instanceof DomainError && (error.kind === "NOT_FOUND" || error.kind === "PERMISSION_DENIED")) {
      throw new DomainError("NOT_FOUND", uploadMessages.notYourBook, { details: { bookId: asker.bookId } });
    }
    throw error;
  }
}

/**
 * The user's unfinished tasks, this new one included, within the limits; else the new one is removed again.
 * Counting after the insert keeps concurrent begins from all slipping under the limit.
 */
export async function assertWithinOpenLimits(deps: UploadDeskDependencies, task: UploadTaskDocument): Promise<void> {
  const openTaskLimit = deps.settings.openTaskLimit ?? defaultOpenTaskLimit;
  const reservedBytesLimit = deps.settings.reservedBytesLimit ?? defaultReservedBytesLimit;
  const open = await deps.tasks.openForUser(task.userId, finalStates);
  const reserved = open.reduce(
    (total, other) =>
      total + other.files.reduce((sum, file) => sum + (file.skipped ? 0 : Number(file.sizeBytes) || 0), 0),
    0,
  );
  let refusal: DomainError | undefined;
  if (open.length > openTaskLimit) {
    refusal = new DomainError("RATE_LIMITED", uploadMessages.tooManyOpen(openTaskLimit), {
      details: { openTasks: open.length - 1, limit: openTaskLimit },
    });
  } else if (reserved > reservedBytesLimit) {
    refusal = new DomainError("RATE_LIMITED", uploadMessages.tooManyBytes(formatSize(reservedBytesLimit)), {
      details: { reservedBytes: reserved, limit: reservedBytesLimit },
    });
  }
  if (!refusal) return;
  await discard(deps, task);
  await deps.tasks.delete(task._id);
  deps.log.info({ userId: task.userId, openTasks: open.length, reserved }, "upload refused: open limits");
  throw refusal;
}

export async function beginUpload(deps: UploadDeskDependencies, request: BeginUploadRequest): Promise<TaskView> {
  const plan = planUpload(request);
  const warning = await deps.allowance.assertMayUpload(plan);
  await assertRevisable(deps, plan);
  const taskId = randomBytes(16).toString("base64url");
  const now = deps.now();
  const state = walk(State.UNSPECIFIED, beginPath);
  const files = [];
  for (const file of plan.files) {
    const key = SourceStore.sourceKey(taskId, file.fileId);
    const multipartUploadId = file.skipped ? "" : await deps.store.startMultipart(key, file.contentType);
    files.push({ ...file, key, multipartUploadId, pages: 0 });
  }
  const task: UploadTaskDocument = {
    _id: taskId,
    userId: plan.userId,
    teamId: plan.teamId,
    folderId: plan.folderId,
    nonProductHost: plan.nonProductHost,
    channel: plan.channel,
    title: plan.title,
    keywords: plan.keywords,
    description: plan.description,
    categoryId: plan.categoryId,
    folderType: plan.folderType,
    insertPosition: plan.insertPosition,
    baseRevision: plan.baseRevision,
    bookId: plan.bookId,
    bookNumber: "",
    revision: 0,
    state,
    // The power warning, if any ('… the book will be paused after 24 hours …'), shown until completion.
    message: warning ?? "",
    failureCode: "",
    history: beginPath.map((step) => ({ state: step, at: now })),
    files,
    options: plan.options as Record<string, unknown>,
    pageRange: plan.pageRange ?? null,
    trial: plan.trial,
    password: plan.password,
    reconvertOf: "",
    expiresAt: new Date(now.getTime() + deps.settings.ttlMs),
    completedAt: null,
  };
  await deps.tasks.insert(task);
  await assertWithinOpenLimits(deps, task);
  deps.log.info({ taskId, files: files.length, userId: plan.userId }, "upload task created");
  await announce(deps, task, new Map());
  return {
    task,
    received: new Map(files.map((file) => [file.fileId, 0])),
    partSizeBytes: deps.settings.partSizeBytes,
  };
}
