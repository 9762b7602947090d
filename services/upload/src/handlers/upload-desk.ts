import type { ConversionJobProgressed } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { BeginUploadRequest } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import type { Operation } from "../domain/task-state.js";
import { beginUpload } from "./upload-desk/begin-upload.js";
import { completeUpload } from "./upload-desk/complete-upload.js";
import type { TaskView, UploadDeskDependencies } from "./upload-desk/desk-dependencies.js";
import { expireUnfinished } from "./upload-desk/expire-unfinished.js";
import { getTask } from "./upload-desk/get-task.js";
import { operateTask } from "./upload-desk/operate-task.js";
import { reconvert } from "./upload-desk/reconvert.js";
import { writeChunk } from "./upload-desk/write-chunk.js";

export {
  defaultOpenTaskLimit,
  defaultReservedBytesLimit,
  type TaskView,
  type UploadDeskDependencies,
  type UploadDeskSettings,
} from "./upload-desk/desk-dependencies.js";

/**
 * The upload service's orchestration: tasks through their state machine, chunks into S3 multipart uploads with
 * the server's offset as the truth, completion (verification, the book, the conversion job) made idempotent by
 * the book service's task-keyed creation and the job's message id, and the expiry sweep.
 *
 * A thin facade: each use case lives in its own file under `upload-desk/`, sharing the task-state helpers of
 * `upload-desk/task-records.ts` and `upload-desk/task-endings.ts`.
 */
export class UploadDesk {
  constructor(private readonly deps: UploadDeskDependencies) {}

  async begin(request: BeginUploadRequest): Promise<TaskView> {
    return beginUpload(this.deps, request);
  }

  async get(
    userId: string,
    taskId: string,
    bookId: string,
  ): Promise<{ view: TaskView; conversion?: ConversionJobProgressed }> {
    return getTask(this.deps, userId, taskId, bookId);
  }

  /** Appends bytes at the file's offset (see `upload-desk/write-chunk.ts`). */
  async writeChunk(input: {
    userId: string;
    taskId: string;
    fileId: string;
    offset: number;
    data: Uint8Array;
  }): Promise<{ offset: number; view: TaskView }> {
    return writeChunk(this.deps, input);
  }

  async operate(userId: string, taskId: string, operation: Operation): Promise<TaskView> {
    return operateTask(this.deps, userId, taskId, operation);
  }

  /** End-upload, every step safe to repeat (see `upload-desk/complete-upload.ts`). */
  async complete(userId: string, taskId: string, password: string): Promise<TaskView> {
    return completeUpload(this.deps, userId, taskId, password);
  }

  /** Reconverts the sources of a book's last completed upload into a new revision, with the same settings. */
  async reconvert(userId: string, teamId: string, bookId: string): Promise<TaskView> {
    return reconvert(this.deps, userId, teamId, bookId);
  }

  /** The expiry sweep: unfinished tasks past their time fail ("the upload expired") and their parts go. */
  async expireUnfinished(batch = 100): Promise<number> {
    return expireUnfinished(this.deps, batch);
  }
}
