import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { bookOwner, type MediaStack, otherUser, startMediaStack } from "./media-stack.js";

// Media items on pages through the real gateway and the book service (with the power service) in this process on
// the run's real stores: the owner's one-item writes and their checks, another user's refusal, and book.json
// carrying the items on their pages with the PDF links the owner edited or removed replaced.
const stores = workerStores();

let stack: MediaStack;
let owner: FastifyInstance;
let other: FastifyInstance;

beforeAll(async () => {
  const distDir = await mkdtemp(join(tmpdir(), "turnleaf-media-"));
  await mkdir(join(distDir, "assets"));
  await writeFile(
    join(distDir, "index.html"),
    "<!doctype html><html><head><!--turnleaf:head--></head><body><!--turnleaf:body--></body></html>",
  );
  stack = await startMediaStack(stores, "media", { reader: distDir });
  owner = await stack.gateway(bookOwner);
  other = await stack.gateway(otherUser);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

async function post(path: string, fields: Record<string, string>, app = owner): Promise<Reply> {
  const response = await app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json() as Reply;
}

const add = (bookId: string, item: Record<string, unknown>, app = owner) =>
  post("/api/book/add-page-media", { bookId, item: JSON.stringify(item) }, app);

async function bookJson(number: string) {
  const response = await owner.inject({ method: "GET", url: `/b/${number}/book.json` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    pages: { number: number; links: { id: string; url?: string; page?: number }[]; media?: { id: string }[] }[];
  };
}

const link = { kind: "link", page: 3, x: 0.1, y: 0.2, width: 0.3, height: 0.1 };

describe("media items on pages", () => {
  it("adds, updates and deletes one item at a time and lists them by page", async () => {
    const book = await stack.publishedBook(4);
    const added = await add(book.bookId, { ...link, id: "l1", targetPage: 2, text: "  To page 2\u0007 " });
    expect(added).toMatchObject({ code: "OK", data: { id: "l1", kind: "link", targetPage: 2, text: "To page 2" } });
    const video = await add(book.bookId, {
      id: "v1",
      kind: "video",
      page: 3,
      x: 0.5,
      y: 0.5,
      width: 0.4,
      height: 0.3,
      embedUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      autoplay: true,
    });
    expect(video.data).toMatchObject({
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      autoplay: true,
    });
    expect((await add(book.bookId, { ...link, id: "l1", url: "https://x.org" })).msg).toBe("已存在此 ID 的项目");

    const moved = await post("/api/book/update-page-media", {
      bookId: book.bookId,
      item: JSON.stringify({ ...link, id: "l1", x: 0.6, url: "https://example.com/" }),
    });
    expect(moved.data).toMatchObject({ id: "l1", x: 0.6, url: "https://example.com/" });
    expect(moved.data).not.toHaveProperty("targetPage");

    const listed = await post("/api/book/get-page-media", { bookId: book.bookId });
    expect(((listed.data?.items ?? []) as { id: string; x: number }[]).map(({ id, x }) => ({ id, x }))).toEqual([
      { id: "l1", x: 0.6 },
      { id: "v1", x: 0.5 },
    ]);
    expect(await post("/api/book/delete-page-media", { bookId: book.bookId, id: "v1" })).toMatchObject({
      code: "OK",
      data: { deleted: true },
    });
    expect((await post("/api/book/delete-page-media", { bookId: book.bookId, id: "v1" })).msg).toBe("项目不存在");
    const after = await post("/api/book/get-page-media", { bookId: book.bookId });
    expect(((after.data?.items ?? []) as { id: string }[]).map(({ id }) => id)).toEqual(["l1"]);
  });

  it("refuses what is not a safe, well-placed item", async () => {
    const book = await stack.publishedBook(4);
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...link, id: "a", url: "javascript:alert(1)" }, "地址必须以 http:// 或 https:// 开头"],
      [{ ...link, id: "a", x: 0.8, targetPage: 1 }, "项目必须位于页面内（0 到 1）"],
      [{ ...link, id: "a", targetPage: 9 }, "该页不是本书的页面"],
      [{ ...link, id: "a", page: 5, targetPage: 1 }, "该页不是本书的页面"],
      [{ ...link, id: "a", page: 3e9, targetPage: 1 }, "该页不是本书的页面"],
      [{ ...link, id: "a", targetPage: "1e400" }, "链接指向本书的某一页或一个网址"],
      [{ ...link, id: "a/b", targetPage: 1 }, "项目 ID 须为 1 到 40 个字母、数字、- 或 _"],
      [{ ...link, id: "a", kind: "script", targetPage: 1 }, "类型必须是以下之一：link, video, audio, image, note"],
      [
        { ...link, id: "a", kind: "video", url: "https://x.org/clip.swf" },
        "视频必须是 MP4 或 WebM 文件，或 YouTube、Vimeo、Bilibili、优酷地址",
      ],
      [{ ...link, id: "a", kind: "note", text: " \u0000 " }, "请输入注释内容"],
    ];
    for (const [item, message] of refusals) {
      const reply = await add(book.bookId, item);
      expect(reply, JSON.stringify(item)).toMatchObject({ code: "ERROR", msg: message });
    }
    const broken = await post("/api/book/add-page-media", { bookId: book.bookId, item: "{" });
    expect(broken).toMatchObject({ code: "ERROR", data: { messageKey: "invalidJson" } });
  });

  it("holds at most 50 items on a page, also when they are added at once", async () => {
    const book = await stack.publishedBook(2);
    const note = (id: string) => ({ ...link, page: 1, id, kind: "note", text: id });
    // A burst: each add counts again after writing and undoes itself when the page went over.
    const replies = await Promise.all(Array.from({ length: 56 }, (_, index) => add(book.bookId, note(`n${index}`))));
    // At least the 6 over the limit are refused (on a loaded machine some may answer a deadline instead).
    expect(replies.filter((reply) => reply.code !== "OK").length).toBeGreaterThanOrEqual(6);
    const count = async () =>
      (((await post("/api/book/get-page-media", { bookId: book.bookId })).data?.items ?? []) as unknown[]).length;
    // On a loaded machine a call may answer (deadline) before its write and undo are done: wait until it settles.
    let kept = await count();
    for (let settled = false; !settled; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const again = await count();
      settled = again === kept;
      kept = again;
    }
    expect(kept).toBeLessThanOrEqual(50);
    // One after another, the page fills up to exactly 50.
    for (let index = kept; index < 50; index += 1) expect((await add(book.bookId, note(`s${index}`))).code).toBe("OK");
    expect((await add(book.bookId, note("over"))).msg).toBe("每页最多 50 个项目");
    expect(await count()).toBe(50);
    // Another page still takes items.
    expect((await add(book.bookId, { ...note("p2"), page: 2 })).code).toBe("OK");
  }, 60_000);

  it("keeps another user out: their calls answer 'book not found' and change nothing", async () => {
    const book = await stack.publishedBook(3);
    expect((await add(book.bookId, { ...link, id: "mine", targetPage: 1 })).code).toBe("OK");
    expect((await add(book.bookId, { ...link, id: "theirs", targetPage: 1 }, other)).msg).toBe("书不存在");
    expect((await post("/api/book/get-page-media", { bookId: book.bookId }, other)).msg).toBe("书不存在");
    expect((await post("/api/book/delete-page-media", { bookId: book.bookId, id: "mine" }, other)).msg).toBe(
      "书不存在",
    );
    const listed = await post("/api/book/get-page-media", { bookId: book.bookId });
    expect(((listed.data?.items ?? []) as { id: string }[]).map(({ id }) => id)).toEqual(["mine"]);
  });

  it("puts the items on their pages in book.json and replaces the PDF links the owner edited or removed", async () => {
    const book = await stack.publishedBook(4, {
      3: [
        { box: [0.1, 0.1, 0.2, 0.05], url: "https://pdf.example/a" },
        { box: [0.1, 0.3, 0.2, 0.05], page: 1 },
        { box: [0.1, 0.5, 0.2, 0.05], url: "https://pdf.example/c" },
      ],
    });
    const before = await bookJson(book.number);
    expect(before.pages[2]?.links.map((l) => l.id)).toEqual(["pdf-3-0", "pdf-3-1", "pdf-3-2"]);
    expect(before.pages[2]?.media).toBeUndefined();

    // The first PDF link edited (materialised with its id), the third removed.
    const edited = await add(book.bookId, { ...link, id: "pdf-3-0", url: "https://edited.example/" });
    expect(edited.data).toMatchObject({ origin: "pdf", url: "https://edited.example/" });
    expect(await post("/api/book/delete-page-media", { bookId: book.bookId, id: "pdf-3-2" })).toMatchObject({
      code: "OK",
    });
    expect((await add(book.bookId, { ...link, id: "n1", kind: "note", text: "hello" })).code).toBe("OK");

    const after = await bookJson(book.number);
    expect(after.pages[2]?.links.map((l) => l.id)).toEqual(["pdf-3-1"]);
    expect(after.pages[2]?.media?.map((item) => item.id)).toEqual(["pdf-3-0", "n1"]);
    expect(after.pages[0]?.media).toBeUndefined();
    const listed = await post("/api/book/get-page-media", { bookId: book.bookId });
    expect(listed.data?.removedPdfLinks).toEqual(["pdf-3-2"]);

    // The reader's page carries the same book inline.
    const html = await owner.inject({ method: "GET", url: `/b/${book.number}/3` });
    expect(html.body).toContain('"id":"n1"');
  });
});
