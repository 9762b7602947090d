/**
 * 50 concurrent writers on each write path of the editor for one book, on its owner's preferences and upload tasks,
 * through the real gateway and services on the real stores: every write is kept, or (for a whole-document save that
 * names the revision it edited) answered SAVE_CONFLICT — never answered OK and then lost. Custom lists and themes,
 * the editor's whole-list save, insight settings and the editing lock: concurrent-writes-own-keys.test.ts.
 */

import {
  ApiError,
  type BookLanguage,
  choiceOf,
  type LanguageChoice,
  languagesOf,
  saveAtRevision,
} from "@turnleaf/editor/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServices } from "../../scripts/src/services.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { startSystem } from "../setup/shared-system.js";
import { workerStores } from "../setup/worker-stores.js";
import { registerUser } from "../support/insight.js";
import { form, postTo, type Reply, uploadPdf } from "../support/system.js";
import { all, codes, writers } from "./concurrent-writes-fixtures.js";

const stores = workerStores();
let services: RunningServices & { logDir: string };
let bookId: string;

const post = (path: string, fields: Record<string, string>) => postTo(services.gatewayUrl, path, form(fields));

beforeAll(async () => {
  // The upload race below checks the real per-user limit of unfinished tasks, not the shared stores' raised one.
  // Sign-ups are not limited per address: the run's files sign users up from loopback on these stores all along.
  services = await startSystem(stores, "writes", 60_000, { UPLOAD_OPEN_TASK_LIMIT: "10", SIGN_UP_LIMIT: "10000" });
}, 120_000);

afterAll(async () => {
  await services?.stopAll();
});

