import { PageEditKind } from "@turnleaf/contracts/book/v1/book_pages_pb";
import { SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { UploadChannel } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { DomainError, notConfigured, storedText } from "@turnleaf/kit";
import type { UploadTaskDocument } from "../../data/upload-task.schema.js";
import { type CheckedPdf, checkCompletedSources, signatureFits } from "../../domain/completion-rules.js";
import { pdfHeaderWindow, sniff } from "../../domain/file-signature.js";
import { messagesFor, uploadCodes, uploadMessages } from "../../domain/messages.js";
import { beginCompletion, State } from "../../domain/task-state.js";
import { inspectPdf } from "../../sources/pdf-inspector.js";
import { assertRevisable } from "./begin-upload.js";
import type { TaskView, UploadDeskDependencies } from "./desk-dependencies.js";
import { discard, fail, taskAsker, waitForUser } from "./task-endings.js";
import { enter, offsets, ownTask, updateIn, view } from "./task-records.js";

export function refusalOfFinished(task: UploadTaskDocument): DomainError {
  if (task.state === State.CANCELLED) return new DomainError("FAILED_PRECONDITION", uploadMessages.cancelled);
  return new DomainError("INVALID_ARGUMENT", task.message || uploadMessages.failed, {
    ...(task.failureCode && task.failureCode !== "ERROR" ? { restCode: task.failureCode } : {}),
    details: { state: "failed" },
  });
}

/** A PDF the task's password does not open: the task waits for the user to give (another) one. */
const passwordRefusals = {
  "password-needed": {
    kind: "FAILED_PRECONDITION",
    message: uploadMessages.passwordNeeded,
    restCode: uploadCodes.passwordRequired,
  },
  "password-incorrect": {
    kind: "INVALID_ARGUMENT",
    message: uploadMessages.incorrectPassword,
    restCode: uploadCodes.passwordIncorrect,
  },
} as const;

/** Checks the stored files (type, checksum, pages, password) and answers the pages of each PDF. */
export async function verify(deps: UploadDeskDependencies, task: UploadTaskDocument): Promise<CheckedPdf[]> {
  const checked: CheckedPdf[] = [];
  const text = messagesFor(task.channel);
  for (const file of task.files.filter((candidate) => !candidate.skipped)) {
    const head = await deps.store.readRange(file.key, 0, Math.min(file.sizeBytes, pdfHeaderWindow));
    if (!signatureFits(file.kind, sniff(head), task.channel as UploadChannel)) {
      const message = file.kind === SourceKind.IMAGE ? text.imageTypes : uploadMessages.incorrectFileFormat;
      await fail(
        deps,
        task,
        new DomainError("INVALID_ARGUMENT", message, { details: { fileId: file.fileId, name: file.name } }),
      );
    }
    if (file.sha256 && (await deps.store.sha256(file.key)) !== file.sha256) {
      await fail(
        deps,
        task,
        new DomainError("INVALID_ARGUMENT", uploadMessages.checksum(file.name), { details: { fileId: file.fileId } }),
      );
    }
    if (file.kind !== SourceKind.PDF) continue;
    const inspection = await inspectPdf(
      file.sizeBytes,
      (begin, end) => deps.store.readRange(file.key, begin, end),
      task.password,
    );
    switch (inspection.outcome) {
      case "password-needed":
      case "password-incorrect": {
        const refusal = passwordRefusals[inspection.outcome];
        await waitForUser(
          deps,
          task,
          new DomainError(refusal.kind, refusal.message, {
            restCode: refusal.restCode,
            details: { fileId: file.fileId, name: file.name },
          }),
        );
        break;
      }
      case "unreadable":
        deps.log.info({ taskId: task._id, fileId: file.fileId, reason: inspection.reason }, "unreadable pdf");
        await fail(deps, task, new DomainError("INVALID_ARGUMENT", uploadMessages.unreadablePdf(file.name)));
        break;
      case "ok":
        file.pages = inspection.pages;
        checked.push({ name: file.name, pages: inspection.pages, protected: inspection.protected });
    }
  }
  return checked;
}

/**
 * End-upload. Every step is safe to repeat: a completed task answers its book again; the S3 objects are completed
 * once; the book service keys the book on the task; the job's message id is the task's id.
 */
export async function completeUpload(
  deps: UploadDeskDependencies,
  userId: string,
  taskId: string,
  password: string,
): Promise<TaskView> {
  const task = await ownTask(deps, taskId, userId);
  if (task.state === State.COMPLETED) return view(deps, task._id);
  if (task.state === State.FAILED || task.state === State.CANCELLED) throw refusalOfFinished(task);
  const completing = beginCompletion(task.state, task.message);
  if (password !== "" && password !== task.password) {
    task.password = password;
    await updateIn(deps, task, { password });
  }
  await enter(deps, task, completing, { message: "" });

  if (!task.reconvertOf) {
    const received = await offsets(deps, task);
    for (const file of task.files.filter((candidate) => !candidate.skipped)) {
      const got = received.get(file.fileId) ?? 0;
      if (got < file.sizeBytes) {
        await waitForUser(
          deps,
          task,
          new DomainError("CONFLICT", uploadMessages.incomplete(file.name, got, file.sizeBytes), {
            restCode: uploadCodes.offsetConflict,
            details: { fileId: file.fileId, offset: got },
          }),
        );
      }
      if (!(await deps.store.exists(file.key))) {
        const parts = await deps.writes.parts(task._id, file.fileId);
        try {
          await deps.store.completeMultipart(file.key, file.multipartUploadId, parts);
        } catch (error) {
          if (!(await deps.store.exists(file.key))) {
            deps.log.error({ err: error, taskId: task._id, fileId: file.fileId }, "multipart completion failed");
            await fail(deps, task, new DomainError("INVALID_ARGUMENT", uploadMessages.sendAgain(file.name)));
          }
        }
      }
    }
    const pdfs = await verify(deps, task);
    const counted = checkOrFail(() =>
      checkCompletedSources({
        channel: task.channel as UploadChannel,
        pdfs,
        imageCount: task.files.filter((file) => file.kind === SourceKind.IMAGE && !file.skipped).length,
        pageRange: task.pageRange ?? undefined,
        trial: task.trial,
      }),
    );
    if (counted instanceof DomainError) await fail(deps, task, counted);
    await updateIn(deps, task, { files: task.files });
  }

  // The overwritten book may have changed hands (or gone) since begin: the task fails, it is not left completing.
  const refused = await assertRevisable(deps, task).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (refused instanceof DomainError) await fail(deps, task, refused);
  if (refused) throw refused;

  // The new book's slot of its quota, keyed by the task: a retried completion takes none.
  try {
    await deps.allowance.reserveBook(taskAsker(task));
  } catch (error) {
    if (error instanceof DomainError && error.kind === "QUOTA_EXCEEDED") await waitForUser(deps, task, error);
    throw error;
  }
  const outcome = await deps.outcomes.decide(task._id, "completed", deps.now());
  if (outcome !== "completed") {
    await deps.allowance.releaseBook(taskAsker(task));
    throw outcome === "cancelled"
      ? new DomainError("FAILED_PRECONDITION", uploadMessages.cancelled)
      : new DomainError("FAILED_PRECONDITION", uploadMessages.expired);
  }
  if (task.insertPosition) {
    const edited = await insertPages(deps, task);
    await enter(deps, task, State.COMPLETED, {
      bookId: edited.bookId,
      bookNumber: "",
      revision: edited.revision,
      completedAt: deps.now(),
      message: "",
    });
    await deps.store.removePrefix(`tmp/${task._id}/`).catch(() => undefined);
    deps.log.info({ taskId: task._id, bookId: edited.bookId, revision: edited.revision }, "pages inserted");
    return view(deps, task._id);
  }
  const book = await createBook(deps, task);
  await deps.events.conversionRequested({
    jobId: task._id,
    bookId: book.bookId,
    sources: task.files
      .filter((file) => !file.skipped)
      .map((file) => ({
        key: file.key,
        kind: file.kind,
        displayName: file.name,
        password: file.kind === SourceKind.PDF ? task.password : "",
        sizeBytes: BigInt(file.sizeBytes),
      })),
    options: task.options,
    revision: book.revision,
    trial: task.trial,
  });
  await enter(deps, task, State.COMPLETED, {
    bookId: book.bookId,
    bookNumber: book.number,
    revision: book.revision,
    completedAt: deps.now(),
    message: "",
  });
  await deps.store.removePrefix(`tmp/${task._id}/`).catch(() => undefined);
  deps.log.info({ taskId: task._id, bookId: book.bookId, revision: book.revision }, "upload completed");
  return view(deps, task._id);
}

/**
 * The book (or its new revision). A refusal (the book gone or no longer the user's) fails the task for good and
 * frees its slot: a refused overwrite is never left 'completing'.
 */
export async function createBook(deps: UploadDeskDependencies, task: UploadTaskDocument) {
  try {
    return await deps.book.createBookFromUpload({
      uploadTaskId: task._id,
      userId: task.userId,
      teamId: task.teamId,
      folderId: task.folderId,
      title: task.title,
      keywords: task.keywords,
      description: task.description,
      categoryId: task.categoryId ?? "",
      folderType: task.folderType ?? 1,
      bookId: task.bookId,
    });
  } catch (error) {
    if (!(error instanceof DomainError) || !["NOT_FOUND", "PERMISSION_DENIED"].includes(error.kind)) throw error;
    // Still completing: discard frees the slot the completion took.
    await discard(deps, task);
    await enter(deps, task, State.FAILED, { message: storedText(error), failureCode: error.restCode });
    throw error;
  }
}

/**
 * An insert's completion: the book service makes the page edit (its next revision, the job on the work queue). A
 * refusal — the position, the book's 1000 pages, another edit first (SAVE_CONFLICT) — fails the task for good.
 */
export async function insertPages(deps: UploadDeskDependencies, task: UploadTaskDocument) {
  const files = task.files.filter((file) => !file.skipped);
  const insertedPages = files.reduce((sum, file) => sum + (file.kind === SourceKind.IMAGE ? 1 : file.pages), 0);
  try {
    if (!deps.bookPages) throw notConfigured("page edits");
    return await deps.bookPages.editBookPages({
      userId: task.userId,
      teamId: task.teamId,
      bookId: task.bookId,
      baseRevision: task.baseRevision ?? 0,
      editId: task._id,
      kind: PageEditKind.INSERT,
      insertPosition: task.insertPosition ?? 0,
      sources: files.map((file) => ({
        key: file.key,
        kind: file.kind,
        displayName: file.name,
        password: file.kind === SourceKind.PDF ? task.password : "",
        sizeBytes: BigInt(file.sizeBytes),
      })),
      insertedPages,
      options: task.options,
      trial: task.trial,
    });
  } catch (error) {
    const final = ["NOT_FOUND", "PERMISSION_DENIED", "INVALID_ARGUMENT", "CONFLICT", "FAILED_PRECONDITION"];
    if (!(error instanceof DomainError) || !final.includes(error.kind)) throw error;
    await discard(deps, task);
    await enter(deps, task, State.FAILED, { message: storedText(error), failureCode: error.restCode });
    throw error;
  }
}

function checkOrFail<T>(check: () => T): T | DomainError {
  try {
    return check();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}
