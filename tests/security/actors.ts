import { randomBytes } from "node:crypto";
import type { BookRepository } from "@turnleaf/book/in-process";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { SecurityStack } from "./stack.js";

export interface Reply {
  code: string;
  msg: string;
  status: string;
  data: Record<string, unknown> | null;
}

export interface Actor {
  userId: string;
  email: string;
  cookie: string;
}

export interface Sent {
  status: number;
  reply: Reply;
  headers: Record<string, unknown>;
  body: string;
}

/** A form POST through the gateway (inject), as a browser of the same site would send it unless told otherwise. */
export async function send(
  gateway: FastifyInstance,
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<Sent> {
  const response = await gateway.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: new URLSearchParams(fields).toString(),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  let reply: Reply;
  try {
    reply = response.json() as Reply;
  } catch {
    reply = { code: "", msg: "", status: "", data: null };
  }
  return { status: response.statusCode, reply, headers: response.headers, body: response.body };
}

/** The `tl_session=…` pair a reply set, for the next request's Cookie header. */
export function sessionCookieOf(headers: Record<string, unknown>): string {
  const values = [headers["set-cookie"] ?? []].flat().map(String);
  const pair = values.map((value) => value.split(";")[0] ?? "").find((value) => value.startsWith("tl_session="));
  expect(pair, "a session cookie").toMatch(/^tl_session=[A-Za-z0-9_-]{43}$/);
  return pair as string;
}

let accounts = 0;

/** Registers an account through the gateway (from its own client address) and answers its session. */
export async function register(gateway: FastifyInstance, label: string): Promise<Actor> {
  accounts += 1;
  const email = `${label}-${accounts}-${randomBytes(3).toString("hex")}@security.test`;
  const remoteAddress = `10.77.${Math.floor(accounts / 250)}.${accounts % 250}`;
  const sent = await send(gateway, "/api/user/register", { email, password: "a good password" }, { remoteAddress });
  expect(sent.reply, sent.reply.msg).toMatchObject({ code: "OK" });
  return { userId: String(sent.reply.data?.userId), email, cookie: sessionCookieOf(sent.headers) };
}

/** A small WebP-looking body: the gateway serves asset bytes as they are. */
const pageBytes = (label: string) => Buffer.from(`RIFF....WEBPVP8 ${label}`);

/** A ready manifest of one revision with `pages` pages, each with an 800 px WebP, text and the search index. */
function manifest(bookId: string, revision: number, pages: number, state: "ready" | "converting" = "ready") {
  return {
    format: 1,
    bookId,
    revision,
    jobId: `job-${bookId}-${revision}`,
    state,
    engine: "hd-text",
    trial: false,
    pageCount: pages,
    pagesDone: pages,
    pages: Array.from({ length: pages }, (_, index) => ({
      n: index + 1,
      width: 800,
      height: 1000,
      ready: true,
      webp: { "800": `pages/${index + 1}/800.webp` },
      jpg: null,
      thumb: null,
      text: `text/${index + 1}.json`,
      links: [],
      source: { index: 0, page: index, part: "whole", region: [0, 0, 1, 1] },
    })),
    outline: [],
    search: "search.json",
    sourcePdfs: [],
    updatedAt: new Date().toISOString(),
  };
}

/** Writes a converted revision (manifest, pages, text, search index) into the books bucket and claims it. */
export async function writeRevision(
  stack: Pick<SecurityStack, "s3" | "booksBucket" | "revisions">,
  book: { bookId: string; number: string },
  revision: number,
  state: "ready" | "converting" = "ready",
): Promise<void> {
  const prefix = `books/${book.bookId}/r${revision}/`;
  const put = (key: string, body: string | Buffer) => stack.s3.putObject(stack.booksBucket, `${prefix}${key}`, body);
  await put("manifest.json", JSON.stringify(manifest(book.bookId, revision, 2, state)));
  for (const page of [1, 2]) {
    await put(`pages/${page}/800.webp`, pageBytes(`r${revision} p${page}`));
    await put(`text/${page}.json`, JSON.stringify({ items: [{ text: `revision ${revision} page ${page}` }] }));
  }
  await put("search.json", JSON.stringify([{ page: 1, text: `revision ${revision}` }]));
  await stack.revisions.tryClaim({
    uploadTaskId: `task-${book.bookId}-${revision}`,
    bookId: book.bookId,
    number: book.number,
    revision,
  });
}

let books = 0;

/** A published (normal) book of the owner, with one converted revision; teamId "0" unless told. */
export async function ownedBook(
  stack: Pick<SecurityStack, "s3" | "booksBucket" | "revisions"> & { books: BookRepository },
  owner: Actor,
  teamId = "0",
  options: { converted?: boolean } = {},
): Promise<{ bookId: string; number: string }> {
  books += 1;
  const bookId = randomBytes(12).toString("hex");
  const number = `sec${books}${randomBytes(3).toString("hex")}`;
  await stack.books.insertIfAbsent({
    bookId,
    number,
    ownerId: owner.userId,
    teamId,
    folderId: "0",
    folderType: 1,
    title: `Security book ${books}`,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  if (options.converted !== false) await writeRevision(stack, { bookId, number }, 1);
  return { bookId, number };
}
