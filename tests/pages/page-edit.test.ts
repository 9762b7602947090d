/**
 * Pages of a book edited through the gateway on the seven built processes (real stores): inserting a 2-page PDF at
 * position 3 of a 6-page book makes an 8-page revision whose kept pages are the old ones (their text and search
 * index renumbered) and whose TOC, bookmarks and media items followed their pages; deleting and reordering do the
 * same; two editors editing pages at once get one success and one SAVE_CONFLICT; bad values sent straight to the
 * API are refused with the catalogue's texts (Chinese by default, English when asked). In a team: a member whose role
 * may edit deletes, reorders and inserts pages of the owner's team book; a view-only role, an owner whose role lacks
 * selfKey and a team on a free plan are refused with their texts, a stranger finds no book; a private book's
 * thumbnails reach its owner and team only; a member and the owner editing at once: one wins, SAVE_CONFLICT.
 */
import { randomUUID } from "node:crypto";
import { BookRevisionRepository } from "@turnleaf/book/in-process";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { connectMongo, createClient, createLogger } from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { form, type Reply, uploadPdf } from "../support/system.js";

const services = await workerSystem();
const log = createLogger({ service: "page-edit-test", level: "silent" });
let book: { bookId: string; number: string };

interface PagesData {
  revision: number;
  pageCount: number;
  converting: boolean;
  pages: { n: number; thumb: string }[];
}

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

const pagesOf = async (of = book, cookie = "") =>
  (await post("/api/book/get-pages", { bookId: of.bookId }, "", cookie)).data as unknown as PagesData;

/** Waits until no conversion runs and answers the pages then. */
async function settled(of = book, cookie = ""): Promise<PagesData> {
  await expect
    .poll(async () => (await pagesOf(of, cookie)).converting, { timeout: 120_000, interval: 500 })
    .toBe(false);
  return pagesOf(of, cookie);
}

