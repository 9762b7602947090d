import type { StreamSpec } from "./nats.js";

const week = 7 * 24 * 60 * 60 * 1000;

/** One JetStream stream per domain (subjects `<domain>.v1.<entity>.<id>.<event>`), owned by that domain's service. */
export const streams = {
  book: { name: "BOOK", subjects: ["book.v1.>"], maxAgeMs: week },
  upload: { name: "UPLOAD", subjects: ["upload.v1.>"], maxAgeMs: week },
  conversion: { name: "CONVERSION", subjects: ["conversion.v1.>"], maxAgeMs: week },
  power: { name: "POWER", subjects: ["power.v1.>"], maxAgeMs: week },
  // Readers' events: consumed within seconds into daily buckets, so a day of history is plenty.
  insight: { name: "INSIGHT", subjects: ["insight.v1.>"], maxAgeMs: week / 7 },
} as const satisfies Record<string, StreamSpec>;

/** Every event subject in one place, so producers and consumers cannot drift apart. */
export const subjects = {
  bookReady: (bookId: string) => `book.v1.book.${bookId}.ready`,
  uploadTaskState: (taskId: string) => `upload.v1.task.${taskId}.state`,
  conversionJobRequested: (jobId: string) => `conversion.v1.job.${jobId}.requested`,
  conversionJobProgress: (jobId: string) => `conversion.v1.job.${jobId}.progress`,
  conversionDeadLetter: (consumer: string) => `conversion.v1.dead.${consumer}`,
  bookHostingChanged: (bookId: string) => `power.v1.book.${bookId}.hosting`,
  bookRead: (bookId: string) => `insight.v1.book.${bookId}.read`,
} as const;
