/**
 * turnleaf books [list|enable|disable|delete]: the user's online books through the gateway (get-book-list,
 * set-book-status, delete-book). Statuses: enabled, disabled, overdue, uploading, error (spec 001 §3).
 */
import { Cloud, CloudRefusal } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";

export interface OnlineBook {
  bookId: string;
  number: string;
  title: string;
  status: "enabled" | "disabled" | "overdue" | "uploading" | "error";
  link: string;
  pageCount: number;
  createdAt: string;
  updatedAt: string;
  /** Spec 000 folder type: 1 book, 2 publication. */
  folderType: number;
}

export interface BooksOptions {
  action: string | undefined;
  bookId: string | undefined;
  server: string | undefined;
  page: string | undefined;
  pageSize: string | undefined;
  status: string | undefined;
  /** book or publication (spec 000 folder types 1 and 2); absent: both. */
  type: string | undefined;
  keyword: string | undefined;
  yes: boolean;
  json: boolean;
}

const statuses = ["enabled", "disabled", "overdue", "uploading", "error"];
const folderTypes: Record<string, string> = { book: "1", publication: "2" };

export async function books(context: Context, options: BooksOptions): Promise<void> {
  const action = options.action ?? "list";
  const cloud = await Cloud.open(context, options.server);
  if (!cloud.loggedIn) throw new CliError(text("loginTimeout"), 77);
  if (action === "list") return list(context, cloud, options);
  if (!["enable", "disable", "delete"].includes(action)) {
    throw new UsageError(text("booksAction", { action }));
  }
  if (!options.bookId) throw new UsageError(text("booksNameBook", { action }));
  if (action === "delete") {
    if (!options.yes) throw new UsageError(text("booksDeleteConfirm"));
    await cloud.post("/api/book/delete-book", { bookId: options.bookId });
    context.print(
      options.json
        ? JSON.stringify({ bookId: options.bookId, deleted: true })
        : context.t("bookDeleted", { bookId: options.bookId }),
    );
    return;
  }
  const status = action === "enable" ? "enabled" : "disabled";
  await cloud.post("/api/book/set-book-status", { bookId: options.bookId, status });
  context.print(
    options.json
      ? JSON.stringify({ bookId: options.bookId, status })
      : context.t("bookStatusSet", { bookId: options.bookId, status: context.t(`bookStatus_${status}`) }),
  );
}

async function list(context: Context, cloud: Cloud, options: BooksOptions): Promise<void> {
  if (options.status !== undefined && !statuses.includes(options.status)) {
    throw new UsageError(text("booksStatusFlag", { statuses: statuses.join(", ") }));
  }
  if (options.type !== undefined && !folderTypes[options.type]) {
    throw new UsageError(text("booksTypeFlag"));
  }
  let data: { total: number; list: OnlineBook[] };
  try {
    data = await cloud.post("/api/book/get-book-list", {
      page: options.page ?? "1",
      pageSize: options.pageSize ?? "20",
      ...(options.status ? { status: options.status } : {}),
      ...(options.type ? { folderType: folderTypes[options.type] as string } : {}),
      ...(options.keyword ? { keyword: options.keyword } : {}),
    });
  } catch (error) {
    if (error instanceof CloudRefusal && error.exitCode !== 77) {
      throw new CliError(text("bookListFailed", { detail: error.text }), error.exitCode);
    }
    throw error;
  }
  if (options.json) {
    context.print(JSON.stringify(data));
    return;
  }
  context.print(context.t("onlineBooks", { count: data.total }));
  for (const book of data.list) {
    const status = context.t(`bookStatus_${book.status}`);
    const type = context.t(book.folderType === 2 ? "bookTypePublication" : "bookTypeBook");
    const pages = context.t("pageCount", { count: book.pageCount });
    context.print(
      `${book.bookId}  ${status.padEnd(9)}  ${type.padEnd(11)}  ${pages.padStart(8)}  ${book.updatedAt.slice(0, 10)}  ${book.title}  ${book.link}`,
    );
  }
}
