import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { type Actor, ownedBook, register, type Sent } from "./actors.js";
import { probe } from "./matrix-probe.js";
import { type SecurityStack, startSecurityStack } from "./stack.js";

// Statistics, leads, lead settings, webhook deliveries and the insight settings (with the webhook signing secret) are
// the book's owner's alone. A member of the book's team whose role may view (or even edit) the owner's books reaches
// the book's other paths as the owner (services/book/src/handlers/team-book-access.ts), but not these: each insight
// path answers them exactly what it answers any other user for someone else's book, and the owner's data is unchanged.
const stores = workerStores();
let stack: SecurityStack;
let owner: Actor;
let viewer: Actor;
let editor: Actor;
let other: Actor;
let book: { bookId: string; number: string };
const teamId = "8321";
const ownerHook = "http://127.0.0.1:9/owner-hook";
const readerEmail = "reader.person@example.com";
const form = {
  enabled: true,
  beforePage: 2,
  skippable: false,
  title: "Get the price list",
  consentText: "",
  fields: [{ key: "email", label: "Email", kind: "email", required: true }],
};

beforeAll(async () => {
  stack = await startSecurityStack(stores, "insight-owner");
  owner = await register(stack.gateway, "owner");
  viewer = await register(stack.gateway, "viewer");
  editor = await register(stack.gateway, "editor");
  other = await register(stack.gateway, "other");
  await stack.admin.setTeamRole({
    teamId,
    roleId: "1",
    roleName: "all",
    powers: ["BOOK_EDIT_SELF", "BOOK_VIEW_SELF", "BOOK_EDIT_OTHER", "BOOK_VIEW_OTHER"],
  });
  await stack.admin.setTeamRole({
    teamId,
    roleId: "2",
    roleName: "viewer",
    powers: ["BOOK_VIEW_SELF", "BOOK_VIEW_OTHER"],
  });
  await stack.admin.setTeamMember({ teamId, userId: owner.userId, roleId: "1" });
  await stack.admin.setTeamMember({ teamId, userId: viewer.userId, roleId: "2" });
  await stack.admin.setTeamMember({ teamId, userId: editor.userId, roleId: "1" });
  book = await ownedBook(stack, owner, teamId);
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const call = (actor: Actor, method: "GET" | "POST", path: string, fields: Record<string, string>) =>
  probe(stack.gateway, method, path, fields, actor.cookie);

/** What the owner sees of the book's insight: settings (with the secret), leads, deliveries and the leads CSV. */
async function ownerView() {
  const settings = await call(owner, "POST", "/api/insight/get-settings", { bookId: book.bookId });
  const leads = await call(owner, "POST", "/api/insight/get-leads", { bookId: book.bookId });
  const deliveries = await call(owner, "POST", "/api/insight/get-lead-deliveries", { bookId: book.bookId });
  const csv = await call(owner, "GET", "/api/insight/export-leads", { bookId: book.bookId });
  for (const sent of [settings, leads, deliveries]) expect(sent.reply.code, sent.reply.msg).toBe("OK");
  expect(csv.status).toBe(200);
  return { settings: settings.reply.data, leads: leads.reply.data, deliveries: deliveries.reply.data, csv: csv.body };
}

/** Every insight path, asked about the owner's book; the writes are the ones the attack used. */
const attempts = (bookId: string, leadId: string) =>
  [
    ["POST", "/api/insight/get-settings", { bookId }],
    ["POST", "/api/insight/update-settings", { bookId, webhookUrl: "http://127.0.0.1:9/attacker" }],
    ["POST", "/api/insight/update-settings", { bookId, statisticsEnabled: "0" }],
    ["POST", "/api/insight/update-settings", { bookId, rotateWebhookSecret: "1" }],
    ["POST", "/api/insight/update-settings", { bookId, leadForm: JSON.stringify({ ...form, enabled: false }) }],
    ["POST", "/api/insight/get-leads", { bookId }],
    ["GET", "/api/insight/export-leads", { bookId }],
    ["POST", "/api/insight/delete-lead", { bookId, leadId }],
    ["POST", "/api/insight/delete-lead", { bookId }],
    ["POST", "/api/insight/get-lead-deliveries", { bookId }],
    ["POST", "/api/insight/get-statistics", { bookId }],
    ["GET", "/api/insight/export-statistics", { bookId }],
  ] as const;

const shapeOf = (sent: Sent) => ({ status: sent.status, reply: sent.reply, body: sent.body });

describe("insight paths of a team book", () => {
  it("answer a viewer and an editor of the owner's team as any other user: refused, nothing read or changed", async () => {
    const set = await call(owner, "POST", "/api/insight/update-settings", {
      bookId: book.bookId,
      leadForm: JSON.stringify(form),
      webhookUrl: ownerHook,
    });
    expect(set.reply.code, set.reply.msg).toBe("OK");
    const lead = await stack.gateway.inject({
      method: "POST",
      url: `/b/${book.number}/lead`,
      payload: { values: { email: readerEmail }, consent: true, page: 2 },
    });
    expect(lead.json(), lead.body).toMatchObject({ code: "OK" });
    const leadId = String(lead.json().data.leadId);
    const before = await ownerView();
    expect(JSON.stringify(before.settings)).toContain("whsec_");
    expect(JSON.stringify(before.leads)).toContain(readerEmail);

    // The team roles do reach the book itself (so the refusals below are the insight rule, not a missing role).
    for (const member of [viewer, editor]) {
      const opened = await call(member, "POST", "/api/book/get-book", { bookId: book.bookId });
      expect(opened.reply.code, opened.reply.msg).toBe("OK");
    }

    const leaks: string[] = [];
    for (const [method, path, fields] of attempts(book.bookId, leadId)) {
      const stranger = shapeOf(await call(other, method, path, fields));
      expect(stranger.reply.code, `${path} as another user`).not.toBe("OK");
      for (const [name, member] of [
        ["viewer", viewer],
        ["editor", editor],
      ] as const) {
        const sent = await call(member, method, path, fields);
        const said = `${method} ${path} ${JSON.stringify(fields)} as ${name}: ${sent.status} ${sent.body.slice(0, 200)}`;
        if (sent.body.includes("whsec_") || sent.body.includes(readerEmail)) leaks.push(`${said} (leaked)`);
        if (JSON.stringify(shapeOf(sent)) !== JSON.stringify(stranger))
          leaks.push(`${said}, another user got ${stranger.body}`);
      }
    }
    expect(leaks).toEqual([]);

    // The bookcase statistics (no bookId) of a member cover their own books only, never the owner's.
    const bookcase = await call(viewer, "POST", "/api/insight/get-statistics", {});
    expect(bookcase.reply.code, bookcase.reply.msg).toBe("OK");
    expect(JSON.stringify(bookcase.reply.data)).not.toContain(book.bookId);

    // The owner still does everything, and nothing the members sent changed the owner's data.
    expect(await ownerView()).toEqual(before);
    expect(before.settings).toMatchObject({ statisticsEnabled: true, webhookUrl: ownerHook, leadForm: form });
    const statistics = await call(owner, "POST", "/api/insight/get-statistics", { bookId: book.bookId });
    expect(statistics.reply, statistics.reply.msg).toMatchObject({ code: "OK", data: { books: expect.any(Array) } });
    const exported = await call(owner, "GET", "/api/insight/export-statistics", { bookId: book.bookId });
    expect(exported.status).toBe(200);
    const deleted = await call(owner, "POST", "/api/insight/delete-lead", { bookId: book.bookId, leadId });
    expect(deleted.reply, deleted.reply.msg).toMatchObject({ code: "OK", data: { deleted: 1 } });
  }, 120_000);
});
