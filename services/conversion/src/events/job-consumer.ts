/**
 * The conversion work queue: a durable pull consumer shared by every replica (explicit ack, redelivery up to
 * maxDeliver, then the dead-letter subject). A job publishes CONVERTING progress per page and ends with
 * COMPLETED (manifest key) or FAILED (the spec's message); a failed job's revision is removed. While a job runs
 * its message is kept alive with in-progress acks; if the worker dies, JetStream redelivers the job after the
 * ack wait and the next worker resumes it from the manifest.
 */
import { BookReadySchema } from "@turnleaf/contracts/book/v1/book_events_pb";
import {
  ConversionJobProgressedSchema,
  type ConversionJobRequested,
  ConversionJobRequestedSchema,
  ConversionJobState,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import {
  type JsMsg,
  type Logger,
  type NatsConnection,
  publishEvent,
  type RunningConsumer,
  runConsumer,
} from "@turnleaf/kit";
import type { BookStorage } from "../data/book-store.js";
import { failureMessages, JobFailure } from "../domain/failures.js";
import { isValidJobId } from "../domain/job-progress.js";
import { bookKeys } from "../domain/manifest.js";
import { type ConvertSettings, convertJob } from "../pipeline/convert-job.js";
import type { RenderPool } from "../render/pool.js";
import { type JobSubjects, jobSubjects, jobsDurable } from "./job-subjects.js";

export interface JobConsumerOptions {
  nats: NatsConnection;
  store: BookStorage;
  pool: RenderPool;
  log: Logger;
  settings: ConvertSettings;
  maxDeliver: number;
  ackWaitMs: number;
  retryDelayMs?: number;
  subjects?: JobSubjects;
  durable?: string;
}

/** The user's message for an error that is not a JobFailure but ends the job (its last delivery failed). */
function lastAttemptMessage(job: ConversionJobRequested, error: unknown): string {
  const onlyImages = job.sources.length > 0 && job.sources.every((source) => source.kind === SourceKind.IMAGE);
  return onlyImages ? failureMessages.image : failureMessages.pdf((error as Error).message || String(error));
}

export async function startJobConsumer(options: JobConsumerOptions): Promise<RunningConsumer> {
  const { nats, store, pool, log, maxDeliver, ackWaitMs } = options;
  const subjects = options.subjects ?? jobSubjects;
  const durable = options.durable ?? jobsDurable;

  const progress = (
    job: ConversionJobRequested,
    state: ConversionJobState,
    extra: { done?: number; total?: number; message?: string; manifestKey?: string },
  ) =>
    publishEvent(nats, subjects.progress(job.jobId), ConversionJobProgressedSchema, {
      jobId: job.jobId,
      bookId: job.bookId,
      revision: job.revision,
      state,
      pages: { done: BigInt(extra.done ?? 0), total: BigInt(extra.total ?? 0) },
      message: extra.message ?? "",
      manifestKey: extra.manifestKey ?? "",
    });

  const handle = async (job: ConversionJobRequested, message: JsMsg) => {
    const jobLog = log.child({
      jobId: job.jobId,
      bookId: job.bookId,
      revision: job.revision,
      delivery: message.info.deliveryCount,
    });
    if (!isValidJobId(job.jobId) || !isValidJobId(job.bookId) || job.revision < 0) {
      jobLog.error("job with an invalid id, book id or revision: dropped");
      return;
    }
    // In-progress acks keep the job ours while it works; the timer also covers slow single pages.
    let lastWorking = Date.now();
    const keepAlive = () => {
      if (Date.now() - lastWorking < ackWaitMs / 4) return;
      lastWorking = Date.now();
      message.working();
    };
    const timer = setInterval(
      () => {
        lastWorking = Date.now();
        message.working();
      },
      Math.max(500, Math.floor(ackWaitMs / 3)),
    );
    const started = Date.now();
    let total = 0;
    try {
      const result = await convertJob(job, {
        store,
        pool,
        log: jobLog,
        settings: options.settings,
        keepAlive,
        onProgress: async ({ done, total: pages, manifestKey }) => {
          total = pages;
          await progress(job, ConversionJobState.CONVERTING, {
            done,
            total: pages,
            manifestKey: done > 0 ? manifestKey : "",
          });
        },
      });
      await progress(job, ConversionJobState.COMPLETED, {
        done: result.pageCount,
        total: result.pageCount,
        manifestKey: result.manifestKey,
      });
      if (subjects.bookReady) {
        await publishEvent(
          nats,
          subjects.bookReady(job.bookId),
          BookReadySchema,
          {
            bookId: job.bookId,
            revision: job.revision,
            pageCount: result.pageCount,
          },
          { messageId: `book-ready-${job.bookId}-r${job.revision}` },
        );
      }
      jobLog.info({ pages: result.pageCount, ms: Date.now() - started, again: result.alreadyDone }, "job completed");
    } catch (error) {
      const final = error instanceof JobFailure || message.info.deliveryCount >= maxDeliver;
      if (!final) {
        jobLog.warn({ err: error }, "job failed, will be retried");
        throw error;
      }
      const userMessage = error instanceof JobFailure ? error.message : lastAttemptMessage(job, error);
      const removed = await store.removePrefix(bookKeys.revisionPrefix(job.bookId, job.revision));
      await progress(job, ConversionJobState.FAILED, { done: 0, total, message: userMessage });
      jobLog.warn({ err: error, message: userMessage, removedObjects: removed }, "job failed");
      // A JobFailure is final and acked; anything else goes on to the dead-letter subject.
      if (!(error instanceof JobFailure)) throw error;
    } finally {
      clearInterval(timer);
    }
  };

  return runConsumer(
    nats,
    {
      stream: subjects.stream,
      durable,
      filterSubjects: [subjects.requested],
      schema: ConversionJobRequestedSchema,
      maxDeliver,
      ackWaitMs,
      retryDelayMs: options.retryDelayMs ?? 2_000,
      deadLetterSubject: subjects.deadLetter(durable),
      handle,
    },
    log,
  );
}
