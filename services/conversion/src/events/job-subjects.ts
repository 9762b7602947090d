import { streams, subjects } from "@turnleaf/kit/event-streams";

/** Where jobs come from and where progress goes; tests point these at a stream of their own. */
export interface JobSubjects {
  stream: string;
  /** Filter of the job work queue. */
  requested: string;
  progress(jobId: string): string;
  deadLetter(durable: string): string;
  /** book.v1.book.<bookId>.ready, or undefined to publish none. */
  bookReady?(bookId: string): string;
  /** A work item of a split book: its pages from `firstPage`, in the job's run (the job message's sequence). */
  pages(jobId: string, run: bigint, firstPage: number): string;
  /** Filter of the page work queue. */
  pagesFilter: string;
  /** A ready book's pages without a text layer, for OCR (the run as in `pages`). */
  ocr(jobId: string, run: bigint): string;
  /** Filter of the OCR work queue. */
  ocrFilter: string;
  /** Pages of a split book landing (and work items failing), read by the replica coordinating it. */
  landed(jobId: string, run: bigint): string;
}

export const jobSubjects: JobSubjects = {
  stream: streams.conversion.name,
  requested: subjects.conversionJobRequested("*"),
  progress: subjects.conversionJobProgress,
  deadLetter: subjects.conversionDeadLetter,
  bookReady: subjects.bookReady,
  pages: (jobId, run, firstPage) => `conversion.v1.job.${jobId}.pages.${run}.${firstPage}`,
  pagesFilter: "conversion.v1.job.*.pages.*.*",
  ocr: (jobId, run) => `conversion.v1.job.${jobId}.ocr.${run}`,
  ocrFilter: "conversion.v1.job.*.ocr.*",
  landed: (jobId, run) => `conversion.v1.job.${jobId}.landed.${run}`,
};

/** The durable consumer every conversion replica shares: JetStream hands each job to one of them. */
export const jobsDurable = "conversion-jobs";
/** The durable consumer of work items (pages of split books), shared by every replica. */
export const pagesDurable = "conversion-pages";
/** The durable consumer of ready books' OCR, shared by every replica. */
export const ocrDurable = "conversion-ocr";
