import type { BookPagesService } from "@turnleaf/contracts/book/v1/book_pages_pb";
import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { Logger, TypedClient } from "@turnleaf/kit";
import type {
  UploadOutcomeRepository,
  UploadTaskRepository,
  UploadWriteRepository,
} from "../../data/upload.repositories.js";
import type { UploadTaskDocument } from "../../data/upload-task.schema.js";
import { State } from "../../domain/task-state.js";
import type { UploadAllowance } from "../../domain/upload-allowance.js";
import type { UploadEvents } from "../../events/upload-events.js";
import type { SourceStore } from "../../sources/source-store.js";

/** What the upload desk's use cases work with: its stores, clients, settings, and the shapes they answer. */
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
  /** The power limits (free users, BOOK_FILE_NUM / PUB_BOOK_NUM, the unpaid warning): powerUploadAllowance. */
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

export const finalStates = [State.COMPLETED, State.FAILED, State.CANCELLED];
