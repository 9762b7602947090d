import { streams, subjects } from "@turnleaf/kit";

/** Where jobs come from and where progress goes; tests point these at a stream of their own. */
export interface JobSubjects {
  stream: string;
  /** Filter of the job work queue. */
  requested: string;
  progress(jobId: string): string;
  deadLetter(durable: string): string;
  /** book.v1.book.<bookId>.ready, or undefined to publish none. */
  bookReady?(bookId: string): string;
}

export const jobSubjects: JobSubjects = {
  stream: streams.conversion.name,
  requested: subjects.conversionJobRequested("*"),
  progress: subjects.conversionJobProgress,
  deadLetter: subjects.conversionDeadLetter,
  bookReady: subjects.bookReady,
};

/** The durable consumer every conversion replica shares: JetStream hands each job to one of them. */
export const jobsDurable = "conversion-jobs";
