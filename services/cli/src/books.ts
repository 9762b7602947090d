/**
 * turnleaf books [list|enable|disable|delete]: the user's online books through the gateway (get-book-list,
 * set-book-status, delete-book). Statuses: enabled, disabled, overdue, uploading, error (spec 001 §3).
 */
import { Cloud, CloudRefusal, cloudMessages } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError, UsageError } from "./errors.js";

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
  if (!cloud.loggedIn) throw new CliError(cloudMessages.loginTimeout, 77);
  if (action === "list") return list(context, cloud, options);
  if (!["enable", "disable", "delete"].includes(action)) {
    throw new UsageError(`unknown books action ${action}: list, enable, disable or delete`);
  }
  if (!options.bookId) throw new UsageError(`name the book: turnleaf books ${action} <bookId>`);
  if (action === "delete") {
    if (!options.yes) throw new UsageError("deleting an online book cannot be undone: add --yes to confirm");
    await cloud.post("/api/book/delete-book", { bookId: options.bookId });
    context.print(
      options.json ? JSON.stringify({ bookId: options.bookId, deleted: true }) : `deleted ${options.bookId}`,
    );
    return;
  }
  const status = action === "enable" ? "enabled" : "disabled";
  await cloud.post("/api/book/set-book-status", { bookId: options.bookId, status });
  context.print(options.json ? JSON.stringify({ bookId: options.bookId, status }) : `${options.bookId}: ${status}`);
}

async function list(context: Context, cloud: Cloud, options: BooksOptions): Promise<void> {
  if (options.status !== undefined && !statuses.includes(options.status)) {
    throw new UsageError(`--status must be one of ${statuses.join(", ")}`);
  }
  if (options.type !== undefined && !folderTypes[options.type]) {
    throw new UsageError("--type must be book or publication");
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
      throw new CliError(cloudMessages.bookList(error.message), error.exitCode);
    }
    throw error;
  }
  if (options.json) {
    context.print(JSON.stringify(data));
    return;
  }
  context.print(`${data.total} online book${data.total === 1 ? "" : "s"}`);
  for (const book of data.list) {
    context.print(
      `${book.bookId}  ${book.status.padEnd(9)}  ${(book.folderType === 2 ? "publication" : "book").padEnd(11)}  ${String(book.pageCount).padStart(4)} p.  ${book.updatedAt.slice(0, 10)}  ${book.title}  ${book.link}`,
    );
  }
}
