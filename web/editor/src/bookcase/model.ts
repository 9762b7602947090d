/**
 * The bookcase's pure parts: the view of the owner's list (filters kept in the page's query so a reload or a link
 * keeps them), the rows get-book-list answers, how a row's status is shown and which actions it offers.
 */

import { formatMessage } from "@turnleaf/resource-files/message-format";

/** get-book-list statuses (spec 001 "Online book"). */
export const onlineStatuses = ["enabled", "disabled", "uploading", "error", "overdue"] as const;
export type OnlineStatus = (typeof onlineStatuses)[number];

/** Spec 000's words for them: normal, disabled, processing, error, overdue. */
export type ShownStatus = "normal" | "disabled" | "processing" | "error" | "overdue";

export const shownStatus: Record<OnlineStatus, ShownStatus> = {
  enabled: "normal",
  disabled: "disabled",
  uploading: "processing",
  error: "error",
  overdue: "overdue",
};

export const statusLabelKeys = {
  normal: "statusNormal",
  disabled: "statusDisabled",
  processing: "statusProcessing",
  error: "statusError",
  overdue: "statusOverdue",
} as const satisfies Record<ShownStatus, string>;

/** Spec 000 folder types: 1 book, 2 publication; 0 in a filter means both. */
export type FolderType = 1 | 2;
export type FolderFilter = 0 | FolderType;

/** One get-book-list row. */
export interface BookRow {
  bookId: string;
  number: string;
  title: string;
  status: OnlineStatus;
  link: string;
  pageCount: number;
  createdAt: string;
  updatedAt: string;
  folderType: FolderType;
  /** The cover thumbnail's URL; "" until a revision has finished converting. */
  cover: string;
  /** Why a book in error is (the conversion's message); "" otherwise or unknown. */
  errorReason?: string;
  /** Readers need a password. */
  locked?: boolean;
}

export interface BookList {
  total: number;
  list: BookRow[];
}

export const pageSize = 10;

/** What the bookcase shows: page (1-based), status ("" all), type (0 both), keyword. */
export interface BookcaseView {
  page: number;
  status: OnlineStatus | "";
  type: FolderFilter;
  keyword: string;
}

export const firstView: BookcaseView = { page: 1, status: "", type: 0, keyword: "" };

const isStatus = (value: string): value is OnlineStatus => (onlineStatuses as readonly string[]).includes(value);

/** The view a page query names; anything unknown falls back to the default (all, first page). */
export function viewOf(search: string): BookcaseView {
  const params = new URLSearchParams(search);
  const page = Number(params.get("page"));
  const status = params.get("status") ?? "";
  const type = Number(params.get("type"));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    status: isStatus(status) ? status : "",
    type: type === 1 || type === 2 ? type : 0,
    keyword: (params.get("q") ?? "").trim().slice(0, 100),
  };
}

/** The query keeping a view (only what differs from the default, so the plain bookcase has a plain URL). */
export function queryOfView(view: BookcaseView): Record<string, string> {
  const query: Record<string, string> = {};
  if (view.page > 1) query.page = String(view.page);
  if (view.status) query.status = view.status;
  if (view.type) query.type = String(view.type);
  if (view.keyword) query.q = view.keyword;
  return query;
}

/** get-book-list's form fields for a view: paging, filtering and searching are the server's. */
export function listFields(view: BookcaseView): Record<string, string> {
  return {
    page: String(view.page),
    pageSize: String(pageSize),
    ...(view.status ? { status: view.status } : {}),
    ...(view.type ? { folderType: String(view.type) } : {}),
    ...(view.keyword ? { keyword: view.keyword } : {}),
  };
}

/** A changed filter or search starts again at the first page. */
export function refine(view: BookcaseView, change: Partial<Omit<BookcaseView, "page">>): BookcaseView {
  return { ...view, ...change, keyword: (change.keyword ?? view.keyword).trim(), page: 1 };
}

export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * After a delete the page may be past the end (its last row went): the last page there is. Answers the view to
 * load, unchanged when the page still exists.
 */
export function afterRemoval(view: BookcaseView, totalAfter: number): BookcaseView {
  const last = pageCountOf(totalAfter);
  return view.page > last ? { ...view, page: last } : view;
}

/** What the owner may do to a row. A book converting or failed has no status to switch (set-book-status refuses). */
export function actionsOf(row: Pick<BookRow, "status" | "pageCount">): {
  edit: boolean;
  toggle: "enable" | "disable" | null;
  share: boolean;
  read: boolean;
} {
  const converted = row.status !== "uploading" && row.status !== "error";
  return {
    edit: row.status !== "error" || row.pageCount > 0,
    toggle: !converted ? null : row.status === "disabled" ? "enable" : "disable",
    share: converted,
    // The owner reads what readers get: only a book readers may open now (not disabled, overdue or converting).
    read: row.status === "enabled",
  };
}

/** Rows still converting: their progress is followed until they settle. */
export function converting(rows: readonly BookRow[]): BookRow[] {
  return rows.filter((row) => row.status === "uploading");
}

/** Fills a label's arguments (ICU MessageFormat: `{name}`, `{count, plural, …}`); a missing one stays `{name}`. */
export function fill(text: string, values: Record<string, string | number>): string {
  return formatMessage(text, values);
}

/** A row's date in the interface language (the day it last changed). */
export function dateOf(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(lang, { year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}
