/**
 * What the page-edit tests share (page-edit.test.ts, page-edit-team.test.ts): form posts to the gateway as a user,
 * a book's pages once no conversion runs, a page's stored text, and insert-pages with its bytes.
 */
import { expect } from "vitest";
import { form, type Reply } from "../support/system.js";

export interface PagesData {
  revision: number;
  pageCount: number;
  converting: boolean;
  pages: { n: number; thumb: string }[];
}

export type Book = { bookId: string; number: string };

/** The helpers on the gateway at `gatewayUrl`; a helper not told the book acts on `current()`. */
export function pageEditClient(gatewayUrl: string, current: () => Book) {
  const services = { gatewayUrl };

  /** A form POST; with `cookie` as that session's user, without it as the stack's demo user (10001). */
  async function post(path: string, fields: Record<string, string>, language = "", cookie = ""): Promise<Reply> {
    const response = await fetch(`${services.gatewayUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(language ? { "accept-language": language } : {}),
        ...(cookie ? { cookie } : {}),
      },
      body: form(fields),
    });
    return (await response.json()) as Reply;
  }

  const pagesOf = async (of = current(), cookie = "") =>
    (await post("/api/book/get-pages", { bookId: of.bookId }, "", cookie)).data as unknown as PagesData;

  /** Waits until no conversion runs and answers the pages then. */
  async function settled(of = current(), cookie = ""): Promise<PagesData> {
    await expect
      .poll(async () => (await pagesOf(of, cookie)).converting, { timeout: 120_000, interval: 500 })
      .toBe(false);
    return pagesOf(of, cookie);
  }

  async function textOf(revision: number, page: number, of = current()): Promise<string> {
    const response = await fetch(`${services.gatewayUrl}/b/${of.number}/assets/${revision}/text/${page}.json`);
    if (!response.ok) return `(${response.status})`;
    const text = (await response.json()) as { page: number; items: { text: string }[] };
    return `${text.page}:${text.items.map((item) => item.text).join(" ")}`;
  }

  /** insert-pages, the bytes, end-upload: the end-upload reply (`as`: another book, a session, a team). */
  async function insert(
    revision: number,
    position: string,
    bytes: Buffer,
    name = "new.pdf",
    language = "",
    as: { of?: { bookId: string }; cookie?: string; teamId?: string } = {},
  ) {
    const begun = await post(
      "/api/book/insert-pages",
      {
        bookId: (as.of ?? current()).bookId,
        revision: String(revision),
        position,
        files: JSON.stringify([{ name, size: bytes.length, type: "application/pdf" }]),
        ...(as.teamId ? { teamId: as.teamId } : {}),
      },
      language,
      as.cookie,
    );
    if (begun.code !== "OK") return { begun, ended: undefined };
    const task = begun.data as { taskId: string; files: { fileId: string }[] };
    const sent = await fetch(
      `${services.gatewayUrl}/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId}&offset=0`,
      {
        method: "POST",
        headers: { "content-type": "application/octet-stream", ...(as.cookie ? { cookie: as.cookie } : {}) },
        body: new Uint8Array(bytes),
      },
    );
    expect(((await sent.json()) as Reply).code).toBe("OK");
    const ended = await post("/api/book/end-upload", { taskId: task.taskId }, language, as.cookie);
    return { begun, ended, taskId: task.taskId };
  }

  return { post, pagesOf, settled, textOf, insert };
}
