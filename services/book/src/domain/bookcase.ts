import { type CodedMessage, DomainError, message, ref } from "@turnleaf/kit";

/**
 * The book statuses. bStatus (spec 000 §4: default 1; the replace list shows normal, disabled, processing, error)
 * is what the owner and the conversions set; hosting suspension (the power service's BookHostingChanged, unpaid
 * hosting past its grace) is kept apart so that enabling a book never lifts a suspension nor the other way round.
 */
export const bookStatus = { disabled: 0, normal: 1, processing: 2, error: 3 } as const;

/** Spec 001 "Online book" statuses. */
export const onlineStatuses = ["enabled", "disabled", "overdue", "uploading", "error"] as const;
export type OnlineStatus = (typeof onlineStatuses)[number];

export interface StatusFacts {
  bStatus: number;
  hostingSuspended?: boolean;
}

export function onlineStatus(book: StatusFacts): OnlineStatus {
  if (book.bStatus === bookStatus.error) return "error";
  if (book.bStatus === bookStatus.processing) return "uploading";
  if (book.hostingSuspended) return "overdue";
  return book.bStatus === bookStatus.normal ? "enabled" : "disabled";
}

/** The store filter selecting the books of one online status (the inverse of onlineStatus). */
export function statusFilter(status: OnlineStatus): Record<string, unknown> {
  const notSuspended = { hostingSuspended: { $ne: true } };
  switch (status) {
    case "error":
      return { bStatus: bookStatus.error };
    case "uploading":
      return { bStatus: bookStatus.processing };
    case "overdue":
      return { hostingSuspended: true, bStatus: { $in: [bookStatus.normal, bookStatus.disabled] } };
    case "enabled":
      return { bStatus: bookStatus.normal, ...notSuspended };
    case "disabled":
      return { bStatus: { $nin: [bookStatus.normal, bookStatus.processing, bookStatus.error] }, ...notSuspended };
  }
}

export const listLimits = { maxPageSize: 100, defaultPageSize: 20, keywordLength: 100, maxPage: 100_000 } as const;

export interface ListQuery {
  page: number;
  pageSize: number;
  status: OnlineStatus | "";
  keyword: string;
  /** 1 books, 2 publications, 0 both. */
  folderType: 0 | 1 | 2;
}

function invalid(text: CodedMessage, field: string): DomainError {
  return new DomainError("INVALID_ARGUMENT", text, { details: { field } });
}

export function normaliseListQuery(raw: {
  page: number;
  pageSize: number;
  status: string;
  keyword: string;
  folderType?: number;
}): ListQuery {
  const page = raw.page || 1;
  const pageSize = raw.pageSize || listLimits.defaultPageSize;
  if (!Number.isInteger(page) || page < 1 || page > listLimits.maxPage)
    throw invalid(message("pageAtLeastOne"), "page");
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > listLimits.maxPageSize) {
    throw invalid(message("field.range", { field: "pageSize", min: 1, max: listLimits.maxPageSize }), "pageSize");
  }
  const status = raw.status.trim();
  if (status !== "" && !(onlineStatuses as readonly string[]).includes(status)) {
    throw invalid(message("field.oneOf", { field: "status", allowed: onlineStatuses.join(", ") }), "status");
  }
  const keyword = raw.keyword.trim();
  if (keyword.length > listLimits.keywordLength) {
    throw invalid(
      message("textTooLong", { field: ref("fieldName.keyword"), max: listLimits.keywordLength }),
      "keyword",
    );
  }
  const folderType = raw.folderType ?? 0;
  if (folderType !== 0 && folderType !== 1 && folderType !== 2) {
    throw invalid(message("field.oneOf", { field: "folderType", allowed: "1, 2" }), "folderType");
  }
  return { page, pageSize, status: status as OnlineStatus | "", keyword, folderType };
}

/**
 * The store filter of a folder type. Books stored before folder types were chosen have none and are books (1).
 */
export function folderTypeFilter(folderType: 1 | 2): Record<string, unknown> {
  return folderType === 2 ? { folderType: 2 } : { folderType: { $ne: 2 } };
}

/** A keyword matched literally (regex characters escaped), case-insensitively. */
export function keywordPattern(keyword: string): RegExp {
  return new RegExp(keyword.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i");
}

/**
 * set-book-status: the owner switches a normal book off and on. A book still processing or in error has no status
 * to switch; a suspended (overdue) book may be switched, but stays closed to readers until its hosting is paid.
 */
export function nextBStatus(current: StatusFacts, wanted: string): number {
  if (wanted !== "enabled" && wanted !== "disabled")
    throw invalid(message("field.oneOf", { field: "status", allowed: "enabled, disabled" }), "status");
  if (current.bStatus === bookStatus.processing || current.bStatus === bookStatus.error) {
    throw new DomainError("FAILED_PRECONDITION", message("bookNotReady"), {
      details: { status: onlineStatus(current) },
    });
  }
  return wanted === "enabled" ? bookStatus.normal : bookStatus.disabled;
}
