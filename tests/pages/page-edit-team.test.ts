/**
 * Page edits in a team, through the gateway on the seven built processes (real stores): a member whose role may
 * edit deletes, reorders and inserts pages of the owner's team book; a view-only role, an owner whose role lacks
 * selfKey and a team on a free plan are refused with their texts, a stranger finds no book; a private book's
 * thumbnails reach its owner and team only; a member and the owner editing at once: one wins, SAVE_CONFLICT. A
 * user's own book: page-edit.test.ts.
 */
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createClient } from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { form, type Reply, uploadPdf } from "../support/system.js";
import { type Book, type PagesData, pageEditClient } from "./page-edit-fixtures.js";

const services = await workerSystem();
let teamBook: Book;
const { post, settled, textOf, insert } = pageEditClient(services.gatewayUrl, () => teamBook);

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
// and the role's book power; the owner (the user the worker's gateway acts as without a session) is a member too,
// whose own book is asked with selfKey.
describe("page edits in a team", () => {
  const teamId = String(700_000 + Math.floor(Math.random() * 99_999));
  let ownerId = "";
  const editPower = "没有编辑书籍设置功能的权限，请联系客服开通";
  let admin: ReturnType<typeof createClient<typeof PowerAdminService>>;
  let member: { cookie: string; userId: string };
  let viewer: { cookie: string; userId: string };
  let stranger: { cookie: string; userId: string };

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
    ownerId = String((await post("/api/user/get-user", {}, "", owner.cookie)).data?.userId);
    await admin.setTeamMember({ teamId, userId: ownerId, roleId: "1" });
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
    await admin.setTeamMember({ teamId, userId: ownerId, roleId: "3" });
    try {
      expect(await as(owner, "/api/book/delete-pages", { pages: "1", revision, teamId })).toMatchObject({
        code: "POWER_LIMIT",
        msg: editPower,
      });
    } finally {
      await admin.setTeamMember({ teamId, userId: ownerId, roleId: "1" });
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
