/**
 * 50 concurrent writers on a user's own things — preferences, business cards, upload tasks and their pauses and
 * cancellations — through the real gateway and services on the real stores: every write is kept once, or refused
 * with its reason. A system of this file's own: the upload race checks the real per-user limit of unfinished tasks
 * (10), not the shared system's raised one. Writes to one book: concurrent-writes-book.test.ts.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServices } from "../../scripts/src/services.js";
import { workerStores } from "../setup/worker-stores.js";
import { registerUser } from "../support/insight.js";
import { form, postTo, type Reply, startSystem } from "../support/system.js";
import { all, codes, writers } from "./concurrent-writes-fixtures.js";

const stores = workerStores();
let services: RunningServices & { logDir: string };

const post = (path: string, fields: Record<string, string>) => postTo(services.gatewayUrl, path, form(fields));

beforeAll(async () => {
  // Sign-ups are not limited per address: the run's files sign users up from loopback on these stores all along.
  services = await startSystem(stores, "writes", 60_000, { UPLOAD_OPEN_TASK_LIMIT: "10", SIGN_UP_LIMIT: "10000" });
}, 120_000);

afterAll(async () => {
  await services?.stopAll();
});

describe("50 concurrent writers on a user's own things", () => {
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
