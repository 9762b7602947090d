/**
 * Pages of a book edited through the gateway on the seven built processes (real stores): inserting a 2-page PDF at
 * position 3 of a 6-page book makes an 8-page revision whose kept pages are the old ones (their text and search
 * index renumbered) and whose TOC, bookmarks and media items followed their pages; deleting and reordering do the
 * same; two editors editing pages at once get one success and one SAVE_CONFLICT; bad values sent straight to the
 * API are refused with the catalogue's texts (Chinese by default, English when asked). The same edits in a team:
 * page-edit-team.test.ts.
 */
import { randomUUID } from "node:crypto";
import { BookRevisionRepository } from "@turnleaf/book/in-process";
import { connectMongo, createLogger } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { type Reply, uploadPdf } from "../support/system.js";
import { pageEditClient } from "./page-edit-fixtures.js";

const services = await workerSystem();
const log = createLogger({ service: "page-edit-test", level: "silent" });
let book: { bookId: string; number: string };
const { post, pagesOf, settled, textOf, insert } = pageEditClient(services.gatewayUrl, () => book);

const catalog = async () =>
  (await post("/api/book/get-book-catalog", { bookId: book.bookId })).data as unknown as {
    catalog: { title: string; page: number; children: { title: string; page: number }[] }[];
  };
const bookmarks = async () =>
  (
    (await post("/api/book/get-book-bookmark", { bookId: book.bookId })).data as {
      bookmarks: { caption: string; page: number }[];
    }
  ).bookmarks;
const media = async () =>
  (
    (await post("/api/book/get-page-media", { bookId: book.bookId })).data as {
      items: { id: string; page: number; targetPage?: number; url?: string }[];
    }
  ).items;
const pdfLinks = (items: { id: string; page: number; url?: string }[]) =>
  items
    .filter((item) => item.id.startsWith("pdf-"))
    .map((item) => `${item.id}@${item.page} ${item.url}`)
    .sort();

