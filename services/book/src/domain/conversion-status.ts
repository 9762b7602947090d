import { bookStatus } from "./bookcase.js";

/**
 * The book status follows its newest revision's conversion (spec 000 §4 normal/disabled/processing/error, spec 001
 * enabled/disabled/uploading/error). CreateBookFromUpload starts a revision (processing); BookReady
 * (book.v1.book.<id>.ready, published by the conversion worker once the revision's pages all landed) ends it well;
 * a FAILED ConversionJobProgressed (conversion.v1.job.<id>.progress, the worker's final word on a job that will not
 * be retried, published before anything is dead-lettered) ends it badly. Each decision looks only at revision
 * numbers, so a repeated or late event changes nothing: an older revision's event never overrides a newer one.
 */
export interface ConversionFacts {
  bStatus: number;
  /** The newest revision whose conversion was started. */
  convertingRevision?: number;
  /** The newest revision whose conversion finished. */
  readyRevision?: number;
  /** What bStatus returns to when the conversion ends: the owner's choice (normal or disabled) before it began. */
  statusAfterConversion?: number;
  pageCount?: number;
  /** Why the book is in error: the conversion's final message (shown in the bookcase). */
  conversionError?: string;
}

export type ConversionChange = Partial<
  Pick<
    ConversionFacts,
    "bStatus" | "convertingRevision" | "readyRevision" | "statusAfterConversion" | "pageCount" | "conversionError"
  >
>;

/** The fields of a brand-new book whose first revision is converting. */
export const firstConversion = {
  bStatus: bookStatus.processing,
  convertingRevision: 1,
  statusAfterConversion: bookStatus.normal,
} as const;

/** A revision starts converting; null when this or a newer revision started already (a retried call). */
export function conversionStarted(book: ConversionFacts, revision: number): ConversionChange | null {
  if ((book.convertingRevision ?? 0) >= revision) return null;
  const resume =
    book.bStatus === bookStatus.disabled
      ? bookStatus.disabled
      : book.bStatus === bookStatus.processing
        ? (book.statusAfterConversion ?? bookStatus.normal)
        : bookStatus.normal;
  return { bStatus: bookStatus.processing, convertingRevision: revision, statusAfterConversion: resume };
}

/** A revision is ready: its page count is the book's; the status returns only when it is the newest one. */
export function conversionReady(book: ConversionFacts, revision: number, pageCount: number): ConversionChange | null {
  const change: ConversionChange = {};
  if ((book.readyRevision ?? 0) < revision) {
    change.readyRevision = revision;
    if (pageCount > 0) change.pageCount = pageCount;
  }
  if (book.bStatus === bookStatus.processing && (book.convertingRevision ?? 0) <= revision) {
    change.bStatus = book.statusAfterConversion ?? bookStatus.normal;
  }
  return Object.keys(change).length > 0 ? change : null;
}

/**
 * The newest revision failed (its pages were removed): a book with an earlier finished revision keeps showing it
 * in the status it had; a book with none is in error. An older revision's failure changes nothing.
 */
export function conversionFailed(book: ConversionFacts, revision: number, reason = ""): ConversionChange | null {
  if (book.bStatus !== bookStatus.processing || book.convertingRevision !== revision) return null;
  if ((book.readyRevision ?? 0) >= revision) return null;
  // Books from before revisions were followed know a finished one only by its cached page count.
  const hasPages = (book.readyRevision ?? 0) > 0 || (book.pageCount ?? 0) > 0;
  if (hasPages) return { bStatus: book.statusAfterConversion ?? bookStatus.normal };
  // The reason the bookcase gives for a book in error (the conversion's own words, cut to a line's length).
  return reason.trim()
    ? { bStatus: bookStatus.error, conversionError: reason.trim().slice(0, 500) }
    : { bStatus: bookStatus.error };
}