describe("50 concurrent writers on one book", () => {
  it("on a book uploaded and converted for them", async () => {
    ({ bookId } = await uploadPdf(services.gatewayUrl, await labelledPdf("W", 6), { title: "Concurrent writes" }));
  }, 120_000);

  it("update-book: each writer's own htmlConfig key is kept, with the info fields", async () => {
    const replies = await all(writers, (index) =>
      post("/api/book/update-book", {
        bookId,
        bookConfig: JSON.stringify({ [`writer${index}`]: `value ${index}` }),
        ...(index === 7 ? { title: "Renamed while others save" } : {}),
      }),
    );
    expect(codes(replies)).toEqual({ OK: writers });
    const book = (await post("/api/book/get-book", { bookId })).data as {
      htmlConfig: Record<string, unknown>;
      title: string;
      settingsRevision: number;
    };
    for (let index = 0; index < writers; index += 1) expect(book.htmlConfig[`writer${index}`]).toBe(`value ${index}`);
    expect(book.title).toBe("Renamed while others save");
    expect(book.settingsRevision).toBeGreaterThanOrEqual(writers);
  }, 120_000);

  it("update-book replacing the plugin list at one revision: one lands, the others answer SAVE_CONFLICT", async () => {
    const { settingsRevision } = (await post("/api/book/get-book", { bookId })).data as { settingsRevision: number };
    const replies = await all(writers, (index) =>
      post("/api/book/update-book", {
        bookId,
        plugin: JSON.stringify([{ name: `plugin-${index}` }]),
        settingsRevision: String(settingsRevision),
      }),
    );
    expect(codes(replies)).toEqual({ OK: 1, SAVE_CONFLICT: writers - 1 });
    const winner = replies.findIndex((reply) => reply.code === "OK");
    const book = (await post("/api/book/get-book", { bookId })).data as {
      plugin: { name: string }[];
      settingsRevision: number;
      htmlConfig: Record<string, unknown>;
    };
    expect(book.plugin).toEqual([{ name: `plugin-${winner}` }]);
    expect(book.settingsRevision).toBe(settingsRevision + 1);
    // The refused saves changed nothing: the keys of the first burst are all still there.
    expect(Object.keys(book.htmlConfig).filter((key) => key.startsWith("writer"))).toHaveLength(writers);
    const refused = replies.find((reply) => reply.code === "SAVE_CONFLICT");
    expect(refused?.data).toMatchObject({ field: "settings", revision: settingsRevision + 1 });
    // The text comes from the message catalogues: Chinese by default, the interface language when asked.
    expect(refused?.msg).toBe("自您打开后已在别处被修改（其他标签页或其他人）：请重新加载，再次应用您的修改后保存");
    const inEnglish = await fetch(`${services.gatewayUrl}/api/book/update-book`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
      body: form({ bookId, plugin: "[]", settingsRevision: String(settingsRevision) }),
    });
    expect(((await inEnglish.json()) as Reply).msg).toBe(
      "Changed elsewhere since you opened it (another tab or person): reload, apply your change again and save",
    );
  }, 120_000);

  it("add-book-bookmark: every tab is kept", async () => {
    const replies = await all(writers, (index) =>
      post("/api/book/add-book-bookmark", { bookId, caption: `tab ${index}` }),
    );
    expect(codes(replies)).toEqual({ OK: writers });
    const stored = (await post("/api/book/get-book-bookmark", { bookId })).data as {
      bookmarks: { caption: string }[];
      revision: number;
    };
    expect(stored.bookmarks.map((bookmark) => bookmark.caption).sort()).toEqual(
      Array.from({ length: writers }, (_, index) => `tab ${index}`).sort(),
    );
    expect(stored.revision).toBe(writers);
  }, 120_000);

  it("save-book-bookmark and save-book-catalog at one revision: one lands, the others answer SAVE_CONFLICT", async () => {
    for (const [path, field, list] of [
      ["bookmark", "bookmarks", (index: number) => [{ caption: `only ${index}`, page: 1, colour: "#112233" }]],
      ["catalog", "catalog", (index: number) => [{ title: `Chapter ${index}`, page: 2 }]],
    ] as const) {
      const before = (await post(`/api/book/get-book-${path}`, { bookId })).data as { revision: number };
      const replies = await all(writers, (index) =>
        post(`/api/book/save-book-${path}`, {
          bookId,
          [field]: JSON.stringify(list(index)),
          revision: String(before.revision),
        }),
      );
      expect(codes(replies)).toEqual({ OK: 1, SAVE_CONFLICT: writers - 1 });
      const winner = replies.findIndex((reply) => reply.code === "OK");
      const after = (await post(`/api/book/get-book-${path}`, { bookId })).data as Record<string, unknown>;
      expect(JSON.stringify(after[field])).toContain(field === "bookmarks" ? `only ${winner}"` : `Chapter ${winner}"`);
      expect(after.revision).toBe(before.revision + 1);
      // Without a revision a save replaces the list as before (last one wins), and still bumps the revision.
      const unchecked = await post(`/api/book/save-book-${path}`, { bookId, [field]: JSON.stringify(list(99)) });
      expect(unchecked.code).toBe("OK");
      expect((unchecked.data as { revision: number }).revision).toBe(before.revision + 2);
    }
  }, 120_000);

  it("set-user-meta: concurrent changes of different preferences all land", async () => {
    // A user of its own: the demo user's preferences are where later files on these stores start their uploads from
    // (a page range of 1-3 and cut pages here made another file's 4- and 12-page uploads 6 pages).
    const cookie = await registerUser(services.gatewayUrl);
    const post = async (path: string, fields: Record<string, string>) => {
      const response = await fetch(`${services.gatewayUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: form(fields),
      });
      return (await response.json()) as Reply;
    };
    // Each writer changes one preference away from its default; a read-merge-write would put others back.
    const changes: Record<string, string>[] = [
      { cb_vectorType: "4" },
      { cb_qualityDpi: "3" },
      { cb_cutType: "2" },
      { cb_autoCreate: "1" },
      { never_show_privacy_tips: "1" },
      { cb_renderType: "5" },
      { pdfImportConfig: JSON.stringify({ importTOC: false }) },
      { pdfImportConfig: JSON.stringify({ importSearch: false }) },
      { pdfImportConfig: JSON.stringify({ pdfBleed: 7 }) },
      { pdfImportConfig: JSON.stringify({ r: "1-3" }) },
    ];
    const replies = await all(writers, (index) =>
      post("/api/user/set-user-meta", changes[index % changes.length] ?? {}),
    );
    expect(codes(replies)).toEqual({ OK: writers });
    const meta = (await post("/api/user/get-user-meta", {})).data as Record<string, unknown> & {
      pdfImportConfig: Record<string, unknown>;
    };
    expect(meta).toMatchObject({
      cb_vectorType: 4,
      cb_qualityDpi: 3,
      cb_cutType: 2,
      cb_autoCreate: true,
      never_show_privacy_tips: true,
      cb_renderType: 5,
    });
    expect(meta.pdfImportConfig).toMatchObject({ importTOC: false, importSearch: false, pdfBleed: 7, r: "1-3" });
  }, 120_000);

  it("delete-book-language: concurrent deletions of different languages all land", async () => {
    const codesToKeep = ["en", "ja", "fr", "de", "ko", "pt", "ro", "es", "th", "ar", "hi"];
    const saved = await post("/api/book/save-book-language", {
      bookId,
      languages: JSON.stringify([{ code: "zh-CN" }, ...codesToKeep.map((code) => ({ code }))]),
    });
    expect(saved.code).toBe("OK");
    const replies = await all(writers, (index) =>
      post("/api/book/delete-book-language", { bookId, code: codesToKeep[index % codesToKeep.length] ?? "en" }),
    );
    expect(codes(replies)).toEqual({ OK: writers });
    const left = (await post("/api/book/get-book-language", { bookId })).data as { languages: { code: string }[] };
    expect(left.languages.map((language) => language.code)).toEqual(["zh-CN"]);
  }, 120_000);

  it("save-book-language at one revision: one lands, the others answer SAVE_CONFLICT; the panel re-applies", async () => {
    type Stored = { languages: BookLanguage[]; revision: number };
    const stored = async () => (await post("/api/book/get-book-language", { bookId })).data as Stored;
    const before = await stored();
    const replies = await all(writers, (index) =>
      post("/api/book/save-book-language", {
        bookId,
        languages: JSON.stringify([{ code: index % 2 ? "en" : "ja" }, { code: "zh-CN", name: `中文 ${index}` }]),
        revision: String(before.revision),
      }),
    );
    expect(codes(replies)).toEqual({ OK: 1, SAVE_CONFLICT: writers - 1 });
    const winner = replies.findIndex((reply) => reply.code === "OK");
    const after = await stored();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.languages.map((language) => language.name)).toContain(`中文 ${winner}`);
    expect(replies.find((reply) => reply.code === "SAVE_CONFLICT")?.data).toMatchObject({
      field: "languages",
      revision: before.revision + 1,
      sentRevision: before.revision,
    });

    // Two tabs open the panel; one checks French and saves, the other checks Korean: the second, answered
    // SAVE_CONFLICT, reloads and applies its change again, so both languages are kept.
    const opened = await stored();
    const panel = async () => {
      const reply = await stored();
      return { value: choiceOf(reply.languages), revision: reply.revision };
    };
    const base = choiceOf(opened.languages);
    const check = (code: string) => ({ ...base, checked: { ...base.checked, [code]: true } });
    const send = async (value: LanguageChoice, revision: number | undefined) => {
      const reply = await post("/api/book/save-book-language", {
        bookId,
        languages: JSON.stringify(languagesOf(value)),
        revision: String(revision),
      });
      if (reply.code !== "OK") throw new ApiError(reply.code, reply.msg, reply.data);
      return reply;
    };
    await send(check("fr"), opened.revision);
    const sends: (number | undefined)[] = [];
    await saveAtRevision({
      base,
      mine: check("ko"),
      revision: opened.revision,
      reload: panel,
      send: (value, revision) => {
        sends.push(revision);
        return send(value, revision);
      },
    });
    expect(sends).toEqual([opened.revision, opened.revision + 1]);
    const both = await stored();
    const checked = both.languages.filter((language) => language.checked).map((language) => language.code);
    expect(checked).toEqual(expect.arrayContaining(["fr", "ko"]));
    expect(both.revision).toBe(opened.revision + 2);
  }, 120_000);

  it("set-book-privacy: at one revision one lands and the others answer SAVE_CONFLICT; without one each save is whole", async () => {
    type Privacy = { access: string; hint: string; hasPassword: boolean; revision: number };
    const privacy = async () => (await post("/api/book/get-book-privacy", { bookId })).data as Privacy;
    const before = await privacy();
    const replies = await all(writers, (index) =>
      post("/api/book/set-book-privacy", {
        bookId,
        access: "password",
        hint: `hint ${index}`,
        password: `secret-${index}`,
        revision: String(before.revision),
      }),
    );
    expect(codes(replies)).toEqual({ OK: 1, SAVE_CONFLICT: writers - 1 });
    const winner = replies.findIndex((reply) => reply.code === "OK");
    const after = await privacy();
    expect(after).toMatchObject({ access: "password", hint: `hint ${winner}`, hasPassword: true });
    expect(after.revision).toBe(before.revision + 1);
    expect(replies.find((reply) => reply.code === "SAVE_CONFLICT")?.data).toMatchObject({
      field: "privacy",
      revision: before.revision + 1,
      sentRevision: before.revision,
    });

    // Without a revision every save lands whole, one after another: each is counted once (its own revision) and the
    // hint stored is the one of the save with the last revision.
    const unversioned = await all(writers, (index) =>
      post("/api/book/set-book-privacy", {
        bookId,
        access: "password",
        hint: `later ${index}`,
        ...(index % 2 ? {} : { password: `newer-${index}` }),
      }),
    );
    expect(codes(unversioned)).toEqual({ OK: writers });
    const revisions = unversioned.map((reply) => (reply.data as Privacy).revision).sort((a, b) => a - b);
    expect(revisions).toEqual(Array.from({ length: writers }, (_, index) => after.revision + 1 + index));
    const last = unversioned.findIndex((reply) => (reply.data as Privacy).revision === after.revision + writers);
    expect((await privacy()).hint).toBe(`later ${last}`);

    // The editor's panel: two tabs opened at one revision, one changes the hint, the other the start page; the
    // second, answered SAVE_CONFLICT, reloads and applies its change again, so both are kept.
    const opened = await privacy();
    const edited = (value: Privacy & { fromPage: number }) => ({
      access: value.access,
      hint: value.hint,
      fromPage: value.fromPage,
    });
    const base = edited(opened as Privacy & { fromPage: number });
    const send = async (value: typeof base, revision: number | undefined) => {
      const reply = await post("/api/book/set-book-privacy", {
        bookId,
        ...value,
        fromPage: String(value.fromPage),
        revision: String(revision),
      });
      if (reply.code !== "OK") throw new ApiError(reply.code, reply.msg, reply.data);
      return reply;
    };
    await send({ ...base, hint: "first tab" }, opened.revision);
    await saveAtRevision({
      base,
      mine: { ...base, fromPage: 3 },
      revision: opened.revision,
      reload: async () => {
        const stored = (await privacy()) as Privacy & { fromPage: number };
        return { value: edited(stored), revision: stored.revision };
      },
      send,
    });
    expect(await privacy()).toMatchObject({ hint: "first tab", fromPage: 3, revision: opened.revision + 2 });
    const reset = await post("/api/book/set-book-privacy", { bookId, access: "public" });
    expect(reset.code).toBe("OK");
  }, 180_000);

  it("operate-book: pauses racing cancellations of one task never undo a cancellation; a lost pause says why", async () => {
    const files = JSON.stringify([{ name: "a.pdf", size: 1000, type: "application/pdf" }]);
    for (let round = 0; round < 3; round++) {
      const begun = await post("/api/book/begin-upload", { title: `Race ${round}`, files });
      expect(begun.code).toBe("OK");
      const { taskId } = begun.data as { taskId: string };
      const replies = await all(writers, (index) =>
        post("/api/book/operate-book", { taskId, operate: index % 2 ? "cancel" : "pause" }),
      );
      // Every cancellation lands (from whatever state a pause left); a pause answers OK, or says the task changed or is already cancelled.
      expect(replies.filter((reply, index) => index % 2 === 1 && reply.code !== "OK")).toEqual([]);
      for (const refused of replies.filter((reply) => reply.code !== "OK")) {
        expect(refused.msg).toMatch(/上传任务已在此期间发生变化|上传任务已取消/);
      }
      const progress = await post("/api/book/get-progress", { taskId });
      expect((progress.data as { task: { state: string } }).task.state).toBe("cancelled");
    }
  }, 180_000);

  it("page media: each writer's own item is added and updated; updates racing a deletion never bring it back", async () => {
    type Item = { id: string; page: number; kind: string; text?: string };
    const note = (id: string, text: string) =>
      JSON.stringify({
        id,
        page: (Number(id.split("-")[1]) % 6) + 1,
        kind: "note",
        x: 0.1,
        y: 0.1,
        width: 0.2,
        height: 0.1,
        text,
      });
    const added = await all(writers, (index) =>
      post("/api/book/add-page-media", { bookId, item: note(`race-${index}`, `first ${index}`) }),
    );
    expect(codes(added)).toEqual({ OK: writers });
    const updated = await all(writers, (index) =>
      post("/api/book/update-page-media", { bookId, item: note(`race-${index}`, `second ${index}`) }),
    );
    expect(codes(updated)).toEqual({ OK: writers });
    const listed = async () =>
      ((await post("/api/book/get-page-media", { bookId })).data as { items: Item[] }).items.filter((item) =>
        item.id.startsWith("race-"),
      );
    expect(new Map((await listed()).map((item) => [item.id, item.text]))).toEqual(
      new Map(Array.from({ length: writers }, (_, index) => [`race-${index}`, `second ${index}`])),
    );

    // One item: 49 updates and a deletion at once. The deletion lands; each update lands before it or answers
    // "item not found" (项目不存在, the default interface language) — none puts the item back.
    const replies = await all(writers, (index) =>
      index === 25
        ? post("/api/book/delete-page-media", { bookId, id: "race-0" })
        : post("/api/book/update-page-media", { bookId, item: note("race-0", `third ${index}`) }),
    );
    expect(replies[25]?.code).toBe("OK");
    for (const reply of replies.filter((candidate) => candidate.code !== "OK"))
      expect(reply).toMatchObject({ msg: "项目不存在", data: { messageKey: "media.notFound" } });
    expect((await listed()).map((item) => item.id)).not.toContain("race-0");
  }, 120_000);

  it("business cards and upload tasks: every concurrent creation is kept once, or refused with its reason", async () => {
    const cards = await all(writers, (index) => post("/api/book/add-business-card", { name: `Writer ${index}` }));
    expect(codes(cards)).toEqual({ OK: writers });
    const listed = (await post("/api/book/get-business-card-list", {})).data as { list?: { name: string }[] };
    const names = (listed.list ?? (listed as unknown as { name: string }[])).map((card) => card.name);
    expect(names.filter((name) => name.startsWith("Writer ")).sort()).toEqual(
      Array.from({ length: writers }, (_, index) => `Writer ${index}`).sort(),
    );

    // Upload tasks: at most 10 unfinished per user; racing creations never pass it, and each refusal says why (the
    // rule counts after inserting and undoes, so a race may refuse more than it must — never keep more).
    const files = JSON.stringify([{ name: "a.pdf", size: 1000, type: "application/pdf" }]);
    const tasks = await all(writers, (index) => post("/api/book/begin-upload", { title: `Task ${index}`, files }));
    const begun = tasks.filter((reply) => reply.code === "OK");
    expect(begun.length).toBeLessThanOrEqual(10);
    for (const refused of tasks.filter((reply) => reply.code !== "OK")) {
      expect(refused.data).toMatchObject({ messageKey: "upload.tooManyOpen" });
    }
    const ids = begun.map((reply) => (reply.data as { taskId: string }).taskId);
    expect(new Set(ids).size).toBe(begun.length);
    for (const taskId of ids) {
      expect((await post("/api/book/get-progress", { taskId })).code).toBe("OK");
    }
  }, 120_000);
});
