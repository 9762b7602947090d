import { randomBytes } from "node:crypto";
import { type BookPagesService, PageEditKind } from "@turnleaf/contracts/book/v1/book_pages_pb";
import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { type ConversionJobProgressed, SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { BeginUploadRequest, UploadChannel } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import {
  DomainError,
  internalFault,
  type Logger,
  message,
  notConfigured,
  storedText,
  type TypedClient,
} from "@turnleaf/kit";
import type {
  UploadOutcomeRepository,
  UploadTaskRepository,
  UploadWriteRepository,
} from "../data/upload.repositories.js";
import type { UploadTaskDocument } from "../data/upload-task.schema.js";
import type { UploadWriteDocument } from "../data/upload-write.schema.js";
import { type CheckedPdf, checkCompletedSources, signatureFits } from "../domain/completion-rules.js";
import { pdfHeaderWindow, signatureBytes, sniff } from "../domain/file-signature.js";
import { formatSize, messagesFor, uploadCodes, uploadMessages } from "../domain/messages.js";
import {
  afterChunk,
  afterOperation,
  beginCompletion,
  beginPath,
  isFinal,
  mayTransition,
  type Operation,
  State,
  stateNames,
  transition,
  walk,
} from "../domain/task-state.js";
import type { UploadAllowance } from "../domain/upload-allowance.js";
import { planUpload } from "../domain/upload-plan.js";
import type { UploadEvents } from "../events/upload-events.js";
import { inspectPdf } from "../sources/pdf-inspector.js";
import { SourceStore } from "../sources/source-store.js";

export interface UploadDeskSettings {
  /** How long an unfinished upload lives. */
  ttlMs: number;
  /** S3 multipart part size: every part but the last has exactly this size. */
  partSizeBytes: number;
  /** Unfinished tasks one user may hold at once (10). */
  openTaskLimit?: number;
  /** Bytes the unfinished tasks of one user may declare together (2 GiB: two of the largest PDFs). */
  reservedBytesLimit?: number;
}

export const defaultOpenTaskLimit = 10;
export const defaultReservedBytesLimit = 2 * 1024 ** 3;

export interface UploadDeskDependencies {
  tasks: UploadTaskRepository;
  writes: UploadWriteRepository;
  outcomes: UploadOutcomeRepository;
  store: SourceStore;
  events: UploadEvents;
  book: TypedClient<typeof BookService>;
  /** Page edits (inserting a file's pages); without it an insert's completion answers UNAVAILABLE. */
  bookPages?: TypedClient<typeof BookPagesService>;
  allowance: UploadAllowance;
  settings: UploadDeskSettings;
  log: Logger;
  now: () => Date;
}

/** A task as callers see it, with each file's offset (the end of its last accepted write). */
export interface TaskView {
  task: UploadTaskDocument;
  received: Map<string, number>;
  partSizeBytes: number;
}

const finalStates = [State.COMPLETED, State.FAILED, State.CANCELLED];

/**
 * The upload service's orchestration: tasks through their state machine, chunks into S3 multipart uploads with
 * the server's offset as the truth, completion (verification, the book, the conversion job) made idempotent by
 * the book service's task-keyed creation and the job's message id, and the expiry sweep.
 */
export class UploadDesk {
  constructor(private readonly deps: UploadDeskDependencies) {}

  private async ownTask(taskId: string, userId: string): Promise<UploadTaskDocument> {
    const task = taskId ? await this.deps.tasks.findById(taskId) : null;
    if (!task || task.userId !== userId) {
      throw new DomainError("NOT_FOUND", uploadMessages.taskNotFound, { details: { taskId } });
    }
    return task;
  }

  private async offsets(task: UploadTaskDocument): Promise<Map<string, number>> {
    const received = new Map<string, number>();
    for (const file of task.files) {
      if (file.skipped) continue;
      if (task.reconvertOf || task.state === State.COMPLETED) {
        received.set(file.fileId, file.sizeBytes);
      } else {
        received.set(file.fileId, (await this.deps.writes.latest(task._id, file.fileId))?.end ?? 0);
      }
    }
    return received;
  }

  private async view(taskId: string): Promise<TaskView> {
    const task = await this.deps.tasks.findById(taskId);
    if (!task) throw new DomainError("NOT_FOUND", uploadMessages.taskNotFound, { details: { taskId } });
    return { task, received: await this.offsets(task), partSizeBytes: this.deps.settings.partSizeBytes };
  }

  private bytesOf(task: UploadTaskDocument, received: Map<string, number>) {
    const files = task.files.filter((file) => !file.skipped);
    return {
      done: BigInt(files.reduce((total, file) => total + (received.get(file.fileId) ?? 0), 0)),
      total: BigInt(files.reduce((total, file) => total + file.sizeBytes, 0)),
    };
  }

  private async enter(task: UploadTaskDocument, state: State, fields: Partial<UploadTaskDocument> = {}) {
    if (task.state === state && Object.keys(fields).length === 0) return;
    if (task.state !== state) transition(task.state, state);
    let read = task.state as State;
    while (!(await this.deps.tasks.setState(task._id, read, state, fields))) {
      // Another request moved the task first. The same move made by it is this one done. A final state (a
      // cancellation, a failure or the completion, each decided once in upload_outcomes, its files already dealt
      // with) lands from whatever unfinished state the task is in now; any other move is refused.
      const now = await this.movedMeanwhile(task);
      if (now.state === state) {
        Object.assign(task, now);
        return;
      }
      if (!(isFinal(state) && mayTransition(now.state, state))) throw this.changedMeanwhile(read, now.state);
      read = now.state;
    }
    Object.assign(task, fields, { state });
    await this.announce(task);
  }

  /** The task as stored after a conditional write found it in another state than it was read in. */
  private async movedMeanwhile(task: UploadTaskDocument): Promise<UploadTaskDocument> {
    const now = await this.deps.tasks.findById(task._id);
    if (!now) throw new DomainError("NOT_FOUND", uploadMessages.taskNotFound, { details: { taskId: task._id } });
    return now;
  }

  private changedMeanwhile(read: State, stored: State): DomainError {
    return new DomainError(
      "FAILED_PRECONDITION",
      message("uploadTaskChanged", { from: stateNames[read], to: stateNames[stored] }),
      { details: { state: stateNames[stored], expectedState: stateNames[read] } },
    );
  }

  /** Sets fields of a task only while it is in the state it was read in (a lost race is refused, not overwritten). */
  private async updateIn(task: UploadTaskDocument, fields: Partial<UploadTaskDocument>) {
    if (!(await this.deps.tasks.update(task._id, task.state, fields))) {
      throw this.changedMeanwhile(task.state, (await this.movedMeanwhile(task)).state);
    }
  }

  private async announce(task: UploadTaskDocument, received?: Map<string, number>) {
    await this.deps.events.taskState({
      taskId: task._id,
      state: task.state,
      bytes: this.bytesOf(task, received ?? (await this.offsets(task))),
      message: task.message,
      bookId: task.state === State.COMPLETED ? task.bookId : "",
      revision: task.state === State.COMPLETED ? task.revision : 0,
    });
  }

  /**
   * An overwrite names a book the asker may revise (the book service's rule, checked again when the book is made):
   * another owner's book id is refused at begin, before any byte is stored.
   */
  private async assertRevisable(asker: { userId: string; bookId: string }): Promise<void> {
    if (!asker.bookId) return;
    try {
      await this.deps.book.getBook({ userId: asker.userId, bookId: asker.bookId, baseUrl: "" });
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
  private async assertWithinOpenLimits(task: UploadTaskDocument): Promise<void> {
    const openTaskLimit = this.deps.settings.openTaskLimit ?? defaultOpenTaskLimit;
    const reservedBytesLimit = this.deps.settings.reservedBytesLimit ?? defaultReservedBytesLimit;
    const open = await this.deps.tasks.openForUser(task.userId, finalStates);
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
    await this.discard(task);
    await this.deps.tasks.delete(task._id);
    this.deps.log.info({ userId: task.userId, openTasks: open.length, reserved }, "upload refused: open limits");
    throw refusal;
  }

  async begin(request: BeginUploadRequest): Promise<TaskView> {
    const plan = planUpload(request);
    const warning = await this.deps.allowance.assertMayUpload(plan);
    await this.assertRevisable(plan);
    const taskId = randomBytes(16).toString("base64url");
    const now = this.deps.now();
    const state = walk(State.UNSPECIFIED, beginPath);
    const files = [];
    for (const file of plan.files) {
      const key = SourceStore.sourceKey(taskId, file.fileId);
      const multipartUploadId = file.skipped ? "" : await this.deps.store.startMultipart(key, file.contentType);
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
      expiresAt: new Date(now.getTime() + this.deps.settings.ttlMs),
      completedAt: null,
    };
    await this.deps.tasks.insert(task);
    await this.assertWithinOpenLimits(task);
    this.deps.log.info({ taskId, files: files.length, userId: plan.userId }, "upload task created");
    await this.announce(task, new Map());
    return {
      task,
      received: new Map(files.map((file) => [file.fileId, 0])),
      partSizeBytes: this.deps.settings.partSizeBytes,
    };
  }

  async get(
    userId: string,
    taskId: string,
    bookId: string,
  ): Promise<{ view: TaskView; conversion?: ConversionJobProgressed }> {
    let task: UploadTaskDocument | null;
    if (taskId === "" && bookId !== "") {
      task = await this.deps.tasks.latestForBook(bookId, userId);
      if (!task) throw new DomainError("NOT_FOUND", uploadMessages.taskNotFound, { details: { bookId } });
    } else {
      task = await this.ownTask(taskId, userId);
    }
    const view = { task, received: await this.offsets(task), partSizeBytes: this.deps.settings.partSizeBytes };
    if (task.state !== State.COMPLETED) return { view };
    return { view, conversion: await this.deps.events.lastConversionProgress(task._id) };
  }

  private offsetConflict(fileId: string, offset: number): DomainError {
    return new DomainError("CONFLICT", uploadMessages.offsetConflict(offset), {
      restCode: uploadCodes.offsetConflict,
      details: { fileId, offset },
    });
  }

  /**
   * Appends bytes at the file's offset. The data is cut at part boundaries: a slice that completes a part goes to
   * S3 as that part (with the parked tail before it), any other slice joins the tail object. Each slice commits by
   * inserting its write record; a writer that loses the insert answers a conflict with the offset in force.
   */
  async writeChunk(input: {
    userId: string;
    taskId: string;
    fileId: string;
    offset: number;
    data: Uint8Array;
  }): Promise<{ offset: number; view: TaskView }> {
    const task = await this.ownTask(input.taskId, input.userId);
    const file = task.files.find((candidate) => candidate.fileId === input.fileId);
    if (!file) throw new DomainError("NOT_FOUND", uploadMessages.noSuchFile, { details: { fileId: input.fileId } });
    if (file.skipped) throw new DomainError("FAILED_PRECONDITION", uploadMessages.fileSkipped(file.name));
    const next = afterChunk(task.state, task.message);
    if (task.expiresAt.getTime() < this.deps.now().getTime())
      throw new DomainError("FAILED_PRECONDITION", uploadMessages.expired);

    let latest = await this.deps.writes.latest(task._id, file.fileId);
    let offset = latest?.end ?? 0;
    if (input.offset !== offset) throw this.offsetConflict(file.fileId, offset);
    const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
    if (offset + data.length > file.sizeBytes) {
      throw new DomainError("INVALID_ARGUMENT", uploadMessages.tooLarge(file.name, file.sizeBytes), {
        details: { fileId: file.fileId, offset, sizeBytes: file.sizeBytes },
      });
    }
    if (offset === 0 && data.length >= signatureBytes && file.kind === SourceKind.OFFICE) {
      if (!signatureFits(file.kind, sniff(data), task.channel as UploadChannel)) {
        throw new DomainError("INVALID_ARGUMENT", uploadMessages.incorrectFileFormat, {
          details: { fileId: file.fileId },
        });
      }
    }
    if (offset === 0 && data.length >= signatureBytes && file.kind === SourceKind.IMAGE) {
      if (!signatureFits(file.kind, sniff(data), task.channel as UploadChannel)) {
        throw new DomainError("INVALID_ARGUMENT", messagesFor(task.channel).imageTypes, {
          details: { fileId: file.fileId },
        });
      }
    }
    if (offset === 0 && data.length >= pdfHeaderWindow && file.kind === SourceKind.PDF && sniff(data) !== "pdf") {
      throw new DomainError("INVALID_ARGUMENT", uploadMessages.incorrectFileFormat, {
        details: { fileId: file.fileId },
      });
    }

    const partSize = this.deps.settings.partSizeBytes;
    // An empty write only asks whether the offset is right (the gateway sends one before reading a body).
    if (data.length === 0)
      return { offset, view: { task, received: await this.offsets(task), partSizeBytes: partSize } };
    let rest = data;
    while (rest.length > 0) {
      const partIndex = Math.floor(offset / partSize);
      const partStart = partIndex * partSize;
      const partEnd = Math.min(partStart + partSize, file.sizeBytes);
      const slice = rest.subarray(0, Math.min(rest.length, partEnd - offset));
      const parked =
        offset > partStart && latest?.tailKey ? await this.deps.store.readTail(latest.tailKey) : Buffer.alloc(0);
      if (parked.length !== offset - partStart) {
        throw internalFault(
          `tail of ${task._id}/${file.fileId} holds ${parked.length} bytes, expected ${offset - partStart}`,
        );
      }
      const body = Buffer.concat([parked, slice]);
      const end = offset + slice.length;
      const write: UploadWriteDocument = {
        _id: `${task._id}:${file.fileId}:${offset}`,
        taskId: task._id,
        fileId: file.fileId,
        offset,
        end,
        partNumber: 0,
        etag: "",
        tailKey: "",
      };
      if (end === partEnd) {
        write.partNumber = partIndex + 1;
        write.etag = await this.deps.store.uploadPart(file.key, file.multipartUploadId, write.partNumber, body);
      } else {
        write.tailKey = SourceStore.tailKey(task._id, file.fileId, end);
        await this.deps.store.putTail(write.tailKey, body);
      }
      if (!(await this.deps.writes.tryCommit(write))) {
        const current = (await this.deps.writes.latest(task._id, file.fileId))?.end ?? 0;
        throw this.offsetConflict(file.fileId, current);
      }
      if (latest?.tailKey) await this.deps.store.remove([latest.tailKey]).catch(() => undefined);
      latest = write;
      offset = end;
      rest = rest.subarray(slice.length);
    }

    if (next !== task.state) {
      // Only from the state the chunk was accepted in: a pause or cancel that landed meanwhile stays. The bytes are
      // kept under a pause (the answer says so); a finished task refuses them.
      if (await this.deps.tasks.setState(task._id, task.state, next)) task.state = next;
      else {
        const now = await this.movedMeanwhile(task);
        if (isFinal(now.state)) throw this.changedMeanwhile(task.state, now.state);
        Object.assign(task, now);
      }
    }
    const received = await this.offsets(task);
    await this.announce(task, received);
    return { offset, view: { task, received, partSizeBytes: partSize } };
  }

  async operate(userId: string, taskId: string, operation: Operation): Promise<TaskView> {
    const task = await this.ownTask(taskId, userId);
    const next = afterOperation(task.state, operation, task.message);
    if (next === task.state) return this.view(task._id);
    if (next === State.CANCELLED) {
      const outcome = await this.deps.outcomes.decide(task._id, "cancelled", this.deps.now());
      if (outcome === "completed") throw new DomainError("CONFLICT", uploadMessages.alreadyComplete);
      await this.discard(task);
      await this.enter(task, State.CANCELLED, { message: uploadMessages.cancelled });
    } else {
      await this.enter(task, next);
    }
    return this.view(task._id);
  }

  /** Fails the task for good with a check's message; the same message answers every later completion. */
  private async fail(task: UploadTaskDocument, error: DomainError): Promise<never> {
    const outcome = await this.deps.outcomes.decide(task._id, "failed", this.deps.now());
    if (outcome === "failed") {
      await this.discard(task);
      await this.enter(task, State.FAILED, { message: storedText(error), failureCode: error.restCode });
    }
    throw error;
  }

  /** Back to uploading: completion waits for something the user can give (a PDF's password). */
  private async waitForUser(task: UploadTaskDocument, error: DomainError): Promise<never> {
    await this.enter(task, State.UPLOADING, { message: storedText(error) });
    throw error;
  }

  private refusalOfFinished(task: UploadTaskDocument): DomainError {
    if (task.state === State.CANCELLED) return new DomainError("FAILED_PRECONDITION", uploadMessages.cancelled);
    return new DomainError("INVALID_ARGUMENT", task.message || uploadMessages.failed, {
      ...(task.failureCode && task.failureCode !== "ERROR" ? { restCode: task.failureCode } : {}),
      details: { state: "failed" },
    });
  }

  /** Checks the stored files (type, checksum, pages, password) and answers the pages of each PDF. */
  private async verify(task: UploadTaskDocument): Promise<CheckedPdf[]> {
    const checked: CheckedPdf[] = [];
    const text = messagesFor(task.channel);
    for (const file of task.files.filter((candidate) => !candidate.skipped)) {
      const head = await this.deps.store.readRange(file.key, 0, Math.min(file.sizeBytes, pdfHeaderWindow));
      if (!signatureFits(file.kind, sniff(head), task.channel as UploadChannel)) {
        const message = file.kind === SourceKind.IMAGE ? text.imageTypes : uploadMessages.incorrectFileFormat;
        await this.fail(
          task,
          new DomainError("INVALID_ARGUMENT", message, { details: { fileId: file.fileId, name: file.name } }),
        );
      }
      if (file.sha256 && (await this.deps.store.sha256(file.key)) !== file.sha256) {
        await this.fail(
          task,
          new DomainError("INVALID_ARGUMENT", uploadMessages.checksum(file.name), { details: { fileId: file.fileId } }),
        );
      }
      if (file.kind !== SourceKind.PDF) continue;
      const inspection = await inspectPdf(
        file.sizeBytes,
        (begin, end) => this.deps.store.readRange(file.key, begin, end),
        task.password,
      );
      switch (inspection.outcome) {
        case "password-needed":
          await this.waitForUser(
            task,
            new DomainError("FAILED_PRECONDITION", uploadMessages.passwordNeeded, {
              restCode: uploadCodes.passwordRequired,
              details: { fileId: file.fileId, name: file.name },
            }),
          );
          break;
        case "password-incorrect":
          await this.waitForUser(
            task,
            new DomainError("INVALID_ARGUMENT", uploadMessages.incorrectPassword, {
              restCode: uploadCodes.passwordIncorrect,
              details: { fileId: file.fileId, name: file.name },
            }),
          );
          break;
        case "unreadable":
          this.deps.log.info({ taskId: task._id, fileId: file.fileId, reason: inspection.reason }, "unreadable pdf");
          await this.fail(task, new DomainError("INVALID_ARGUMENT", uploadMessages.unreadablePdf(file.name)));
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
  async complete(userId: string, taskId: string, password: string): Promise<TaskView> {
    const task = await this.ownTask(taskId, userId);
    if (task.state === State.COMPLETED) return this.view(task._id);
    if (task.state === State.FAILED || task.state === State.CANCELLED) throw this.refusalOfFinished(task);
    const completing = beginCompletion(task.state, task.message);
    if (password !== "" && password !== task.password) {
      task.password = password;
      await this.updateIn(task, { password });
    }
    await this.enter(task, completing, { message: "" });

    if (!task.reconvertOf) {
      const received = await this.offsets(task);
      for (const file of task.files.filter((candidate) => !candidate.skipped)) {
        const got = received.get(file.fileId) ?? 0;
        if (got < file.sizeBytes) {
          await this.waitForUser(
            task,
            new DomainError("CONFLICT", uploadMessages.incomplete(file.name, got, file.sizeBytes), {
              restCode: uploadCodes.offsetConflict,
              details: { fileId: file.fileId, offset: got },
            }),
          );
        }
        if (!(await this.deps.store.exists(file.key))) {
          const parts = await this.deps.writes.parts(task._id, file.fileId);
          try {
            await this.deps.store.completeMultipart(file.key, file.multipartUploadId, parts);
          } catch (error) {
            if (!(await this.deps.store.exists(file.key))) {
              this.deps.log.error({ err: error, taskId: task._id, fileId: file.fileId }, "multipart completion failed");
              await this.fail(task, new DomainError("INVALID_ARGUMENT", uploadMessages.sendAgain(file.name)));
            }
          }
        }
      }
      const pdfs = await this.verify(task);
      const counted = checkOrFail(() =>
        checkCompletedSources({
          channel: task.channel as UploadChannel,
          pdfs,
          imageCount: task.files.filter((file) => file.kind === SourceKind.IMAGE && !file.skipped).length,
          pageRange: task.pageRange ?? undefined,
          trial: task.trial,
        }),
      );
      if (counted instanceof DomainError) await this.fail(task, counted);
      await this.updateIn(task, { files: task.files });
    }

    // The overwritten book may have changed hands (or gone) since begin: the task fails, it is not left completing.
    const refused = await this.assertRevisable(task).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (refused instanceof DomainError) await this.fail(task, refused);
    if (refused) throw refused;

    // The new book's slot of its quota, keyed by the task: a retried completion takes none.
    try {
      await this.deps.allowance.reserveBook(taskAsker(task));
    } catch (error) {
      if (error instanceof DomainError && error.kind === "QUOTA_EXCEEDED") await this.waitForUser(task, error);
      throw error;
    }
    const outcome = await this.deps.outcomes.decide(task._id, "completed", this.deps.now());
    if (outcome !== "completed") {
      await this.deps.allowance.releaseBook(taskAsker(task));
      throw outcome === "cancelled"
        ? new DomainError("FAILED_PRECONDITION", uploadMessages.cancelled)
        : new DomainError("FAILED_PRECONDITION", uploadMessages.expired);
    }
    if (task.insertPosition) {
      const edited = await this.insertPages(task);
      await this.enter(task, State.COMPLETED, {
        bookId: edited.bookId,
        bookNumber: "",
        revision: edited.revision,
        completedAt: this.deps.now(),
        message: "",
      });
      await this.deps.store.removePrefix(`tmp/${task._id}/`).catch(() => undefined);
      this.deps.log.info({ taskId: task._id, bookId: edited.bookId, revision: edited.revision }, "pages inserted");
      return this.view(task._id);
    }
    const book = await this.createBook(task);
    await this.deps.events.conversionRequested({
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
    await this.enter(task, State.COMPLETED, {
      bookId: book.bookId,
      bookNumber: book.number,
      revision: book.revision,
      completedAt: this.deps.now(),
      message: "",
    });
    await this.deps.store.removePrefix(`tmp/${task._id}/`).catch(() => undefined);
    this.deps.log.info({ taskId: task._id, bookId: book.bookId, revision: book.revision }, "upload completed");
    return this.view(task._id);
  }

  /**
   * The book (or its new revision). A refusal (the book gone or no longer the user's) fails the task for good and
   * frees its slot: a refused overwrite is never left 'completing'.
   */
  private async createBook(task: UploadTaskDocument) {
    try {
      return await this.deps.book.createBookFromUpload({
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
      await this.discard(task);
      await this.enter(task, State.FAILED, { message: storedText(error), failureCode: error.restCode });
      throw error;
    }
  }

  /**
   * An insert's completion: the book service makes the page edit (its next revision, the job on the work queue). A
   * refusal — the position, the book's 1000 pages, another edit first (SAVE_CONFLICT) — fails the task for good.
   */
  private async insertPages(task: UploadTaskDocument) {
    const files = task.files.filter((file) => !file.skipped);
    const insertedPages = files.reduce((sum, file) => sum + (file.kind === SourceKind.IMAGE ? 1 : file.pages), 0);
    try {
      if (!this.deps.bookPages) throw notConfigured("page edits");
      return await this.deps.bookPages.editBookPages({
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
      await this.discard(task);
      await this.enter(task, State.FAILED, { message: storedText(error), failureCode: error.restCode });
      throw error;
    }
  }

  /** Reconverts the sources of a book's last completed upload into a new revision, with the same settings. */
  async reconvert(userId: string, teamId: string, bookId: string): Promise<TaskView> {
    const source = bookId ? await this.deps.tasks.latestForBook(bookId, userId, State.COMPLETED) : null;
    if (!source || (source.teamId || "0") !== (teamId || "0")) {
      throw new DomainError("NOT_FOUND", message("bookNotFound"), { details: { bookId } });
    }
    await this.deps.allowance.assertMayUpload({ userId, teamId: source.teamId, folderId: source.folderId, bookId });
    const now = this.deps.now();
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
      expiresAt: new Date(now.getTime() + this.deps.settings.ttlMs),
      completedAt: null,
    };
    delete task.createdAt;
    await this.deps.tasks.insert(task);
    await this.announce(task);
    return this.complete(userId, task._id, "");
  }

  /** Removes what an unfinished task stored: open multipart uploads, parked tails, its objects and writes. */
  private async discard(task: UploadTaskDocument): Promise<void> {
    // Only a completion takes a book's slot: a task that stops while completing may hold one.
    if (task.state === State.COMPLETING) await this.deps.allowance.releaseBook(taskAsker(task));
    for (const file of task.files) {
      if (file.multipartUploadId) await this.deps.store.abortMultipart(file.key, file.multipartUploadId);
    }
    await this.deps.store.removePrefix(`tmp/${task._id}/`);
    // A reconversion's objects belong to the upload it reconverts.
    if (!task.reconvertOf) await this.deps.store.removePrefix(`uploads/${task._id}/`);
    await this.deps.writes.deleteForTask(task._id);
  }

  /** The expiry sweep: unfinished tasks past their time fail ("the upload expired") and their parts go. */
  async expireUnfinished(batch = 100): Promise<number> {
    const expired = await this.deps.tasks.findExpired(this.deps.now(), finalStates, batch);
    let count = 0;
    for (const task of expired) {
      const outcome = await this.deps.outcomes.decide(task._id, "expired", this.deps.now());
      if (outcome !== "expired") continue;
      try {
        await this.discard(task);
        if (!isFinal(task.state)) await this.enter(task, State.FAILED, { message: uploadMessages.expired });
        count += 1;
      } catch (error) {
        this.deps.log.warn({ err: error, taskId: task._id }, "expiring an upload failed; the next sweep retries");
      }
    }
    if (count > 0) this.deps.log.info({ count }, "expired uploads removed");
    return count;
  }
}

function taskAsker(task: UploadTaskDocument) {
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

function checkOrFail<T>(check: () => T): T | DomainError {
  try {
    return check();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}
