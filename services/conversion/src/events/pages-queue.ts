import { ConversionPagesRequestedSchema } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { JobSubjects } from "./job-subjects.js";

/** What a consumer of page items (the pages of a split job, the OCR of a ready book) is told about its queue. */
export interface PagesQueueOptions {
  subjects: JobSubjects;
  durable: string;
  attempts: number;
  ackWaitMs: number;
  retryDelayMs: number;
  /** Items handled at once by this replica (default 1). */
  concurrency?: number;
}

/** The work-queue settings of page items on the conversion stream: the filter, the item's schema, retries, dead letters. */
export function pagesQueue(options: PagesQueueOptions, filter: string) {
  return {
    stream: options.subjects.stream,
    durable: options.durable,
    filterSubjects: [filter],
    schema: ConversionPagesRequestedSchema,
    attempts: options.attempts,
    ackWaitMs: options.ackWaitMs,
    retryDelayMs: options.retryDelayMs,
    concurrency: options.concurrency ?? 1,
    deadLetterSubject: options.subjects.deadLetter(options.durable),
  };
}
