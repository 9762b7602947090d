/**
 * The gateway's boundaries for signed-in users, on an in-process stack of their own (accounts-fixtures.ts):
 * cross-site form posts are refused before anything happens, and no user reads, changes or overwrites another's
 * book (also through the dev gateway's dev actor). Sessions and logins: accounts-sessions.test.ts.
 */
import type { BookRepository, BookRevisionRepository } from "@turnleaf/book/in-process";
import { demoPassword } from "@turnleaf/power/in-process";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../upload/fixtures.js";
import { accountsHarness } from "./accounts-fixtures.js";

const harness = accountsHarness("accounts-boundaries-test");
const { suffix, send, post, account } = harness;
let books: BookRepository;
let revisions: BookRevisionRepository;
let gateway: FastifyInstance;
let devGateway: FastifyInstance;

beforeAll(async () => {
  ({ gateway, devGateway, books, revisions } = await harness.start());
}, 60_000);

afterAll(() => harness.stop());

describe("cross-site form posts", () => {
  it("refuses a cross-site Origin with 403 and an envelope, before anything happens", async () => {
    const { cookie, userId } = await account();
    const book = await ownedBook(userId);
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { referer: "https://evil.example/page.html" },
    ];
    for (const headers of crossSite) {
      const response = await send(
        "/api/book/set-book-privacy",
        { bookId: book.bookId, access: "private" },
        { cookie, headers },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: "ERROR",
        data: { messageKey: "reader.crossSite", messageParams: {} },
        msg: "已拒绝跨站请求",
        status: "0",
        mess: "已拒绝跨站请求",
      });
    }
    expect((await books.findById(book.bookId))?.privacy?.access ?? "public").toBe("public");
    const login = await send(
      "/login.php",
      { email: "demo@turnleaf.local", password: demoPassword },
      { headers: { origin: "https://evil.example" } },
    );
    expect(login.statusCode).toBe(403);
    expect(login.headers["set-cookie"]).toBeUndefined();
  });

  it("accepts the same site, an allowed origin, and clients that send no Origin", async () => {
    const { cookie, userId } = await account();
    const book = await ownedBook(userId);
    const privacy = (headers: Record<string, string>, app = gateway) =>
      post("/api/book/get-book-privacy", { bookId: book.bookId }, { cookie, headers, app });
    expect(await privacy({ host: "books.example.com", origin: "https://books.example.com" })).toMatchObject({
      code: "OK",
    });
    expect(
      await privacy({ host: "books.example.com", referer: "https://books.example.com/book_edit2/" }),
    ).toMatchObject({ code: "OK" });
    expect(await privacy({})).toMatchObject({ code: "OK" });
    expect(await privacy({ origin: "https://editor.example.com" }, devGateway)).toMatchObject({ code: "OK" });
    expect(
      (
        await send(
          "/api/book/get-book-privacy",
          { bookId: book.bookId },
          {
            cookie,
            headers: { origin: "https://editor.example.com" },
          },
        )
      ).statusCode,
    ).toBe(403);
  });
});

let nextBook = 0;
/** A book of the user's, straight into the book service's store. */
async function ownedBook(ownerId: string): Promise<{ bookId: string; number: string }> {
  nextBook += 1;
  const bookId = `acc${suffix}${nextBook}`;
  const number = `n${suffix}${nextBook}`;
  await books.insertIfAbsent({
    bookId,
    number,
    ownerId,
    teamId: "0",
    folderId: "0",
    folderType: 1,
    title: "Someone's book",
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  return { bookId, number };
}

describe("ownership through the gateway", () => {
  it("never lets another user read or change a book", async () => {
    const owner = await account();
    const other = await account();
    const book = await ownedBook(owner.userId);

    expect(await post("/api/book/get-ready-config", { number: book.number }, { cookie: owner.cookie })).toMatchObject({
      code: "OK",
      data: { bookId: book.bookId, ownerId: owner.userId },
    });
    // The other user — and the dev gateway's dev actor when that user's cookie is sent — gets "book not found".
    for (const app of [gateway, devGateway]) {
      const as = { cookie: other.cookie, app };
      expect(await post("/api/book/get-ready-config", { number: book.number }, as)).toMatchObject({
        code: "ERROR",
        msg: "书不存在",
      });
      expect(await post("/api/book/get-book-privacy", { bookId: book.bookId }, as)).toMatchObject({
        code: "ERROR",
        msg: "书不存在",
      });
      expect(
        await post("/api/book/set-book-privacy", { bookId: book.bookId, access: "password", password: "pw" }, as),
      ).toMatchObject({ code: "ERROR", msg: "书不存在" });
      expect(await post("/api/book/reconvert-book-multi", { bookId: book.bookId }, as)).toMatchObject({
        code: "ERROR",
        msg: "书不存在",
      });
      expect(await post("/api/book/get-book-progress", { bookId: book.bookId }, as)).toMatchObject({
        code: "ERROR",
      });
    }
    expect((await books.findById(book.bookId))?.privacy?.access ?? "public").toBe("public");
    // The owner still may.
    expect(await post("/api/book/get-book-privacy", { bookId: book.bookId }, { cookie: owner.cookie })).toMatchObject({
      code: "OK",
      data: { access: "public" },
    });
  });

  it("refuses an upload overwriting another user's book: no revision is written", async () => {
    const owner = await account();
    const other = await account();
    const book = await ownedBook(owner.userId);
    const pdf = await makePdf();
    const begun = await post(
      "/api/book/begin-upload",
      {
        title: "Overwrite",
        overwrite: "1",
        bookId: book.bookId,
        files: JSON.stringify([{ name: "a.pdf", size: pdf.length, type: "application/pdf" }]),
      },
      { cookie: other.cookie },
    );
    // The overwrite target is checked at begin-upload: no task is opened for another owner's book.
    expect(begun).toMatchObject({ code: "ERROR", msg: "书不存在" });
    expect(begun.data?.taskId).toBeUndefined();
    expect(await revisions.latestRevision(book.bookId)).toBe(0);
    expect((await books.findById(book.bookId))?.ownerId).toBe(owner.userId);
  });
});
