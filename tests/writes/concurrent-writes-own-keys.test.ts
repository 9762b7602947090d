/**
 * 50 concurrent writers that each change their own key — custom config, custom content and themes, a user's
 * preferences, a book's insight settings — and 50 sessions racing for the editing lock, through the real gateway
 * and services on the real stores (the worker's shared system: these paths need no setting of their own): every
 * writer's change lands, the webhook secret is made once, one session holds the lock. Whole-document saves at one
 * revision, pages, media and upload tasks: concurrent-writes-book.test.ts.
 */

import { describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { registerUser } from "../support/insight.js";
import { form, type Reply, uploadPdf } from "../support/system.js";
import { all, codes, poster, writers } from "./concurrent-writes-fixtures.js";

const services = await workerSystem();
const post = poster(services.gatewayUrl);
let bookId: string;

describe("50 concurrent writers, each on its own key", () => {
  // A book of one page: these writes need a book of the demo user's, none of its pages.
  it("on a one-page book uploaded and converted for them", async () => {
    ({ bookId } = await uploadPdf(services.gatewayUrl, await labelledPdf("K", 1), { title: "Concurrent own keys" }));
  }, 120_000);

  it("custom config, custom content and themes: every writer's own key is kept", async () => {
    const replies = await all(writers, (index) =>
      post("/api/book/save-custom-content", { bookId, key: `block-${index}`, content: JSON.stringify({ index }) }),
    );
    expect(codes(replies)).toEqual({ OK: writers });
    const listed = (await post("/api/book/get-custom-content", { bookId })).data as { list: { key: string }[] };
    expect(listed.list.filter((entry) => entry.key.startsWith("block-"))).toHaveLength(writers);

    const themes = await all(writers, (index) =>
      post("/api/book/save-custom-theme", { name: `writes-theme-${index}`, theme: JSON.stringify({ index }) }),
    );
    expect(codes(themes)).toEqual({ OK: writers });
    const saved = (await post("/api/book/get-custom-theme", {})).data as { list: { name: string }[] };
    expect(saved.list.filter((entry) => entry.name.startsWith("writes-theme-"))).toHaveLength(writers);
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

  it("insight settings: concurrent changes of different fields all land, and the webhook secret is made once", async () => {
    // A public address literal: a host name is resolved when set (private targets are refused), and CI has no DNS.
    const replies = await all(writers, (index) =>
      post(
        "/api/insight/update-settings",
        index === 0
          ? { bookId, statisticsEnabled: "0" }
          : { bookId, webhookUrl: `https://93.184.215.14/hook/${index}` },
      ),
    );
    expect(codes(replies)).toEqual({ OK: writers });
    const stored = (await post("/api/insight/get-settings", { bookId })).data as {
      statisticsEnabled: boolean;
      webhookUrl: string;
      webhookSecret: string;
    };
    expect(stored.statisticsEnabled).toBe(false);
    expect(stored.webhookUrl).toMatch(/^https:\/\/93\.184\.215\.14\/hook\/\d+$/);
    expect(stored.webhookSecret).not.toBe("");
    expect(new Set(replies.map((reply) => (reply.data as { webhookSecret: string }).webhookSecret))).toEqual(
      new Set([stored.webhookSecret]),
    );
  }, 120_000);

  it("the editing lock: of 50 sessions racing for it, exactly one holds it", async () => {
    const replies = await all(writers, (index) =>
      post("/api/book/get-book-lock", { bookId, sessionId: `writes-session-${String(index).padStart(3, "0")}` }),
    );
    expect(codes(replies)).toEqual({ OK: writers });
    expect(replies.filter((reply) => (reply.data as { mine: boolean }).mine)).toHaveLength(1);
  }, 120_000);
});
