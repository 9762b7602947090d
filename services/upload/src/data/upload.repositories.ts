import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import { type Outcome, type UploadOutcomeDocument, uploadOutcomeModel } from "./upload-outcome.schema.js";
import { type UploadTaskDocument, uploadTaskModel } from "./upload-task.schema.js";
import { type UploadWriteDocument, uploadWriteModel } from "./upload-write.schema.js";

export class UploadTaskRepository {
  private readonly tasks;

  constructor(connection: Connection) {
    this.tasks = uploadTaskModel(connection);
  }

  async insert(task: UploadTaskDocument): Promise<void> {
    await this.tasks.create(task);
  }

  async findById(taskId: string): Promise<UploadTaskDocument | null> {
    return this.tasks.findById(taskId).lean<UploadTaskDocument>().exec();
  }

  async latestForBook(bookId: string, userId: string, state?: number): Promise<UploadTaskDocument | null> {
    return this.tasks
      .findOne({ bookId, userId, ...(state === undefined ? {} : { state }) })
      .sort({ createdAt: -1 })
      .lean<UploadTaskDocument>()
      .exec();
  }

  /**
   * Records a state (and the fields that come with it) and appends it to the history, only while the task is still
   * in the state it was read in (`expected`): false when another request moved it first.
   */
  async setState(
    taskId: string,
    expected: number,
    state: number,
    fields: Partial<UploadTaskDocument> = {},
  ): Promise<boolean> {
    const result = await updateAlone(`upload_task:${taskId}`, () =>
      this.tasks
        .updateOne(
          { _id: taskId, state: expected },
          { $set: { ...fields, state }, $push: { history: { state, at: new Date() } } },
        )
        .exec(),
    );
    return result.matchedCount > 0;
  }

  /** Sets fields while the task is still in the state it was read in; false when it moved meanwhile. */
  async update(taskId: string, expected: number, fields: Partial<UploadTaskDocument>): Promise<boolean> {
    const result = await updateAlone(`upload_task:${taskId}`, () =>
      this.tasks.updateOne({ _id: taskId, state: expected }, { $set: fields }).exec(),
    );
    return result.matchedCount > 0;
  }

  /** A user's unfinished tasks (their files' sizes only): what the user holds open and reserved. */
  async openForUser(userId: string, finalStates: number[]): Promise<Pick<UploadTaskDocument, "_id" | "files">[]> {
    return this.tasks
      .find({ userId, state: { $nin: finalStates } })
      .select({ _id: 1, "files.sizeBytes": 1, "files.skipped": 1 })
      .lean<Pick<UploadTaskDocument, "_id" | "files">[]>()
      .exec();
  }

  async delete(taskId: string): Promise<void> {
    await this.tasks.deleteOne({ _id: taskId }).exec();
  }

  /** Unfinished tasks past their expiry, oldest first. */
  async findExpired(now: Date, finalStates: number[], limit: number): Promise<UploadTaskDocument[]> {
    return this.tasks
      .find({ state: { $nin: finalStates }, expiresAt: { $lt: now } })
      .sort({ expiresAt: 1 })
      .limit(limit)
      .lean<UploadTaskDocument[]>()
      .exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.tasks.syncIndexes();
  }
}

export class UploadWriteRepository {
  private readonly writes;

  constructor(connection: Connection) {
    this.writes = uploadWriteModel(connection);
  }

  async latest(taskId: string, fileId: string): Promise<UploadWriteDocument | null> {
    return this.writes.findOne({ taskId, fileId }).sort({ offset: -1 }).lean<UploadWriteDocument>().exec();
  }

  /** Commits a write unless another write at the same offset was committed first. */
  async tryCommit(write: UploadWriteDocument): Promise<boolean> {
    return unlessDuplicate(() => this.writes.create(write));
  }

  async parts(taskId: string, fileId: string): Promise<{ part: number; etag: string }[]> {
    const writes = await this.writes
      .find({ taskId, fileId, partNumber: { $gt: 0 } })
      .sort({ partNumber: 1 })
      .lean<UploadWriteDocument[]>()
      .exec();
    return writes.map((write) => ({ part: write.partNumber, etag: write.etag }));
  }

  async deleteForTask(taskId: string): Promise<void> {
    await this.writes.deleteMany({ taskId }).exec();
  }

  async ensureIndexes(): Promise<void> {
    await this.writes.syncIndexes();
  }
}

export class UploadOutcomeRepository {
  private readonly outcomes;

  constructor(connection: Connection) {
    this.outcomes = uploadOutcomeModel(connection);
  }

  /** Decides the task's outcome unless it was decided already; answers the outcome in force. */
  async decide(taskId: string, outcome: Outcome, at: Date): Promise<Outcome> {
    if (await unlessDuplicate(() => this.outcomes.create({ _id: taskId, outcome, at }))) return outcome;
    const decided = await this.outcomes.findById(taskId).lean<UploadOutcomeDocument>().exec();
    return decided?.outcome ?? outcome;
  }

  async ensureIndexes(): Promise<void> {
    await this.outcomes.syncIndexes();
  }
}
