import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bookAssets } from "@turnleaf/gateway/in-process";
import { createS3Client } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { bookOwner, type CommentStack, otherUser, startCommentStack } from "./comment-stack.js";

// Readers' messages (BookLeaveMessage plugin) through the real gateway, the book and power services in this process
// on the run's real MongoDB-wire server: the public post-comment / comment.json paths under the reader's privacy
// rules and the abuse limit, and the owner's list and delete. The gateway acts as user 10001 (the books' owner) or
// 20002 (another user).
const stores = workerStores();
const host = "books.example.com";

let stack: CommentStack;
let gateway: FastifyInstance;
let otherGateway: FastifyInstance;

beforeAll(async () => {
  stack = await startCommentStack(stores, "comments");
  // The reader's routes are there for the password form (/b/<link>/unlock), which sets the grant cookie.
  const distDir = await mkdtemp(join(tmpdir(), "turnleaf-comments-"));
  await mkdir(join(distDir, "assets"));
  await writeFile(join(distDir, "index.html"), "<!doctype html><html><head></head><body></body></html>");
  const reader = {
    assets: bookAssets(createS3Client(stores.s3), `turnleaf-books-comments-${stack.suffix}`),
    distDir,
    grantSecret: "comments-secret-comments-secret-comments",
  };
  gateway = await stack.gateway(bookOwner, reader);
  otherGateway = await stack.gateway(otherUser, reader);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

interface Reply {
  code: string;
  msg: string;
  status: string;
  mess: string;
  data: Record<string, unknown> | null;
}

interface Listed {
  id: string;
  name: string;
  message: string;
  createdAt: string;
}

async function post(
  path: string,
  fields: Record<string, string>,
  options: { app?: FastifyInstance; ip?: string; cookie?: string; origin?: string } = {},
) {
  const response = await (options.app ?? gateway).inject({
    method: "POST",
    url: path,
    remoteAddress: options.ip ?? "127.0.0.1",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.origin ? { origin: options.origin } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return { status: response.statusCode, reply: response.json() as Reply, headers: response.headers };
}

async function list(link: string, options: { page?: number; cookie?: string } = {}) {
  const response = await gateway.inject({
    method: "GET",
    url: `/b/${link}/_meta/comment/comment.json${options.page ? `?page=${options.page}` : ""}`,
    headers: { host, ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
}

const ok = (reply: Reply) => {
  expect(reply, JSON.stringify(reply)).toMatchObject({ code: "OK", status: "1" });
  return reply.data as Record<string, unknown>;
};

/** A published book of user 10001, with the leave-message plugin switched on through update-book unless `off`. */
async function newBook(off = false): Promise<{ bookId: string; number: string }> {
  const book = await stack.newBook();
  if (!off) {
    const { reply } = await post("/api/book/update-book", {
      bookId: book.bookId,
      bookConfig: JSON.stringify({ MessageButtonVisible: "Show" }),
    });
    ok(reply);
  }
  return book;
}

describe("readers' messages", () => {
  it("posts a message and lists it newest first, trimmed and stripped of control characters, markup kept as text", async () => {
    const book = await newBook();
    const first = await post(`/b/${book.number}/post-comment`, { name: "  Ann  ", message: "Lovely\u0007 book " });
    expect(first.status).toBe(200);
    expect(ok(first.reply)).toMatchObject({ name: "Ann", message: "Lovely book" });
    ok((await post(`/b/${book.number}/post-comment`, { name: "Bo", message: "<b>bold</b>" })).reply);
    const listed = await list(book.number);
    expect(listed.status).toBe(200);
    expect(listed.headers["x-total-count"]).toBe("2");
    expect(listed.headers["x-leave-message"]).toBe("on");
    expect(String(listed.headers["cache-control"])).toMatch(/max-age=\d+/);
    expect((listed.body as Listed[]).map(({ name, message }) => ({ name, message }))).toEqual([
      { name: "Bo", message: "<b>bold</b>" },
      { name: "Ann", message: "Lovely book" },
    ]);
  });

  it("refuses an empty or too long message with the field's text, and a post from another site", async () => {
    const book = await newBook();
    const empty = await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "   " });
    expect(empty.reply).toMatchObject({ code: "ERROR", status: "0", msg: "请输入留言内容" });
    const long = await post(`/b/${book.number}/post-comment`, { name: "n".repeat(41), message: "hi" });
    expect(long.reply).toMatchObject({ code: "ERROR", msg: "姓名最多 40 个字符" });
    const cross = await post(
      `/b/${book.number}/post-comment`,
      { name: "Ann", message: "hi" },
      {
        origin: "https://elsewhere.example",
      },
    );
    expect(cross.status).toBe(403);
    expect((await list(book.number)).body).toEqual([]);
  });

  it("takes five messages per address and book in ten minutes, then refuses that address only", async () => {
    const book = await newBook();
    for (let index = 1; index <= 5; index += 1) {
      ok(
        (await post(`/b/${book.number}/post-comment`, { name: "Flood", message: `m${index}` }, { ip: "10.9.0.1" }))
          .reply,
      );
    }
    const sixth = await post(`/b/${book.number}/post-comment`, { name: "Flood", message: "m6" }, { ip: "10.9.0.1" });
    expect(sixth.reply).toMatchObject({ code: "ERROR", msg: "留言过于频繁，请稍后再试" });
    ok((await post(`/b/${book.number}/post-comment`, { name: "Other", message: "hello" }, { ip: "10.9.0.2" })).reply);
    expect((await list(book.number)).headers["x-total-count"]).toBe("6");
  });

  it("keeps the allowance when one address posts many messages at once", async () => {
    const book = await newBook();
    const posts = Array.from({ length: 8 }, (_, index) =>
      post(`/b/${book.number}/post-comment`, { name: "Burst", message: `b${index}` }, { ip: "10.7.0.1" }),
    );
    const replies = (await Promise.all(posts)).map(({ reply }) => reply);
    const accepted = replies.filter((reply) => reply.code === "OK").length;
    expect(accepted).toBeLessThanOrEqual(5);
    for (const reply of replies.filter((one) => one.code !== "OK")) {
      expect(reply.msg).toBe("留言过于频繁，请稍后再试");
    }
    expect((await list(book.number)).headers["x-total-count"]).toBe(String(accepted));
  });

  it("pages the list by twenty", async () => {
    const book = await newBook();
    for (let index = 1; index <= 21; index += 1) {
      ok(
        (await post(`/b/${book.number}/post-comment`, { name: "P", message: `m${index}` }, { ip: `10.8.0.${index}` }))
          .reply,
      );
    }
    const firstPage = (await list(book.number)).body as Listed[];
    const secondPage = (await list(book.number, { page: 2 })).body as Listed[];
    expect(firstPage).toHaveLength(20);
    expect(firstPage[0]?.message).toBe("m21");
    expect(secondPage.map((comment) => comment.message)).toEqual(["m1"]);
  });

  it("refuses posts to a book without the plugin and answers it an empty list", async () => {
    const book = await newBook(true);
    const refused = await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "hi" });
    expect(refused.reply).toMatchObject({ code: "ERROR", status: "0", msg: "此书未开启留言" });
    const listed = await list(book.number);
    expect(listed.body).toEqual([]);
    expect(listed.headers["x-leave-message"]).toBe("off");
    // Switching the button off removes the plugin: posts stop.
    const on = await newBook();
    ok(
      (await post("/api/book/update-book", { bookId: on.bookId, bookConfig: '{"MessageButtonVisible":"Hide"}' })).reply,
    );
    expect((await post(`/b/${on.number}/post-comment`, { name: "A", message: "b" })).reply.msg).toBe("此书未开启留言");
  });

  it("answers 404 for private, disabled and unknown books", async () => {
    const book = await newBook();
    ok((await post("/api/book/set-book-privacy", { bookId: book.bookId, access: "private" })).reply);
    const disabled = await newBook();
    ok((await post("/api/book/set-book-status", { bookId: disabled.bookId, status: "disabled" })).reply);
    for (const link of [book.number, disabled.number, `nope${stack.suffix}`]) {
      const posted = await post(`/b/${link}/post-comment`, { name: "Ann", message: "hi" });
      expect(posted.status, link).toBe(404);
      expect(posted.reply).toMatchObject({ code: "ERROR", msg: "书不存在" });
      expect((await list(link)).status, link).toBe(404);
    }
  });

  it("needs the reader's grant on a password book", async () => {
    const book = await newBook();
    ok(
      (
        await post("/api/book/set-book-privacy", {
          bookId: book.bookId,
          access: "password",
          mode: "single",
          password: "letmein",
          fromPage: "1",
        })
      ).reply,
    );
    const refused = await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "hi" });
    expect(refused.status).toBe(403);
    expect(refused.reply).toMatchObject({ code: "ERROR", msg: "此书受密码保护" });
    expect((await list(book.number)).status).toBe(403);
    const unlocked = await post(`/b/${book.number}/unlock`, { password: "letmein" });
    ok(unlocked.reply);
    const cookie = String(unlocked.headers["set-cookie"]).split(";")[0] ?? "";
    ok((await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "hi" }, { cookie })).reply);
    const listed = await list(book.number, { cookie });
    expect(listed.status).toBe(200);
    expect(String(listed.headers["cache-control"])).toContain("private");
    expect((listed.body as Listed[]).map((comment) => comment.message)).toEqual(["hi"]);
  });

  it("lets the owner list and delete messages, and no other user", async () => {
    const book = await newBook();
    ok((await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "first" })).reply);
    ok((await post(`/b/${book.number}/post-comment`, { name: "Bo", message: "second" })).reply);
    const owned = ok((await post("/api/book/get-book-comments", { bookId: book.bookId, page: "1" })).reply);
    expect(owned).toMatchObject({ total: 2, pageSize: 20 });
    const [newest] = owned.comments as Listed[];
    expect(newest?.message).toBe("second");

    const stranger = { app: otherGateway };
    expect((await post("/api/book/get-book-comments", { bookId: book.bookId }, stranger)).reply).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
    const strangerDelete = await post(
      "/api/book/delete-book-comment",
      { bookId: book.bookId, commentId: newest?.id ?? "" },
      stranger,
    );
    expect(strangerDelete.reply).toMatchObject({ code: "ERROR", msg: "书不存在" });

    expect(
      ok((await post("/api/book/delete-book-comment", { bookId: book.bookId, commentId: newest?.id ?? "" })).reply),
    ).toEqual({
      deleted: true,
    });
    const again = await post("/api/book/delete-book-comment", { bookId: book.bookId, commentId: newest?.id ?? "" });
    expect(again.reply).toMatchObject({ code: "ERROR", msg: "留言不存在" });
    expect(((await list(book.number)).body as Listed[]).map((comment) => comment.message)).toEqual(["first"]);
  });

  it("deletes a book's messages with the book", async () => {
    const book = await newBook();
    ok((await post(`/b/${book.number}/post-comment`, { name: "Ann", message: "bye" })).reply);
    expect((await stack.comments.page(book.bookId, 1, 20)).total).toBe(1);
    ok((await post("/api/book/delete-book", { bookId: book.bookId })).reply);
    expect((await stack.comments.page(book.bookId, 1, 20)).total).toBe(0);
    expect((await list(book.number)).status).toBe(404);
  });
});
