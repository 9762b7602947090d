import { randomUUID } from "node:crypto";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { createClient } from "@turnleaf/kit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { form, type Reply } from "../support/system.js";

// Powers gate what readers get, not only what owners may save (spec 000 §6): the reader is served what the owner's
// power allows at this moment. A feature switched on while allowed is gone for readers as soon as the owner loses
// it — no save of the book — and back when the power returns. The seven built processes, the real stores, Chromium.
const services = await workerSystem();
let admin: ReturnType<typeof createClient<typeof PowerAdminService>>;
let browser: Browser;
let cookie = "";
let userId = "";

beforeAll(async () => {
  admin = createClient(PowerAdminService, `127.0.0.1:${services.ports.power}`, { peer: "power" });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  admin?.close();
  await browser?.close();
});

/** A POST as the test's own account (a fresh one: overrides on it touch no other test). */
async function post(path: string, body: string | Blob, contentType = "application/x-www-form-urlencoded") {
  const response = await fetch(`${services.gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": contentType, ...(cookie ? { cookie } : {}) },
    body,
  });
  const setCookie = response.headers.get("set-cookie");
  if (setCookie?.startsWith("tl_session=")) cookie = setCookie.split(";")[0] ?? "";
  return (await response.json()) as Reply;
}

async function ok<T = Record<string, unknown>>(path: string, body: string | Blob, contentType?: string): Promise<T> {
  const reply = await post(path, body, contentType);
  expect(reply.code, `${path}: ${reply.msg}`).toBe("OK");
  return reply.data as T;
}

/** Uploads a PDF as the account and waits for its conversion. */
async function uploadBook(): Promise<{ bookId: string; number: string }> {
  const pdf = await labelledPdf("P", 2);
  const files = JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]);
  const task = await ok<{ taskId: string; files: { fileId: string }[] }>(
    "/api/book/begin-upload",
    form({ title: "Powers", files }),
  );
  await ok(
    `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId}&offset=0`,
    new Blob([new Uint8Array(pdf)]),
    "application/octet-stream",
  );
  const ended = await ok<{ bookId: string; number: string }>("/api/book/end-upload", form({ taskId: task.taskId }));
  await expect
    .poll(async () => (await ok<{ phase: string }>("/api/book/get-progress", form({ taskId: task.taskId }))).phase, {
      timeout: 90_000,
      interval: 500,
    })
    .toBe("ready");
  return { bookId: String(ended.bookId), number: String(ended.number) };
}

interface ReaderJson {
  htmlConfig: Record<string, unknown>;
  settings: { download?: { pdfUrl?: string } | null };
}

async function readerJson(number: string): Promise<ReaderJson> {
  const response = await fetch(`${services.gatewayUrl}/b/${number}/book.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as ReaderJson;
}

const override = (feature: string, allowed?: boolean) =>
  admin.setFeatureOverride({
    account: { userId },
    feature,
    ...(allowed === undefined ? {} : { allowed }),
    actor: "test",
  });

describe("the reader applies the owner's power at serve time", () => {
  it("takes copy text, download and auto flip away when the owner loses them, without the book being saved", async () => {
    await ok("/api/user/register", form({ email: `powers-${randomUUID()}@example.org`, password: "a good password" }));
    userId = (await ok<{ userId: string }>("/api/user/get-user", form({}))).userId;
    const book = await uploadBook();
    await ok(
      "/api/book/update-book",
      form({
        bookId: book.bookId,
        bookConfig: JSON.stringify({
          SelectTextButtonVisible: "Show",
          DownloadButtonVisible: "Show",
          AutoPlayButtonVisible: "Show",
        }),
      }),
    );
    const before = await readerJson(book.number);
    expect(before.htmlConfig).toMatchObject({
      SelectTextButtonVisible: "Show",
      DownloadButtonVisible: "Show",
      AutoPlayButtonVisible: "Show",
    });
    expect(before.settings.download).not.toBeNull();

    const page = await browser.newPage();
    const features = ["COPY_TEXT", "DOWNLOAD", "AUTO_FLIP"];
    try {
      await page.goto(`${services.gatewayUrl}/b/${book.number}?lang=en`);
      await page.locator('[data-button="selectText"]').waitFor();
      expect(await page.locator(".tl-no-select").count()).toBe(0);

      // The downgrade: an override takes the three features from the owner. Nothing is saved to the book.
      for (const feature of features) await override(feature, false);
      const after = await readerJson(book.number);
      expect(after.htmlConfig).toMatchObject({
        SelectTextButtonVisible: "Hide",
        DownloadButtonVisible: "Hide",
        AutoPlayButtonVisible: "Hide",
      });
      expect(after.settings.download ?? null).toBeNull();
      // The owner's stored settings are untouched: what changed is what readers are served.
      const stored = await ok<{ htmlConfig: Record<string, unknown> }>(
        "/api/book/get-book",
        form({ bookId: book.bookId }),
      );
      expect(stored.htmlConfig).toMatchObject({ SelectTextButtonVisible: "Show", DownloadButtonVisible: "Show" });

      await page.reload();
      await page.locator(".tl-no-select").waitFor();
      expect(await page.locator('[data-button="selectText"]').count()).toBe(0);
      expect(await page.locator('[data-button="download"]').count()).toBe(0);
      expect(await page.locator('[data-button="autoFlip"]').count()).toBe(0);

      // The power back (override removed): the stored settings reach readers again.
      for (const feature of features) await override(feature);
      expect((await readerJson(book.number)).htmlConfig).toMatchObject({ SelectTextButtonVisible: "Show" });
    } finally {
      for (const feature of features) await override(feature);
      await page.close();
    }
  }, 180_000);

  it("stops readers' messages when the owner loses the reader-message feature, and takes them again after", async () => {
    expect(userId, "the first test registers the account").not.toBe("");
    const book = await uploadBook();
    await ok(
      "/api/book/update-book",
      form({ bookId: book.bookId, bookConfig: JSON.stringify({ MessageButtonVisible: "Show" }) }),
    );
    const postMessage = async () => {
      const response = await fetch(`${services.gatewayUrl}/b/${book.number}/post-comment`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form({ name: "Reader", message: "Hello" }),
      });
      return (await response.json()) as Reply;
    };
    expect((await postMessage()).code).toBe("OK");
    await override("READER_MESSAGE", false);
    try {
      expect(await postMessage()).toMatchObject({ code: "ERROR", msg: "此书未开启留言" });
      expect((await readerJson(book.number)).htmlConfig.MessageButtonVisible).toBe("Hide");
      const list = await fetch(`${services.gatewayUrl}/b/${book.number}/_meta/comment/comment.json`);
      expect(list.headers.get("x-leave-message")).toBe("off");
    } finally {
      await override("READER_MESSAGE");
    }
    expect((await postMessage()).code).toBe("OK");
  }, 150_000);

  it("switches copy text off for an owner without it even when the book never set it (the reader's default is on)", async () => {
    expect(userId, "the first test registers the account").not.toBe("");
    const book = await uploadBook();
    expect((await readerJson(book.number)).htmlConfig.SelectTextButtonVisible).toBeUndefined();
    await override("COPY_TEXT", false);
    try {
      expect((await readerJson(book.number)).htmlConfig.SelectTextButtonVisible).toBe("Hide");
    } finally {
      await override("COPY_TEXT");
    }
  }, 150_000);
});