async function textOf(revision: number, page: number, of = book): Promise<string> {
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
      bookId: (as.of ?? book).bookId,
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

beforeAll(async () => {}, 240_000);

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

/** A new user signed up through the gateway: their session cookie and id. */
async function signUp(label: string): Promise<{ cookie: string; userId: string }> {
  const email = `pages-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@turnleaf.local`;
  const response = await fetch(`${services.gatewayUrl}/api/user/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form({ email, password: "a good password" }),
  });
  const reply = (await response.json()) as Reply;
  expect(reply.code, reply.msg).toBe("OK");
  const cookie = (response.headers.getSetCookie().find((value) => value.startsWith("tl_session=")) ?? "").split(";")[0];
  return { cookie: cookie ?? "", userId: String(reply.data?.userId) };
}

// The same edits in a team (spec 000 §6): the editor sends the team id, a member acts as type 13 with the team's plan
// and the role's book power; the owner (the demo user) is a member too, whose own book is asked with selfKey.
describe("page edits in a team", () => {
  const teamId = String(700_000 + Math.floor(Math.random() * 99_999));
  const demoId = "10001";
  const editPower = "没有编辑书籍设置功能的权限，请联系客服开通";
  let admin: ReturnType<typeof createClient<typeof PowerAdminService>>;
  let member: { cookie: string; userId: string };
  let viewer: { cookie: string; userId: string };
  let stranger: { cookie: string; userId: string };
  let teamBook: { bookId: string; number: string };

  const as = (who: { cookie: string }, path: string, fields: Record<string, string>, language = "") =>
    post(path, { bookId: teamBook.bookId, ...fields }, language, who.cookie);
  const owner = { cookie: "" };

  beforeAll(async () => {
    admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
    const all = ["BOOK_EDIT_SELF", "BOOK_EDIT_OTHER", "BOOK_VIEW_SELF", "BOOK_VIEW_OTHER"];
    await admin.setTeamRole({ teamId, roleId: "1", roleName: "editor", powers: all });
    await admin.setTeamRole({ teamId, roleId: "2", roleName: "viewer", powers: ["BOOK_VIEW_OTHER"] });
    // Others' books only: its holder's own book is out of reach (selfKey).
    await admin.setTeamRole({
      teamId,
      roleId: "3",
      roleName: "others",
      powers: ["BOOK_EDIT_OTHER", "BOOK_VIEW_OTHER"],
    });
    [member, viewer, stranger] = [await signUp("member"), await signUp("viewer"), await signUp("stranger")];
    await admin.setTeamMember({ teamId, userId: demoId, roleId: "1" });
    await admin.setTeamMember({ teamId, userId: member.userId, roleId: "1" });
    await admin.setTeamMember({ teamId, userId: viewer.userId, roleId: "2" });
    await admin.setPlan({ account: { teamId }, plan: { kind: PlanKind.POINTS, points: 500 }, actor: "test" });
  }, 60_000);

  afterAll(() => admin?.close());

  it("the owner uploads a 4-page book in the team", async () => {
    const uploaded = await uploadPdf(services.gatewayUrl, await labelledPdf("T", 4), { title: "Team pages", teamId });
    teamBook = { bookId: uploaded.bookId, number: uploaded.number };
    expect((await settled(teamBook)).pageCount).toBe(4);
  }, 180_000);

  it("a member deletes, reorders and inserts pages of the owner's team book, with its thumbnails", async () => {
    const shown = await as(member, "/api/book/get-pages", { teamId });
    expect(shown.code, shown.msg).toBe("OK");
    const before = shown.data as unknown as PagesData;
    expect(before.pageCount).toBe(4);

    const deleted = await as(member, "/api/book/delete-pages", {
      teamId,
      revision: String(before.revision),
      pages: "4",
    });
    expect(deleted.code, deleted.msg).toBe("OK");
    const afterDelete = await settled(teamBook);
    expect(afterDelete.pageCount).toBe(3);
    // The gateway derives a thumbnail when first asked and stores it: page 2's is asked before the move, page 1's
    // not (the move copies what is stored; the rest is derived from the moved pages).
    const thumbOf = async (revision: number, page: number) => {
      const query = new URLSearchParams({ bookId: teamBook.bookId, revision: String(revision), page: String(page) });
      const response = await fetch(`${services.gatewayUrl}/api/book/page-thumb?${query}`, {
        headers: { cookie: member.cookie },
      });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };
    const secondThumb = await thumbOf(afterDelete.revision, 2);

    const moved = await as(member, "/api/book/move-pages", {
      teamId,
      revision: String(afterDelete.revision),
      order: "2,1,3",
    });
    expect(moved.code, moved.msg).toBe("OK");
    const afterMove = await settled(teamBook);
    expect(await textOf(afterMove.revision, 1, teamBook)).toBe("1:PAGE T2");
    expect(await thumbOf(afterMove.revision, 1)).toEqual(secondThumb);
    expect(await thumbOf(afterMove.revision, 2)).toEqual(await thumbOf(afterDelete.revision, 1));
    expect(await thumbOf(afterMove.revision, 2)).not.toEqual(secondThumb);

    const added = await insert(afterMove.revision, "4", await labelledPdf("M", 1), "more.pdf", "", {
      of: teamBook,
      cookie: member.cookie,
      teamId,
    });
    expect(added.begun.code, added.begun.msg).toBe("OK");
    expect(added.ended?.code, added.ended?.msg).toBe("OK");
    await expect.poll(async () => (await settled(teamBook)).pageCount, { timeout: 120_000 }).toBe(4);
    const final = await settled(teamBook);
    expect(await textOf(final.revision, 4, teamBook)).toBe("4:PAGE M1");
  }, 240_000);

  it("shows a private book's thumbnails to its owner and team, never to others or readers", async () => {
    const privacy = await post("/api/book/set-book-privacy", { bookId: teamBook.bookId, access: "private" });
    expect(privacy.code, privacy.msg).toBe("OK");
    const state = (await as(member, "/api/book/get-pages", { teamId })).data as unknown as PagesData;
    const thumb = state.pages[0]?.thumb ?? "";
    expect(thumb).toMatch(/^\/api\/book\/page-thumb\?/);
    for (const cookie of ["", member.cookie, viewer.cookie]) {
      const seen = await fetch(`${services.gatewayUrl}${thumb}`, { headers: cookie ? { cookie } : {} });
      expect(seen.status, cookie).toBe(200);
      expect(seen.headers.get("content-type")).toBe("image/jpeg");
      expect((await seen.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const refused = await fetch(`${services.gatewayUrl}${thumb}`, { headers: { cookie: stranger.cookie } });
    expect(refused.status).toBe(404);
    const missing = await fetch(`${services.gatewayUrl}${thumb.replace("page=1", "page=99")}`);
    expect(missing.status).toBe(404);
    // Readers get nothing of a private book.
    const reader = await fetch(`${services.gatewayUrl}/b/${teamBook.number}/assets/${state.revision}/thumbs/1.jpg`);
    expect(reader.status).toBe(404);
    expect((await post("/api/book/set-book-privacy", { bookId: teamBook.bookId, access: "public" })).code).toBe("OK");
  });

  it("refuses a role without the power, a stranger, an owner whose role lacks selfKey and a free plan; nothing changes", async () => {
    const before = await settled(teamBook);
    const revision = String(before.revision);
    const edits = [
      ["/api/book/delete-pages", { pages: "1" }],
      ["/api/book/move-pages", { order: "2,1,3,4" }],
    ] as const;

    // The viewer may look (get-pages) but not edit, in the team's context or not (the book service asks the role).
    expect((await as(viewer, "/api/book/get-pages", { teamId })).code).toBe("OK");
    for (const [path, fields] of edits) {
      for (const team of [teamId, "0"]) {
        const refused = await as(viewer, path, { ...fields, revision, teamId: team });
        expect(refused, `${path} ${team}`).toMatchObject({
          code: "POWER_LIMIT",
          msg: editPower,
          data: { source: "role" },
        });
      }
    }
    const viewerInsert = await insert(before.revision, "1", await labelledPdf("V", 1), "v.pdf", "en", {
      of: teamBook,
      cookie: viewer.cookie,
      teamId,
    });
    expect(viewerInsert.begun).toMatchObject({
      code: "POWER_LIMIT",
      msg: "no permission for function edit book settings, contact support to unlock",
    });

    // A stranger finds no book at all.
    for (const [path, fields] of [...edits, ["/api/book/get-pages", {}] as const]) {
      expect(await as(stranger, path, { ...fields, revision, teamId }), path).toMatchObject({
        code: "ERROR",
        msg: "书不存在",
      });
      expect(await as(stranger, path, { ...fields, revision }), path).toMatchObject({ code: "ERROR", msg: "书不存在" });
    }

    // The owner acting in the team with a role that reaches only others' books: their own is refused (selfKey).
    await admin.setTeamMember({ teamId, userId: demoId, roleId: "3" });
    try {
      expect(await as(owner, "/api/book/delete-pages", { pages: "1", revision, teamId })).toMatchObject({
        code: "POWER_LIMIT",
        msg: editPower,
      });
    } finally {
      await admin.setTeamMember({ teamId, userId: demoId, roleId: "1" });
    }

    // The team's plan is free: no page edit (the upload power), for the member as for an insert.
    await admin.setPlan({ account: { teamId }, plan: { kind: PlanKind.FREE }, actor: "test" });
    try {
      for (const [path, fields] of edits) {
        expect(await as(member, path, { ...fields, revision, teamId }), path).toMatchObject({
          code: "ERROR",
          msg: "免费用户不能使用上传",
        });
      }
    } finally {
      await admin.setPlan({ account: { teamId }, plan: { kind: PlanKind.POINTS, points: 500 }, actor: "test" });
    }
    const after = await settled(teamBook);
    expect(after.revision).toBe(before.revision);
    expect(after.pageCount).toBe(before.pageCount);
  }, 120_000);

  it("refuses a user on a free plan their own book's page edits, straight to the API", async () => {
    const own = await insertOwnBook(stranger.cookie);
    await admin.setPlan({ account: { userId: stranger.userId }, plan: { kind: PlanKind.FREE }, actor: "test" });
    const state = await settled(own, stranger.cookie);
    const revision = String(state.revision);
    for (const [path, fields, language, text] of [
      ["/api/book/delete-pages", { pages: "1" }, "", "免费用户不能使用上传"],
      ["/api/book/move-pages", { order: "2,1" }, "en", "free users cannot use upload"],
    ] as const) {
      const refused = await post(path, { bookId: own.bookId, revision, ...fields }, language, stranger.cookie);
      expect(refused, path).toMatchObject({ code: "ERROR", msg: text });
    }
    expect((await settled(own, stranger.cookie)).revision).toBe(state.revision);
  }, 120_000);

  it("a member and the owner editing pages at once: one wins, the other gets SAVE_CONFLICT, nothing is lost", async () => {
    const before = await settled(teamBook);
    const catalog = JSON.stringify([{ title: "Kept", page: 3, children: [] }]);
    expect((await post("/api/book/save-book-catalog", { bookId: teamBook.bookId, catalog })).code).toBe("OK");
    const revision = String(before.revision);
    const replies = await Promise.all([
      as(member, "/api/book/delete-pages", { teamId, revision, pages: "1" }),
      as(owner, "/api/book/move-pages", { teamId, revision, order: "2,1,3,4" }),
    ]);
    expect(replies.map((reply) => reply.code).sort()).toEqual(["OK", "SAVE_CONFLICT"]);
    const loser = replies.findIndex((reply) => reply.code === "SAVE_CONFLICT");
    expect(replies[loser]?.msg).toBe(
      "自您打开后已在别处被修改（其他标签页或其他人）：请重新加载，再次应用您的修改后保存",
    );
    const after = await settled(teamBook);
    expect(after.revision).toBeGreaterThan(before.revision);
    // The winner's edit is the book's: a delete took one page, a move kept four.
    expect(after.pageCount).toBe(loser === 0 ? 4 : 3);
    // The loser reloads and applies its change on the new revision: both edits are in.
    const again =
      loser === 0
        ? await as(member, "/api/book/delete-pages", { teamId, revision: String(after.revision), pages: "1" })
        : await as(owner, "/api/book/move-pages", { teamId, revision: String(after.revision), order: "2,1,3" });
    expect(again.code, again.msg).toBe("OK");
    const final = await settled(teamBook);
    expect(final.pageCount).toBe(3);
    // The TOC entry followed its page through both edits: a move first (3 stays 3) then the delete (→ 2); or the
    // delete first (3 → 2) then the swap of pages 1 and 2 (→ 1).
    await expect
      .poll(async () => {
        const reply = await post("/api/book/get-book-catalog", { bookId: teamBook.bookId });
        return (reply.data as { catalog: { title: string; page: number }[] }).catalog;
      })
      .toMatchObject([{ title: "Kept", page: loser === 0 ? 2 : 1 }]);
  }, 240_000);

  /** A two-page book of the session's own (not in a team), converted. */
  async function insertOwnBook(cookie: string): Promise<{ bookId: string; number: string }> {
    const pdf = await labelledPdf("S", 2);
    const begun = await post(
      "/api/book/begin-upload",
      { title: "Own", files: JSON.stringify([{ name: "own.pdf", size: pdf.length, type: "application/pdf" }]) },
      "",
      cookie,
    );
    expect(begun.code, begun.msg).toBe("OK");
    const task = begun.data as { taskId: string; files: { fileId: string }[] };
    const sent = await fetch(
      `${services.gatewayUrl}/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId}&offset=0`,
      { method: "POST", headers: { "content-type": "application/octet-stream", cookie }, body: new Uint8Array(pdf) },
    );
    expect(((await sent.json()) as Reply).code).toBe("OK");
    const ended = await post("/api/book/end-upload", { taskId: task.taskId }, "", cookie);
    expect(ended.code, ended.msg).toBe("OK");
    const data = ended.data as { bookId: string; number: string };
    const own = { bookId: String(data.bookId), number: String(data.number) };
    expect((await settled(own, cookie)).pageCount).toBe(2);
    return own;
  }
});
