/**
 * The conversion work queue: a durable pull consumer shared by every replica (explicit ack, attempts with a
 * growing delay, then the dead-letter subject). A job publishes CONVERTING progress per page and ends with
 * COMPLETED (manifest key) or FAILED (the spec's message); a failed job's revision is removed. A small book is
 * converted by the replica that took the job; a big one is split into work items every replica renders
 * (job-coordinator.ts). While a job runs its message is kept alive with in-progress acks; if the worker dies,
 * JetStream redelivers the job after the ack wait and the next worker resumes it. A job whose attempts all
 * ended with a dead worker gets one more delivery that only records the failure: the book never stays
 * `processing`.
 */

import { bookKeys, type Manifest } from "@turnleaf/book-format";
import { BookReadySchema } from "@turnleaf/contracts/book/v1/book_events_pb";
import {
  ConversionJobProgressedSchema,
  type ConversionJobRequested,
  ConversionJobRequestedSchema,
  ConversionJobState,
  ConversionPagesRequestedSchema,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { Logger } from "@turnleaf/kit/logger";
import { type NatsConnection, publishEvent, type RunningConsumer } from "@turnleaf/kit/nats";
import type { BookStorage } from "../data/book-store.js";
import { failureMessages, JobFailure } from "../domain/failures.js";
import { isValidJobId } from "../domain/job-progress.js";
import { conversionStageDuration } from "../metrics.js";
import { convertPrepared, finishedBefore } from "../pipeline/convert-job.js";
import { editPages } from "../pipeline/edit-pages.js";
import { type ConvertSettings, type PreparedBook, prepareBook, releaseBook } from "../pipeline/prepare-book.js";
import type { RenderPool } from "../render/pool.js";
import { type CoordinateDependencies, coordinateJob } from "./job-coordinator.js";
import { type JobSubjects, jobSubjects, jobsDurable, ocrDurable, pagesDurable } from "./job-subjects.js";
import { startOcrConsumer } from "./ocr-consumer.js";
import { startPageConsumer } from "./page-consumer.js";
import { PreparedBooks } from "./prepared-books.js";
import { lastProgress } from "./stream-lookup.js";
import { runWorkQueue } from "./work-queue.js";

export interface JobConsumerOptions {
  nats: NatsConnection;
  store: BookStorage;
  pool: RenderPool;
  log: Logger;
  settings: ConvertSettings;
  /** Attempts of a job (and of each work item) before it fails for good. */
  maxDeliver: number;
  ackWaitMs: number;
  /** Delay before a failed job's second attempt (doubled for each further one). */
  retryDelayMs?: number;
  subjects?: JobSubjects;
  durable?: string;
  /** Durable of the work items (default conversion-pages; tests use their own). */
  pagesDurable?: string;
  /** Books with more pages are split into work items of this many pages (0: never split). */
  pagesPerItem?: number;
  /** Jobs this replica holds at once (small books convert in it, big ones are coordinated). */
  concurrency?: number;
  /** A book's whole time budget. */
  jobBudgetMs?: number;
  /** Durable of ready books' OCR (default conversion-ocr; tests use their own). */
  ocrDurable?: string;
  /** Ready books this replica reads by OCR at once (default 1). */
  ocrBooks?: number;
}

/** The user's message for an error that is not a JobFailure but ends the job (its last delivery failed). */
function lastAttemptMessage(job: ConversionJobRequested): string {
  const onlyImages = job.sources.length > 0 && job.sources.every((source) => source.kind === SourceKind.IMAGE);
  return onlyImages ? failureMessages.image : failureMessages.internal;
}

export async function startJobConsumer(options: JobConsumerOptions): Promise<RunningConsumer> {
  const { nats, store, pool, log, maxDeliver, ackWaitMs } = options;
  const subjects = options.subjects ?? jobSubjects;
  const durable = options.durable ?? jobsDurable;
  const retryDelayMs = options.retryDelayMs ?? 2_000;
  const pagesPerItem = options.pagesPerItem ?? 16;
  const jobBudgetMs = options.jobBudgetMs ?? 30 * 60_000;

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

  /** The failure first (it needs only NATS), then the revision's files (best effort: the store may be down). */
  const failJob = async (job: ConversionJobRequested, message: string, total: number, jobLog: Logger) => {
    await progress(job, ConversionJobState.FAILED, { done: 0, total, message });
    const removed = await store
      .removePrefix(bookKeys.revisionPrefix(job.bookId, job.revision))
      .catch((error) => jobLog.warn({ err: error }, "removing the failed revision failed"));
    jobLog.warn({ message, removedObjects: removed }, "job failed");
  };

  const valid = (job: ConversionJobRequested) =>
    isValidJobId(job.jobId) && isValidJobId(job.bookId) && job.revision >= 0;

  const books = new PreparedBooks(pool);
  const pages = await startPageConsumer({
    books,
    nats,
    store,
    pool,
    log,
    settings: options.settings,
    attempts: maxDeliver,
    ackWaitMs,
    retryDelayMs,
    subjects,
    durable: options.pagesDurable ?? (durable === jobsDurable ? pagesDurable : `${durable}-pages`),
  });

  const ocrSettings = options.settings.ocr;
  const ocr = ocrSettings
    ? await startOcrConsumer({
        books,
        nats,
        store,
        pool,
        log,
        settings: { ...options.settings, ocr: ocrSettings },
        attempts: maxDeliver,
        ackWaitMs,
        retryDelayMs,
        subjects,
        durable: options.ocrDurable ?? (durable === jobsDurable ? ocrDurable : `${durable}-ocr`),
        concurrency: options.ocrBooks ?? 1,
      })
    : undefined;

  const jobs = await runWorkQueue(
    nats,
    {
      stream: subjects.stream,
      durable,
      filterSubjects: [subjects.requested],
      schema: ConversionJobRequestedSchema,
      attempts: maxDeliver,
      ackWaitMs,
      retryDelayMs,
      concurrency: options.concurrency ?? 4,
      deadLetterSubject: subjects.deadLetter(durable),
      async exhausted(job, { attempt }) {
        if (!valid(job)) return;
        const jobLog = log.child({ jobId: job.jobId, bookId: job.bookId, revision: job.revision, delivery: attempt });
        const before = await finishedBefore(store, job).catch(() => ({ result: undefined }));
        if (before.result) return;
        await failJob(job, failureMessages.attemptsExhausted(maxDeliver), 0, jobLog);
      },
      async handle(job, { message, attempt, last: lastAttempt }) {
        const jobLog = log.child({ jobId: job.jobId, bookId: job.bookId, revision: job.revision, delivery: attempt });
        if (!valid(job)) {
          jobLog.error("job with an invalid id, book id or revision: dropped");
          return;
        }
        const keepAlive = () => message.working();
        const started = Date.now();
        let total = 0;
        // A delivery after a dead worker resumes from what is stored, which can be behind what that worker had
        // reported: progress continues from the last reported count, never below it.
        const last = await lastProgress(nats, subjects.stream, subjects.progress(job.jobId));
        let floor = last?.state === ConversionJobState.CONVERTING ? Number(last.pages?.done ?? 0) : 0;
        const onProgress = async ({
          done,
          total: pages,
          manifestKey,
        }: {
          done: number;
          total: number;
          manifestKey: string;
        }) => {
          total = pages;
          if (done < floor) return;
          floor = done;
          await progress(job, ConversionJobState.CONVERTING, {
            done,
            total: pages,
            manifestKey: done > 0 ? manifestKey : "",
          });
        };
        try {
          const before = await finishedBefore(store, job);
          let result = before.result;
          // A split book (or a page edit's big inserted file): its work items go to every replica.
          const coordinate = (
            book: PreparedBook,
            previous: Manifest | undefined,
            into: Pick<CoordinateDependencies, "store" | "onProgress" | "keyFolder">,
          ) =>
            coordinateJob(book, previous, {
              nats,
              log: jobLog,
              subjects,
              pagesPerItem,
              budgetMs: jobBudgetMs,
              run: BigInt(message.info.streamSequence),
              ...into,
            });
          // What renders pages in this replica.
          const rendering = { store, pool, log: jobLog, settings: options.settings, keepAlive, onProgress };
          if (!result && job.pageEdit) {
            // A page edit: the base revision's pages are copied, only an inserted file is rendered (in this replica).
            result = await editPages(job, {
              ...rendering,
              // A big inserted file is split into work items like a whole book, written into the edit's folder.
              split: {
                pagesPerItem,
                coordinate: (book, previous, split) =>
                  coordinate(book, previous, {
                    store: split.store,
                    onProgress: split.onProgress,
                    keyFolder: split.keyFolder,
                  }),
              },
            });
          }
          if (!result) {
            const book = await prepareBook(job, { store, log: jobLog, settings: options.settings, keepAlive });
            total = book.plan.length;
            const split = pagesPerItem > 0 && book.plan.length > pagesPerItem;
            // This replica renders items of a split book too: its page consumer takes the preparation over.
            let handedOver = split && books.adopt(job, book);
            try {
              result = split
                ? await coordinate(book, before.manifest, { store, onProgress })
                : await convertPrepared(book, before.manifest, rendering);
              // Its OCR item is likely taken here: the sources stay downloaded for it.
              if (!handedOver && result.ocrPending > 0 && ocrSettings) handedOver = books.adopt(job, book);
            } finally {
              if (!handedOver) await releaseBook(book, pool);
            }
          }
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
              { bookId: job.bookId, revision: job.revision, pageCount: result.pageCount },
              { messageId: `book-ready-${job.bookId}-r${job.revision}` },
            );
          }
          // The book is ready and shareable; OCR reads its pages without a text layer now, on any replica.
          if (result.ocrPending > 0 && ocrSettings) {
            const run = BigInt(message.info.streamSequence);
            await publishEvent(
              nats,
              subjects.ocr(job.jobId, run),
              ConversionPagesRequestedSchema,
              { job, firstPage: 1, lastPage: result.pageCount, pageCount: result.pageCount, convertedKeys: [], run },
              { messageId: `${job.jobId}-ocr-r${job.revision}` },
            );
          }
          conversionStageDuration.observe({ stage: "job" }, (Date.now() - started) / 1000);
          jobLog.info(
            { pages: result.pageCount, ms: Date.now() - started, again: result.alreadyDone },
            "job completed",
          );
        } catch (error) {
          if (!(error instanceof JobFailure) && !lastAttempt) {
            jobLog.warn({ err: error }, "job failed, will be retried");
            throw error;
          }
          await failJob(job, error instanceof JobFailure ? error.message : lastAttemptMessage(job), total, jobLog);
          // A JobFailure is final and acked; anything else goes on to the dead-letter subject.
          if (!(error instanceof JobFailure)) throw error;
        }
      },
    },
    log,
  );
  return {
    stop: async () => {
      await Promise.all([jobs.stop(), pages.stop(), ocr?.stop()]);
      await books.close();
    },
  };
}