describe("page edits", () => {
  it("a 6-page book is uploaded and converted", async () => {
    const uploaded = await uploadPdf(services.gatewayUrl, await labelledPdf("B", 6), { title: "Pages" });
    book = { bookId: uploaded.bookId, number: uploaded.number };
    expect((await settled()).pageCount).toBe(6);
  }, 180_000);

  it("inserts a 2-page PDF at position 3: 8 pages, the TOC, bookmarks and media shifted, old pages' text right", async () => {
    const saved = await post("/api/book/save-book-catalog", {
      bookId: book.bookId,
      catalog: JSON.stringify([
        { title: "One", page: 1, children: [] },
        { title: "Four", page: 4, children: [{ title: "Six", page: 6, children: [] }] },
      ]),
    });
    expect(saved.code, saved.msg).toBe("OK");
    const marks = await post("/api/book/save-book-bookmark", {
      bookId: book.bookId,
      bookmarks: JSON.stringify([
        { caption: "two", page: 2, colour: "#336699", fontColour: "#ffffff" },
        { caption: "five", page: 5, colour: "#993366", fontColour: "#ffffff" },
      ]),
    });
    expect(marks.code, marks.msg).toBe("OK");
    for (const item of [
      {
        id: "audio4",
        page: 4,
        kind: "audio",
        x: 0.1,
        y: 0.1,
        width: 0.2,
        height: 0.1,
        url: "https://cdn.example/a.mp3",
      },
      { id: "link2", page: 2, kind: "link", x: 0.1, y: 0.5, width: 0.3, height: 0.1, targetPage: 5 },
      // Edited PDF links: their ids name their page, and pdf-4-0 must become pdf-6-0 while pdf-6-0 becomes pdf-8-0.
      { id: "pdf-4-0", page: 4, kind: "link", x: 0.1, y: 0.7, width: 0.3, height: 0.1, url: "https://pdf.example/4" },
      { id: "pdf-6-0", page: 6, kind: "link", x: 0.1, y: 0.7, width: 0.3, height: 0.1, url: "https://pdf.example/6" },
    ]) {
      const added = await post("/api/book/add-page-media", { bookId: book.bookId, item: JSON.stringify(item) });
      expect(added.code, added.msg).toBe("OK");
    }
    const before = await pagesOf();
    expect(before.pageCount).toBe(6);

    const { begun, ended, taskId } = await insert(before.revision, "3", await labelledPdf("N", 2));
    expect(begun.code, `${begun.msg} ${JSON.stringify(begun.data)}`).toBe("OK");
    expect(ended?.code, ended?.msg).toBe("OK");
    await expect
      .poll(
        async () => ((await post("/api/book/get-progress", { taskId: taskId ?? "" })).data as { phase: string }).phase,
        {
          timeout: 120_000,
          interval: 500,
        },
      )
      .toBe("ready");
    const after = await settled();
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(after.pageCount).toBe(8);

    expect(await textOf(after.revision, 1)).toContain("PAGE B1");
    expect(await textOf(after.revision, 2)).toContain("PAGE B2");
    expect(await textOf(after.revision, 3)).toBe("3:PAGE N1");
    expect(await textOf(after.revision, 4)).toBe("4:PAGE N2");
    expect(await textOf(after.revision, 6)).toBe("6:PAGE B4");
    expect(await textOf(after.revision, 8)).toBe("8:PAGE B6");
    const search = (await (
      await fetch(`${services.gatewayUrl}/b/${book.number}/assets/${after.revision}/search.json`)
    ).json()) as { pages: { page: number; text: string }[] };
    expect(search.pages.map((entry) => `${entry.page}:${entry.text.trim()}`)).toEqual([
      "1:PAGE B1",
      "2:PAGE B2",
      "3:PAGE N1",
      "4:PAGE N2",
      "5:PAGE B3",
      "6:PAGE B4",
      "7:PAGE B5",
      "8:PAGE B6",
    ]);

    await expect.poll(async () => (await catalog()).catalog[1]?.page, { timeout: 30_000 }).toBe(6);
    expect((await catalog()).catalog).toMatchObject([
      { title: "One", page: 1 },
      { title: "Four", page: 6, children: [{ title: "Six", page: 8 }] },
    ]);
    expect(await bookmarks()).toMatchObject([
      { caption: "two", page: 2 },
      { caption: "five", page: 7 },
    ]);
    const items = await media();
    expect(items.find((item) => item.id === "audio4")?.page).toBe(6);
    expect(items.find((item) => item.id === "link2")).toMatchObject({ page: 2, targetPage: 7 });
    expect(pdfLinks(items)).toEqual(["pdf-6-0@6 https://pdf.example/4", "pdf-8-0@8 https://pdf.example/6"]);
  });

  it("deletes pages: the inserted ones go, a deleted page's bookmark goes, TOC entries come back", async () => {
    const before = await settled();
    const deleted = await post("/api/book/delete-pages", {
      bookId: book.bookId,
      revision: String(before.revision),
      pages: "3-4,7",
    });
    expect(deleted.code, deleted.msg).toBe("OK");
    expect(deleted.data).toMatchObject({ pageCount: 5 });
    const after = await settled();
    expect(after.revision).toBe((deleted.data as { revision: number }).revision);
    expect(after.pageCount).toBe(5);
    expect(await textOf(after.revision, 3)).toBe("3:PAGE B3");
    expect(await textOf(after.revision, 5)).toBe("5:PAGE B6");
    await expect.poll(async () => (await catalog()).catalog[1]?.page, { timeout: 30_000 }).toBe(4);
    // "Six" pointed at old page 8 (B6), now page 5.
    expect((await catalog()).catalog[1]?.children[0]?.page).toBe(5);
    // "five" sat on page 7 (B5), deleted.
    expect(await bookmarks()).toEqual([expect.objectContaining({ caption: "two", page: 2 })]);
    expect((await media()).find((item) => item.id === "audio4")?.page).toBe(4);
    // The link to B5 (deleted) now turns to the page that took its place, B6.
    expect((await media()).find((item) => item.id === "link2")?.targetPage).toBe(5);
    expect(pdfLinks(await media())).toEqual(["pdf-4-0@4 https://pdf.example/4", "pdf-5-0@5 https://pdf.example/6"]);
  });

  it("reorders pages: each page, its text and what points at it move together", async () => {
    const before = await settled();
    const moved = await post("/api/book/move-pages", {
      bookId: book.bookId,
      revision: String(before.revision),
      order: "2,1,3,5,4",
    });
    expect(moved.code, moved.msg).toBe("OK");
    const after = await settled();
    expect(after.revision).toBeGreaterThan(before.revision);
    expect(await textOf(after.revision, 1)).toBe("1:PAGE B2");
    expect(await textOf(after.revision, 2)).toBe("2:PAGE B1");
    expect(await textOf(after.revision, 4)).toBe("4:PAGE B6");
    await expect.poll(async () => (await catalog()).catalog[0]?.page, { timeout: 30_000 }).toBe(2);
    expect(await bookmarks()).toEqual([expect.objectContaining({ caption: "two", page: 1 })]);
    expect((await media()).find((item) => item.id === "audio4")?.page).toBe(5);
    // Pages 4 and 5 swapped: so did their PDF links' ids.
    expect(pdfLinks(await media())).toEqual(["pdf-4-0@4 https://pdf.example/6", "pdf-5-0@5 https://pdf.example/4"]);
  });

  it("two editors deleting pages at once: one wins, the other gets SAVE_CONFLICT, nothing is lost", async () => {
    const before = await settled();
    // Four editors at once, each deleting another page of the same revision: exactly one edit becomes a revision.
    const replies = await Promise.all(
      ["5", "1", "2", "3"].map((pages) =>
        post("/api/book/delete-pages", { bookId: book.bookId, revision: String(before.revision), pages }),
      ),
    );
    expect(replies.map((reply) => reply.code).sort()).toEqual([
      "OK",
      "SAVE_CONFLICT",
      "SAVE_CONFLICT",
      "SAVE_CONFLICT",
    ]);
    const loser = replies.find((reply) => reply.code === "SAVE_CONFLICT") as Reply;
    expect(loser.msg).toBe("自您打开后已在别处被修改（其他标签页或其他人）：请重新加载，再次应用您的修改后保存");
    expect(loser.data).toMatchObject({ field: "pages" });
    const after = await settled();
    expect(after.pageCount).toBe(before.pageCount - 1);
    // The loser reloads and applies its change again on the new revision.
    const again = await post("/api/book/delete-pages", {
      bookId: book.bookId,
      revision: String(after.revision),
      pages: "1",
    });
    expect(again.code, again.msg).toBe("OK");
    expect((await settled()).pageCount).toBe(before.pageCount - 2);
    // An edit naming an old revision is the same conflict.
    const stale = await post("/api/book/move-pages", {
      bookId: book.bookId,
      revision: String(before.revision),
      order: "2,1,3",
    });
    expect(stale.code).toBe("SAVE_CONFLICT");
  });

  it("bases an edit on the ready revision when a later one failed: the pages are the ready ones", async () => {
    const before = await settled();
    const secondPage = (await textOf(before.revision, 2)).split(":")[1];
    // What a failed page edit leaves (or another edit claiming at the same moment): a claim on the next revision,
    // the book still ready at the one before.
    const mongo = await connectMongo({ uri: services.stores.mongodbUri, database: "turnleaf-book", log });
    let failed = 0;
    try {
      const revisions = new BookRevisionRepository(mongo);
      failed = (await revisions.latestRevision(book.bookId)) + 1;
      const claimed = await revisions.tryClaim({
        uploadTaskId: `failed-edit-${randomUUID()}`,
        bookId: book.bookId,
        number: book.number,
        revision: failed,
        pageEdit: { baseRevision: before.revision, basePageCount: before.pageCount, layout: [] },
      });
      expect(claimed).toBe(true);
    } finally {
      await mongo.close();
    }
    const deleted = await post("/api/book/delete-pages", {
      bookId: book.bookId,
      revision: String(before.revision),
      pages: "1",
    });
    expect(deleted.code, deleted.msg).toBe("OK");
    const after = await settled();
    expect(after.revision).toBe(failed + 1);
    expect(after.pageCount).toBe(before.pageCount - 1);
    expect(await textOf(after.revision, 1)).toBe(`1:${secondPage}`);
  });

  it("refuses bad values sent straight to the API", async () => {
    const state = await settled();
    const revision = String(state.revision);
    const pdf = await labelledPdf("X", 1);

    const zero = (await insert(state.revision, "0", pdf)).begun;
    expect(zero.code).toBe("ERROR");
    expect(zero.msg).toBe(`插入位置必须是 1 到 ${state.pageCount + 1} 之间的页码`);
    const beyond = (await insert(state.revision, String(state.pageCount + 2), pdf, "new.pdf", "en")).begun;
    expect(beyond.msg).toBe(`the insert position must be a page number from 1 to ${state.pageCount + 1}`);
    expect((await insert(state.revision, "two", pdf)).begun.code).toBe("ERROR");

    const all = await post("/api/book/delete-pages", { bookId: book.bookId, revision, pages: `1-${state.pageCount}` });
    expect(all.msg).toBe("书至少要保留一页：不能删除所有页面");
    const outside = await post("/api/book/delete-pages", { bookId: book.bookId, revision, pages: "99" }, "en");
    expect(outside.msg).toBe(`choose pages of the book to delete (1 to ${state.pageCount}), each once`);
    const partial = await post("/api/book/move-pages", { bookId: book.bookId, revision, order: "1,1,2" });
    expect(partial.code).toBe("ERROR");
    expect((partial.data as { messageKey: string }).messageKey).toBe("pages.badOrder");

    // A text file by its name, and a "PDF" that is not one by its bytes.
    const text = Buffer.from("not a pdf at all");
    const byName = (await insert(state.revision, "1", text, "notes.txt")).begun;
    expect(byName.code).toBe("ERROR");
    const byBytes = await insert(state.revision, "1", text, "fake.pdf");
    expect(byBytes.begun.code).toBe("OK");
    expect(byBytes.ended?.code).toBe("ERROR");

    // 998 pages more would pass 1000: refused when the upload completes, nothing converted.
    const big = await insert(state.revision, "2", await labelledPdf("Y", 1001 - state.pageCount));
    expect(big.ended?.code).toBe("ERROR");
    expect(big.ended?.msg).toBe(
      `一本书最多 1000 页：现有 ${state.pageCount} 页，文件将增加 ${1001 - state.pageCount} 页`,
    );

    const unchanged = await settled();
    expect(unchanged.revision).toBe(state.revision);
    expect(unchanged.pageCount).toBe(state.pageCount);
  }, 120_000);
});
