/**
 * 50 concurrent writers that each change their own key — custom config, custom content and themes, a book's insight
 * settings — the editor's whole-list save that reloads and applies its change again on SAVE_CONFLICT, and 50
 * sessions racing for the editing lock, through the real gateway and services on the real stores (the worker's
 * shared system: these paths need no setting of their own): every writer's change is kept, the webhook secret is
 * made once, one session holds the lock. Whole-document saves at one revision, preferences, pages, media and upload
 * tasks: concurrent-writes-book.test.ts.
 */

import { ApiError, saveAtRevision } from "@turnleaf/editor/testing";
import { describe, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { uploadPdf } from "../support/system.js";
import { all, codes, poster, writers } from "./concurrent-writes-fixtures.js";

const services = await workerSystem();
const post = poster(services.gatewayUrl);
let bookId: string;

describe("50 concurrent writers, each on its own key", () => {
  // A book of two pages: the whole-list save's catalog points at both; the other writes need none of its pages.
  it("on a two-page book uploaded and converted for them", async () => {
    ({ bookId } = await uploadPdf(services.gatewayUrl, await labelledPdf("K", 2), { title: "Concurrent own keys" }));
  }, 120_000);

  it("the editor's whole-list save: on SAVE_CONFLICT it reloads, applies its change again and keeps both", async () => {
    const catalogOf = async () => {
      const reply = (await post("/api/book/get-book-catalog", { bookId })).data as {
        catalog: { title: string; page: number; children: unknown[] }[];
        revision: number;
      };
      return { value: reply.catalog, revision: reply.revision };
    };
    const seeded = await post("/api/book/save-book-catalog", {
      bookId,
      catalog: JSON.stringify([
        { title: "One", page: 1 },
        { title: "Two", page: 2 },
      ]),
    });
    expect(seeded.code).toBe("OK");
    // Two tabs open the same catalog; the first renames entry 1 and saves, the second renames entry 2.
    const opened = await catalogOf();
    const first = opened.value.map((entry, index) => (index === 0 ? { ...entry, title: "Uno" } : entry));
    const firstSave = await post("/api/book/save-book-catalog", {
      bookId,
      catalog: JSON.stringify(first),
      revision: String(opened.revision),
    });
    expect(firstSave.code).toBe("OK");
    const second = opened.value.map((entry, index) => (index === 1 ? { ...entry, title: "Dos" } : entry));
    const sends: number[] = [];
    await saveAtRevision({
      base: opened.value,
      mine: second,
      revision: opened.revision,
      reload: catalogOf,
      send: async (value, revision) => {
        sends.push(revision ?? -1);
        const reply = await post("/api/book/save-book-catalog", {
          bookId,
          catalog: JSON.stringify(value),
          revision: String(revision),
        });
        if (reply.code !== "OK") throw new ApiError(reply.code, reply.msg, reply.data);
        return reply;
      },
    });
    expect(sends).toEqual([opened.revision, opened.revision + 1]);
    const stored = await catalogOf();
    expect(stored.value.map((entry) => entry.title)).toEqual(["Uno", "Dos"]);
    expect(stored.revision).toBe(opened.revision + 2);
  }, 60_000);

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
