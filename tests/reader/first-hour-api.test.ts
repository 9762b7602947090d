import { randomUUID } from "node:crypto";
import jsQRModule from "jsqr";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../browser.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerSystem } from "../setup/worker-stores.js";
import { form, type Reply } from "../support/system.js";

// jsqr is CommonJS whose function also hangs on `default`: under NodeNext its default import is the module object.
const jsQR = jsQRModule.default;

// Issue #35 on the server: a locked book lists no contents titles or bookmarks of its protected pages to anyone
// without the password; the owner's own preview (same origin, the owner's session) is not locked, and nobody
// else's is; get-book's book info under spec 000 §3's names. The built processes, the real stores, Chromium.
const services = await workerSystem();
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** A fresh account whose session cookie the calls carry. */
async function account() {
  let cookie = "";
  const post = async (path: string, body: string | Blob, contentType = "application/x-www-form-urlencoded") => {
    const response = await fetch(`${services.gatewayUrl}${path}`, {
      method: "POST",
      headers: { "content-type": contentType, ...(cookie ? { cookie } : {}) },
      body,
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie?.startsWith("tl_session=")) cookie = setCookie.split(";")[0] ?? "";
    return (await response.json()) as Reply;
  };
  const ok = async <T = Record<string, unknown>>(path: string, fields: Record<string, string>): Promise<T> => {
    const reply = await post(path, form(fields));
    expect(reply.code, `${path}: ${reply.msg}`).toBe("OK");
    return reply.data as T;
  };
  await ok("/api/user/register", { email: `first-hour-${randomUUID()}@example.org`, password: "a good password" });
  return { post, ok, cookie: () => cookie };
}

type Account = Awaited<ReturnType<typeof account>>;

async function uploadBook(owner: Account, pages: number): Promise<{ bookId: string; number: string }> {
  const pdf = await labelledPdf("F", pages);
  const files = JSON.stringify([{ name: "book.pdf", size: pdf.length, type: "application/pdf" }]);
  const task = await owner.ok<{ taskId: string; files: { fileId: string }[] }>("/api/book/begin-upload", {
    title: "First hour",
    files,
  });
  const sent = await owner.post(
    `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${task.files[0]?.fileId}&offset=0`,
    new Blob([new Uint8Array(pdf)]),
    "application/octet-stream",
  );
  expect(sent.code).toBe("OK");
  const ended = await owner.ok<{ bookId: string; number: string }>("/api/book/end-upload", { taskId: task.taskId });
  // A plain wait (expect.poll belongs to tests; this also runs in beforeAll).
  for (let tries = 0; ; tries += 1) {
    const { phase } = await owner.ok<{ phase: string }>("/api/book/get-progress", { taskId: task.taskId });
    if (phase === "ready") break;
    if (tries > 180) throw new Error(`conversion not ready: ${phase}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { bookId: String(ended.bookId), number: String(ended.number) };
}

interface ReaderJson {
  outline: { title: string; page: number; children: unknown[] }[];
  bookmarks?: { caption: string; page: number }[];
  pages: { number: number; locked?: boolean }[];
}

async function readerJson(number: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${services.gatewayUrl}/b/${number}/book.json`, { headers });
  expect(response.status).toBe(200);
  const body = await response.text();
  return { body, json: JSON.parse(body) as ReaderJson };
}

const outlineTitles = (outline: ReaderJson["outline"]): string[] =>
  outline.flatMap((entry) => [entry.title, ...outlineTitles(entry.children as ReaderJson["outline"])]);

describe("a password book's contents and the owner's preview", () => {
  let owner: Account;
  let book: { bookId: string; number: string };

  beforeAll(async () => {
    owner = await account();
    book = await uploadBook(owner, 5);
    await owner.ok("/api/book/save-book-catalog", {
      bookId: book.bookId,
      catalog: JSON.stringify([
        { title: "Free opening", page: 1, children: [{ title: "Secret section", page: 4, children: [] }] },
        { title: "Free second", page: 2, children: [] },
        { title: "Secret chapter", page: 3, children: [] },
      ]),
    });
    await owner.ok("/api/book/save-book-bookmark", {
      bookId: book.bookId,
      bookmarks: JSON.stringify([
        { caption: "Free mark", page: 1, colour: "#1e90ff", fontColour: "#ffffff" },
        { caption: "Secret mark", page: 5, colour: "#c0392b", fontColour: "#ffffff" },
      ]),
    });
    await owner.ok("/api/book/set-book-privacy", {
      bookId: book.bookId,
      access: "password",
      mode: "single",
      password: "letmein1",
      hint: "",
      fromPage: "3",
    });
  }, 180_000);

  it("lists only the free pages' contents and bookmarks to a reader without the password, all after unlocking", async () => {
    const locked = await readerJson(book.number);
    expect(outlineTitles(locked.json.outline)).toEqual(["Free opening", "Free second"]);
    expect(locked.json.bookmarks?.map((bookmark) => bookmark.caption)).toEqual(["Free mark"]);
    expect(locked.body).not.toContain("Secret");
    // The reader's HTML carries the book inline: the same holds there.
    const html = await (await fetch(`${services.gatewayUrl}/b/${book.number}`)).text();
    expect(html).toContain("Free opening");
    expect(html).not.toContain("Secret");

    // The password opens everything.
    const unlock = await fetch(`${services.gatewayUrl}/b/${book.number}/unlock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: "letmein1" }),
    });
    expect(unlock.status).toBe(200);
    const grant = (unlock.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(grant).not.toBe("");
    const open = await readerJson(book.number, { cookie: grant });
    expect(outlineTitles(open.json.outline)).toEqual([
      "Free opening",
      "Secret section",
      "Free second",
      "Secret chapter",
    ]);
    expect(open.json.bookmarks?.map((bookmark) => bookmark.caption)).toEqual(["Free mark", "Secret mark"]);
  });

  it("is not locked for the owner's own same-origin preview, and is for anyone else's session", async () => {
    const own = await readerJson(book.number, { cookie: owner.cookie(), "sec-fetch-site": "same-origin" });
    expect(own.json.pages.some((page) => page.locked)).toBe(false);
    expect(outlineTitles(own.json.outline)).toContain("Secret chapter");
    // The owner's session from another site (a link followed elsewhere) proves no preview.
    const crossSite = await readerJson(book.number, { cookie: owner.cookie(), "sec-fetch-site": "cross-site" });
    expect(crossSite.json.pages.filter((page) => page.locked).map((page) => page.number)).toEqual([3, 4, 5]);
    // Another signed-in user, same origin: locked.
    const stranger = await account();
    const theirs = await readerJson(book.number, { cookie: stranger.cookie(), "sec-fetch-site": "same-origin" });
    expect(theirs.json.pages.filter((page) => page.locked).map((page) => page.number)).toEqual([3, 4, 5]);
    expect(theirs.body).not.toContain("Secret");

    // In Chromium: the editor's frame (same origin) with the owner's session shows page 3; without it, the wall.
    const origin = new URL(services.gatewayUrl);
    const frameFaces = async (cookie: string) => {
      const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
      if (cookie) {
        const [name, value] = cookie.split("=");
        await context.addCookies([{ name: name ?? "", value: value ?? "", domain: origin.hostname, path: "/" }]);
      }
      const page = await context.newPage();
      await page.goto(`${services.gatewayUrl}/b/${book.number}/1`);
      await page.evaluate((src) => {
        const frame = document.createElement("iframe");
        frame.src = src;
        frame.style.cssText = "position:fixed;inset:0;width:100%;height:100%;z-index:99";
        document.body.append(frame);
      }, `/b/${book.number}/3`);
      await expect.poll(() => page.frames().length).toBe(2);
      const frame = page.frames()[1];
      if (!frame) throw new Error("no frame");
      await frame.getByTestId("stage").waitFor({ timeout: 20_000 });
      await frame.locator('.tl-face[data-page="3"]').waitFor({ timeout: 20_000 });
      const locked = await frame.locator('.tl-face-locked[data-page="3"]').count();
      await context.close();
      return locked;
    };
    expect(await frameFaces(owner.cookie())).toBe(0);
    expect(await frameFaces("")).toBe(1);
  }, 120_000);
});

describe("get-book's book info under spec 000's names", () => {
  it("gives url, bLink, book_url, qr_code, the templates, tabconfig, worksConfig, isMedia and spec bookmark and catalog fields", async () => {
    const owner = await account();
    const book = await uploadBook(owner, 2);
    await owner.ok("/api/book/update-book", {
      bookId: book.bookId,
      bookConfig: JSON.stringify({
        designTemplate: "magazine",
        designMobileTemplate: "phone-slide",
        bookmarkHasTexture: true,
        bookmarkOnSideEdge: false,
      }),
    });
    await owner.ok("/api/book/save-book-catalog", {
      bookId: book.bookId,
      catalog: JSON.stringify([{ title: "Start", page: 1, url: "", children: [] }]),
    });
    await owner.ok("/api/book/save-book-bookmark", {
      bookId: book.bookId,
      bookmarks: JSON.stringify([{ caption: "Here", page: 2, colour: "#1e90ff", fontColour: "#000000" }]),
    });
    const info = await owner.ok<Record<string, unknown>>("/api/book/get-book", { bookId: book.bookId });
    const url = `${services.gatewayUrl}/b/${book.number}`;
    expect(info).toMatchObject({
      url,
      bLink: url,
      book_url: url,
      templateId: "magazine",
      htmlTemplate: "magazine",
      phoneTemplate: { name: "phone-slide" },
      phoneTemplateName: "phone-slide",
      isMedia: false,
      tabconfig: {
        tabs: [{ caption: "Here", pageIndex: 2, color: "#1e90ff", fontColor: "#000000" }],
        hasTexture: true,
        onSideEdge: false,
      },
      worksConfig: { isVisible: false, url: "" },
      // The current names stay beside the spec's.
      bookmarks: [{ caption: "Here", page: 2, colour: "#1e90ff", fontColour: "#000000", pageIndex: 2 }],
      catalog: [{ title: "Start", label: "Start", page: 1, link: "" }],
    });
    // The QR code reads back as the reader's address.
    const qr = String(info.qr_code);
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const { data, info: size } = await sharp(Buffer.from(qr.split(",")[1] ?? "", "base64"))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), size.width, size.height)?.data).toBe(url);

    // A media item on a page: isMedia.
    const added = await owner.post(
      "/api/book/add-page-media",
      form({
        bookId: book.bookId,
        item: JSON.stringify({ id: "n1", kind: "note", page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1, text: "Hi" }),
      }),
    );
    expect(added.code, added.msg).toBe("OK");
    expect((await owner.ok("/api/book/get-book", { bookId: book.bookId })).isMedia).toBe(true);
  }, 180_000);
});
