import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type {
  BookContentRepository,
  BookDocument,
  BookRepository,
  BookRevisionRepository,
} from "@turnleaf/book/in-process";
import { BookHostingChangedSchema } from "@turnleaf/contracts/power/v1/power_events_pb";
import { FolderType, PlanKind, Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createLogger, type NatsConnection, publishEvent, type S3Client, subjects } from "@turnleaf/kit";
import type { PowerRepository } from "@turnleaf/power/in-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { type PowerPart, startInProcessStack } from "../support/in-process-stack.js";

// The book-content paths through the real gateway, against the book and power services in this process on the
// run's real stores: MongoDB-wire (FerretDB), MinIO (assets and books buckets of this run) and NATS JetStream (the
// power service's hosting events, published here as the power service would).
const stores = workerStores();
const log = createLogger({ service: "book-content-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const owner = "10001";
const stranger = "20002";

const startStack = () =>
  startInProcessStack({
    stores,
    label: `bc-${suffix}`,
    log,
    services: {
      power: {},
      book: { files: true, pdfDownloadHosts: ["files.example.com"], hosting: { retryDelayMs: 100 } },
      language: {},
    },
    buckets: ["assets", "books", "sources"],
    gateway: {},
  });
let stack: Awaited<ReturnType<typeof startStack>>;
let books: BookRepository;
let revisions: BookRevisionRepository;
let content: BookContentRepository;
let s3: S3Client;
let nats: NatsConnection;
let power: PowerPart["client"];
let admin: PowerPart["admin"];
let powerUsers: PowerRepository;

beforeAll(async () => {
  stack = await startStack();
  ({ books, revisions, content } = stack.book);
  ({ client: power, admin } = stack.power);
  powerUsers = stack.power.assembled.repository;
  ({ s3, nats } = stack);
  // update-book asks the power service whether the owner's plan has the features a change uses.
  await vipUser(owner);
}, 60_000);

afterAll(() => stack?.stop());

/** A power-service account of a user type (1 basic: reading features only; 2 standard). */
async function powerUser(userId: string, uType: number): Promise<void> {
  await powerUsers.upsertUser({
    userId,
    email: `u${userId}@turnleaf.test`,
    uLink: `u${userId}`,
    uType,
    website: "",
    verifyPhone: false,
    bookLogo: "",
    bookLogoLink: "",
    bookWebsite: "",
  });
}

async function vipUser(userId: string): Promise<void> {
  await powerUser(userId, 2);
  await admin.setPlan({
    account: { userId },
    plan: { kind: PlanKind.VIP_ANNUAL, points: 0, vipExpiresAt: timestampFromDate(new Date(Date.now() + 9e9)) },
    actor: "test",
  });
}

/** The gateway as a local stack runs it for one user (DEV_ACTOR_USER_ID), or with nobody logged in (""). */
const gatewayFor = (userId: string) => stack.gateway.as(userId || undefined);

interface Reply {
  code: string;
  msg: string;
  status: string;
  mess: string;
  data: Record<string, unknown> | null;
}

async function post(path: string, fields: Record<string, string> = {}, userId = owner): Promise<Reply> {
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", host: "books.example.com" },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json() as Reply;
}

const ok = (reply: Reply) => {
  expect(reply, JSON.stringify(reply)).toMatchObject({ code: "OK", status: "1", msg: "" });
  return reply.data as Record<string, unknown>;
};

const notFound = (reply: Reply, msg = "书不存在") =>
  expect(reply, JSON.stringify(reply)).toMatchObject({ code: "ERROR", status: "0", msg, mess: msg });

let counter = 0;
async function newBook(fields: Partial<BookDocument> = {}): Promise<{ bookId: string; number: string }> {
  counter += 1;
  const bookId = `bc${suffix}${counter}`;
  const number = `n${suffix}${counter}`;
  await books.insertIfAbsent({
    bookId,
    number,
    ownerId: owner,
    teamId: "0",
    folderId: "0",
    folderType: 1,
    title: `Content book ${counter}`,
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
    ...fields,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
  return { bookId, number };
}

/** A finished revision's manifest in the run's books bucket, keeping the source PDF when one is given. */
async function convertedRevision(bookId: string, pageCount: number, sourcePdf?: Buffer) {
  const prefix = `books/${bookId}/r1/`;
  const manifest = {
    format: 1,
    bookId,
    revision: 1,
    state: "ready",
    pageCount,
    sourcePdfs: sourcePdf ? ["source/1.pdf"] : [],
  };
  await s3.putObject(stack.buckets.books, `${prefix}manifest.json`, Buffer.from(JSON.stringify(manifest)));
  if (sourcePdf) await s3.putObject(stack.buckets.books, `${prefix}source/1.pdf`, sourcePdf);
}

describe("custom config, content and themes", () => {
  it("saves, answers and deletes each config kind of spec 001 (config, olsconfig, theme)", async () => {
    const { bookId } = await newBook();
    ok(await post("/api/book/save-book-custom-config", { bookId, config: '{"zoom":2}' }));
    ok(
      await post("/api/book/save-book-custom-config", {
        bookId,
        type: "olsconfig",
        config: '[{"title":"A","page":1}]',
      }),
    );
    expect(ok(await post("/api/book/get-book-custom-config", { bookId }))).toMatchObject({
      type: "config",
      config: { zoom: 2 },
    });
    expect(ok(await post("/api/book/get-book-custom-config", { bookId, type: "olsconfig" })).config).toEqual([
      { title: "A", page: 1 },
    ]);
    expect(ok(await post("/api/book/get-book-custom-config", { bookId, type: "theme" })).config).toBeNull();
    expect(ok(await post("/api/book/delete-book-custom-config", { bookId, type: "olsconfig" }))).toEqual({
      deleted: true,
    });
    expect(ok(await post("/api/book/get-book-custom-config", { bookId, type: "olsconfig" })).config).toBeNull();
  });

  it("answers broken JSON with 'Invalid JSON string' and an unknown kind with request exception", async () => {
    const { bookId } = await newBook();
    expect(await post("/api/book/save-book-custom-config", { bookId, config: '{"a":' })).toMatchObject({
      code: "ERROR",
      msg: "无效的 JSON 字符串",
      data: { field: "content" },
    });
    expect(await post("/api/book/save-book-custom-config", { bookId, type: "colour", config: "{}" })).toMatchObject({
      code: "ERROR",
      msg: "请求异常",
    });
  });

  it("keeps content blocks per book, by key", async () => {
    const { bookId } = await newBook();
    ok(await post("/api/book/save-custom-content", { bookId, key: "intro", content: '{"html":"<p>hi</p>"}' }));
    ok(await post("/api/book/save-custom-content", { bookId, key: "outro", content: '{"html":"bye"}' }));
    ok(await post("/api/book/save-custom-content", { bookId, key: "intro", content: '{"html":"again"}' }));
    const all = ok(await post("/api/book/get-custom-content", { bookId })).list as { key: string; content: unknown }[];
    expect(all.map((entry) => [entry.key, entry.content])).toEqual([
      ["intro", { html: "again" }],
      ["outro", { html: "bye" }],
    ]);
    ok(await post("/api/book/delete-custom-content", { bookId, key: "intro" }));
    expect(ok(await post("/api/book/get-custom-content", { bookId, key: "intro" })).list).toEqual([]);
  });

  it("keeps saved themes per user", async () => {
    ok(await post("/api/book/save-custom-theme", { name: "dark", theme: '{"bg":"#000"}' }));
    expect(ok(await post("/api/book/get-custom-theme", { name: "dark" })).list).toMatchObject([
      { name: "dark", theme: { bg: "#000" } },
    ]);
    expect(ok(await post("/api/book/get-custom-theme", {}, stranger)).list).toEqual([]);
    expect(ok(await post("/api/book/delete-custom-theme", { name: "dark" }, stranger))).toEqual({ deleted: false });
    expect(ok(await post("/api/book/delete-custom-theme", { name: "dark" }))).toEqual({ deleted: true });
  });

  it("never reads or writes another owner's book", async () => {
    const { bookId } = await newBook();
    ok(await post("/api/book/save-custom-content", { bookId, key: "secret", content: '{"a":1}' }));
    notFound(await post("/api/book/get-book-custom-config", { bookId }, stranger));
    notFound(await post("/api/book/save-book-custom-config", { bookId, config: "{}" }, stranger));
    notFound(await post("/api/book/delete-book-custom-config", { bookId }, stranger));
    notFound(await post("/api/book/get-custom-content", { bookId }, stranger));
    notFound(await post("/api/book/save-custom-content", { bookId, key: "x", content: "{}" }, stranger));
    notFound(await post("/api/book/delete-custom-content", { bookId, key: "secret" }, stranger));
    expect(ok(await post("/api/book/get-custom-content", { bookId, key: "secret" })).list).toHaveLength(1);
  });
});

describe("business cards and brands", () => {
  it("adds, lists, updates, shows on a book and deletes a card", async () => {
    const card = ok(
      await post("/api/book/add-business-card", { name: "Ana", email: "ana@example.com", website: "https://ana.io" }),
    );
    expect(card).toMatchObject({ name: "Ana", email: "ana@example.com", desc: "" });
    const cardId = card.cardId as string;
    expect(
      (ok(await post("/api/book/get-business-card-list")).list as { cardId: string }[]).map((c) => c.cardId),
    ).toContain(cardId);
    expect(
      ok(await post("/api/book/update-Business-Card", { cardId, name: "Ana B", phone: "+1 555 0100" })),
    ).toMatchObject({
      cardId,
      name: "Ana B",
      phone: "+1 555 0100",
      email: "",
    });
    const { bookId } = await newBook();
    expect(ok(await post("/api/book/get-book-business-card", { bookId }))).toEqual({ card: null, visible: false });
    expect(ok(await post("/api/book/update-Book-Business-Card", { bookId, cardId, visible: "1" }))).toMatchObject({
      card: { cardId, name: "Ana B" },
      visible: true,
    });
    expect(ok(await post("/api/book/get-book-business-card", { bookId }))).toMatchObject({
      card: { cardId },
      visible: true,
    });
    ok(await post("/api/book/delete-business-card", { cardId }));
    expect(ok(await post("/api/book/get-book-business-card", { bookId }))).toEqual({ card: null, visible: false });
  });

  it("refuses a card without a name, a bad email or a script link, with the field", async () => {
    expect(await post("/api/book/add-business-card", { name: " " })).toMatchObject({
      msg: "名片需要填写姓名",
      data: { field: "name" },
    });
    expect(await post("/api/book/add-business-card", { name: "x", email: "no" })).toMatchObject({
      msg: "请输入有效的邮箱地址",
    });
    expect(await post("/api/book/add-business-card", { name: "x", avatar: "javascript:alert(1)" })).toMatchObject({
      code: "ERROR",
      data: { field: "avatar" },
    });
  });

  it("keeps cards to their owner", async () => {
    const cardId = ok(await post("/api/book/add-business-card", { name: "Mine" })).cardId as string;
    const { bookId } = await newBook();
    notFound(await post("/api/book/update-Business-Card", { cardId, name: "Theirs" }, stranger), "名片不存在");
    notFound(await post("/api/book/delete-business-card", { cardId }, stranger), "名片不存在");
    notFound(await post("/api/book/get-book-business-card", { bookId }, stranger));
    notFound(await post("/api/book/update-Book-Business-Card", { bookId, cardId }, stranger));
    const theirCard = ok(await post("/api/book/add-business-card", { name: "Theirs" }, stranger)).cardId as string;
    notFound(await post("/api/book/update-Book-Business-Card", { bookId, cardId: theirCard }), "名片不存在");
    expect((ok(await post("/api/book/get-business-card-list", {}, stranger)).list as unknown[]).length).toBe(1);
  });

  it("creates brands of the three kinds and lists them by kind, per user", async () => {
    for (const type of ["loadingBrand", "toolBarBrand", "relatedBrand"]) {
      expect(
        ok(await post("/api/user/brand/create", { type, title: `${type} title`, logo: "/api/common/file/x/l.png" })),
      ).toMatchObject({
        type,
        title: `${type} title`,
      });
    }
    expect(ok(await post("/api/user/brand/get-list", { type: "toolBarBrand" })).list).toMatchObject([
      { type: "toolBarBrand" },
    ]);
    expect((ok(await post("/api/user/brand/get-list")).list as unknown[]).length).toBeGreaterThanOrEqual(3);
    expect(ok(await post("/api/user/brand/get-list", {}, "30303")).list).toEqual([]);
    expect(await post("/api/user/brand/create", { type: "sideBrand", title: "x" })).toMatchObject({
      msg: "请求异常",
    });
    expect(await post("/api/user/brand/create", { type: "loadingBrand" })).toMatchObject({
      msg: "品牌需要标题或标志",
    });
  });
});

describe("share icon, text status, code info and the editing lock", () => {
  it("sets the share icon (http(s) or a site path only) and the text status, for the owner only", async () => {
    const { bookId } = await newBook();
    expect(ok(await post("/api/book/set-book-sare-icon", { bookId, icon: "https://cdn.example.com/i.png" }))).toEqual({
      icon: "https://cdn.example.com/i.png",
    });
    expect(await post("/api/book/set-book-sare-icon", { bookId, icon: "javascript:alert(1)" })).toMatchObject({
      code: "ERROR",
      data: { field: "icon" },
    });
    expect(ok(await post("/api/book/set-book-text-status", { bookId, textStatus: "0" }))).toEqual({ textStatus: 0 });
    expect((await books.findById(bookId))?.textStatus).toBe(0);
    expect(await post("/api/book/set-book-text-status", { bookId, textStatus: "2" })).toMatchObject({
      msg: "请求异常",
    });
    notFound(await post("/api/book/set-book-sare-icon", { bookId, icon: "" }, stranger));
    notFound(await post("/api/book/set-book-text-status", { bookId, textStatus: "1" }, stranger));
    expect((await books.findById(bookId))?.shareIcon).toBe("https://cdn.example.com/i.png");
  });

  it("a share icon needs WECHAT_SHARE_ICON (a basic account, uType 1, lacks it); clearing it needs nothing", async () => {
    const basic = "30003";
    await powerUser(basic, 1);
    const { bookId } = await newBook({ ownerId: basic, shareIcon: "https://cdn.example.com/old.png" });
    expect(
      await post("/api/book/set-book-sare-icon", { bookId, icon: "https://cdn.example.com/new.png" }, basic),
    ).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有微信分享图标功能的权限，请联系客服开通",
      data: { feature: "WECHAT_SHARE_ICON" },
    });
    expect((await books.findById(bookId))?.shareIcon).toBe("https://cdn.example.com/old.png");
    // Another user's book stays "not found" whatever the sender's features.
    notFound(await post("/api/book/set-book-sare-icon", { bookId: (await newBook()).bookId, icon: "/i.png" }, basic));
    expect(ok(await post("/api/book/set-book-sare-icon", { bookId, icon: "" }, basic))).toEqual({ icon: "" });
    expect((await books.findById(bookId))?.shareIcon).toBe("");
  });

  it("answers the book's public link, QR text and embed code", async () => {
    const { bookId, number } = await newBook();
    expect(ok(await post("/api/book/get-code-info", { bookId }))).toMatchObject({
      bookId,
      number,
      link: `http://books.example.com/b/${number}`,
      qrText: `http://books.example.com/b/${number}`,
      published: true,
    });
    notFound(await post("/api/book/get-code-info", { bookId }, stranger));
  });

  it("gives the lock to one editor session at a time", async () => {
    const { bookId } = await newBook();
    const first = ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-aaaaaaaa" }));
    expect(first).toMatchObject({ locked: false, mine: true, holderUserId: owner });
    const second = ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-bbbbbbbb" }));
    expect(second).toMatchObject({ locked: true, mine: false, holderUserId: owner, since: first.since });
    expect(ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-aaaaaaaa" })).since).toBe(first.since);
    ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-aaaaaaaa", release: "1" }));
    expect(ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-bbbbbbbb" }))).toMatchObject({
      mine: true,
    });
    notFound(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-cccccccc" }, stranger));
    expect(await post("/api/book/get-book-lock", { bookId, sessionId: "x" })).toMatchObject({
      data: { field: "sessionId" },
    });
  });

  it("passes the lock to the same user's newer session opening the editor, and never back on a refresh", async () => {
    const { bookId } = await newBook();
    const older = ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-older-aaaa", takeOver: "1" }));
    expect(older).toMatchObject({ locked: false, mine: true });
    // A refresh of another session does not take it ...
    expect(ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-newer-bbbb" }))).toMatchObject({
      locked: true,
      mine: false,
    });
    // ... opening the editor (takeOver) does, at once, for the same user.
    const newer = ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-newer-bbbb", takeOver: "1" }));
    expect(newer).toMatchObject({ locked: false, mine: true, holderUserId: owner });
    expect(newer.since).not.toBe("");
    // The older tab's refresh now learns it is read-only and takes nothing back.
    expect(ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-older-aaaa" }))).toMatchObject({
      locked: true,
      mine: false,
      holderUserId: owner,
      since: newer.since,
    });
    expect(ok(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-newer-bbbb" }))).toMatchObject({
      mine: true,
    });
    // A stranger's take-over is still "not found", as every other call on another's book.
    notFound(await post("/api/book/get-book-lock", { bookId, sessionId: "tab-cccccccc", takeOver: "1" }, stranger));
  });

  it("lets exactly one of many sessions racing for a free lock take it", async () => {
    const { bookId } = await newBook();
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        post("/api/book/get-book-lock", { bookId, sessionId: `race-${index}-aaaa` }),
      ),
    );
    expect(replies.filter((reply) => ok(reply).mine === true)).toHaveLength(1);
  });
});

describe("about/contact info XML (spec 001 client data) in the about panel's setting aboutContent", () => {
  const aboutOf = async (bookId: string) =>
    (ok(await post("/api/book/get-book", { bookId })).htmlConfig as Record<string, unknown>).aboutContent;

  it("stores an info XML as the serializer writes it and answers it from get-book", async () => {
    const { bookId } = await newBook();
    const xml =
      '  <?xml version="1.0"?><info><title>Tom &amp; Jerry</title><desc>Cartoons</desc><logo>/logo.png</logo>' +
      '<items><item type="Email">tom@example.com</item><item type="Fax">1</item>' +
      '<item type="Phone">+86 10 1234</item></items></info>';
    const saved = ok(
      await post("/api/book/update-book", { bookId, bookConfig: JSON.stringify({ aboutContent: xml }) }),
    );
    const normalised =
      '<?xml version="1.0" encoding="UTF-8"?><info><title>Tom &amp; Jerry</title><desc>Cartoons</desc>' +
      '<logo>/logo.png</logo><items><item type="Email">tom@example.com</item>' +
      '<item type="Phone">+86 10 1234</item></items></info>';
    expect((saved.htmlConfig as Record<string, unknown>).aboutContent).toBe(normalised);
    expect(await aboutOf(bookId)).toBe(normalised);
    // Plain text stays the about panel's text.
    ok(await post("/api/book/update-book", { bookId, bookConfig: JSON.stringify({ aboutContent: " Hello, 5 > 3 " }) }));
    expect(await aboutOf(bookId)).toBe("Hello, 5 > 3");
  });

  it("refuses a broken info XML with a catalogue error and saves nothing of that change", async () => {
    const { bookId } = await newBook();
    ok(await post("/api/book/update-book", { bookId, bookConfig: JSON.stringify({ aboutContent: "kept" }) }));
    for (const broken of [
      "<info><title>unclosed</info>",
      "<about><title>x</title></about>",
      '<!DOCTYPE info [<!ENTITY x "y">]><info><title>&x;</title></info>',
    ]) {
      const reply = await post("/api/book/update-book", {
        bookId,
        bookConfig: JSON.stringify({ aboutContent: broken, bgColor: "#123456" }),
      });
      expect(reply, broken).toMatchObject({ code: "ERROR", status: "0", data: { field: "aboutContent" } });
      expect(reply).toMatchObject({ msg: "信息 XML 无效", data: { messageKey: "infoXmlInvalid" } });
    }
    const book = ok(await post("/api/book/get-book", { bookId }));
    expect(book.htmlConfig).toEqual({ aboutContent: "kept" });
    const tooLong = await post("/api/book/update-book", {
      bookId,
      bookConfig: JSON.stringify({ aboutContent: "x".repeat(5001) }),
    });
    expect(tooLong).toMatchObject({ code: "ERROR", msg: "aboutContent不能超过 5000 个字符" });
  });
});

describe("upload logs", () => {
  it("stores the client's log and never answers a message", async () => {
    const userId = "40404";
    expect(await post("/api/other/add-upload-log", { taskId: "t1", error: "network" }, userId)).toEqual({
      code: "OK",
      data: { logged: true },
      msg: "",
      status: "1",
      mess: "",
    });
    expect(ok(await post("/api/other/add-upload-empty-log", { reason: "no files" }, userId))).toEqual({ logged: true });
    const logs = await content.uploadLogs(userId);
    expect(logs.map((entry) => [entry.empty, JSON.parse(entry.log)])).toEqual([
      [false, { taskId: "t1", error: "network" }],
      [true, { reason: "no files" }],
    ]);
  });

  it("keeps a user's newest 100 logs, however many arrive at once, and none older than 30 days", async () => {
    const userId = "40405";
    await content.addUploadLog(
      { logId: "old-log-of-40405", userId, empty: false, log: "{}" },
      { keep: 100, maxAgeMs: 365 * 24 * 60 * 60 * 1000 },
    );
    await stack.book.mongo
      .collection("upload_logs")
      .updateOne(
        { logId: "old-log-of-40405" },
        { $set: { createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) } },
      );
    for (let round = 0; round < 3; round++) {
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          post("/api/other/add-upload-log", { round: String(round), index: String(index) }, userId),
        ),
      );
      for (const reply of replies) expect(reply).toMatchObject({ code: "OK" });
    }
    const logs = await content.uploadLogs(userId);
    expect(logs).toHaveLength(100);
    expect(logs.some((entry) => entry.logId === "old-log-of-40405")).toBe(false);
    // The last round's 50 are all kept: the pruned ones are the oldest.
    expect(logs.filter((entry) => JSON.parse(entry.log).round === "2")).toHaveLength(50);
  });
});

describe("the online bookcase (get-book-list, set-book-status, delete-book)", () => {
  const bookcaseOwner = "50505";

  it("lists the owner's books a page at a time with their online status, link and page count", async () => {
    const enabled = await newBook({
      ownerId: bookcaseOwner,
      title: "Alpha guide",
      privacy: { access: "password", mode: "single", hint: "", fromPage: 1, passwordHash: "x", users: [] },
    });
    await convertedRevision(enabled.bookId, 7);
    const disabled = await newBook({ ownerId: bookcaseOwner, title: "Beta notes", bStatus: 0 });
    const overdue = await newBook({ ownerId: bookcaseOwner, title: "Gamma", hostingSuspended: true });
    await newBook({ ownerId: bookcaseOwner, title: "Delta (converting)", bStatus: 2 });
    await newBook({
      ownerId: bookcaseOwner,
      title: "Epsilon [failed]",
      bStatus: 3,
      conversionError: "PDF conversion failed: damaged file",
    });
    await newBook({ ownerId: stranger, title: "Alpha of someone else" });

    const all = ok(await post("/api/book/get-book-list", { page: "1", pageSize: "10" }, bookcaseOwner));
    expect(all.total).toBe(5);
    const list = all.list as Record<string, unknown>[];
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      [
        "bookId",
        "cover",
        "createdAt",
        "errorReason",
        "locked",
        "folderType",
        "link",
        "number",
        "pageCount",
        "status",
        "title",
        "updatedAt",
      ].sort(),
    );
    const byTitle = Object.fromEntries(list.map((row) => [row.title, row]));
    expect(byTitle["Alpha guide"]).toMatchObject({
      status: "enabled",
      pageCount: 7,
      link: `http://books.example.com/b/${enabled.number}`,
    });
    expect(byTitle["Beta notes"]).toMatchObject({ status: "disabled", pageCount: 0 });
    expect(byTitle.Gamma).toMatchObject({ status: "overdue" });
    expect(byTitle["Delta (converting)"]).toMatchObject({ status: "uploading" });
    // Issue #35: the bookcase gives the reason for a book in error and marks a password-protected one.
    expect(byTitle["Epsilon [failed]"]).toMatchObject({
      status: "error",
      errorReason: "PDF conversion failed: damaged file",
      locked: false,
    });
    expect(byTitle["Alpha guide"]).toMatchObject({ locked: true, errorReason: "" });
    expect(byTitle["Beta notes"]).toMatchObject({ locked: false });

    const firstPage = ok(await post("/api/book/get-book-list", { page: "1", pageSize: "2" }, bookcaseOwner));
    const secondPage = ok(await post("/api/book/get-book-list", { page: "2", pageSize: "2" }, bookcaseOwner));
    expect(firstPage.total).toBe(5);
    const ids = [...(firstPage.list as { bookId: string }[]), ...(secondPage.list as { bookId: string }[])].map(
      (r) => r.bookId,
    );
    expect(new Set(ids).size).toBe(4);

    for (const [status, bookId] of [
      ["enabled", enabled.bookId],
      ["disabled", disabled.bookId],
      ["overdue", overdue.bookId],
    ] as const) {
      const filtered = ok(await post("/api/book/get-book-list", { status }, bookcaseOwner));
      expect((filtered.list as { bookId: string }[]).map((row) => row.bookId)).toEqual([bookId]);
    }
    const keyword = ok(await post("/api/book/get-book-list", { keyword: "[FAILED]" }, bookcaseOwner));
    expect((keyword.list as { title: string }[]).map((row) => row.title)).toEqual(["Epsilon [failed]"]);
    expect(await post("/api/book/get-book-list", { status: "normal" }, bookcaseOwner)).toMatchObject({
      code: "ERROR",
      data: { field: "status" },
    });
    expect(await post("/api/book/get-book-list", { pageSize: "1000" }, bookcaseOwner)).toMatchObject({
      data: { field: "pageSize" },
    });
  });

  it("disables and enables a book; readers are refused a disabled one", async () => {
    const { bookId, number } = await newBook();
    expect(ok(await post("/api/book/set-book-status", { bookId, status: "disabled" }))).toMatchObject({
      bookId,
      status: "disabled",
    });
    await expect(stack.gateway.peers.book.getPublishedBook({ link: number })).rejects.toMatchObject({
      kind: "NOT_FOUND",
    });
    expect(ok(await post("/api/book/set-book-status", { bookId, status: "enabled" }))).toMatchObject({
      status: "enabled",
    });
    expect((await stack.gateway.peers.book.getPublishedBook({ link: number })).book?.bookId).toBe(bookId);
    notFound(await post("/api/book/set-book-status", { bookId, status: "disabled" }, stranger));
    const converting = await newBook({ bStatus: 2 });
    expect(await post("/api/book/set-book-status", { bookId: converting.bookId, status: "enabled" })).toMatchObject({
      code: "ERROR",
      msg: "该书尚未转换完成或转换失败",
    });
  });

  it("deletes a book, its content, and frees the quota slot its upload took", async () => {
    const userId = "60606";
    await vipUser(userId);
    const used = async () =>
      (await admin.getAccountPower({ account: { userId } })).power?.usage.find((u) => u.quota === Quota.BOOK_FILE_NUM)
        ?.used;
    const { bookId } = await newBook({ ownerId: userId });
    await power.reserveBookSlot({
      asker: { userId, teamId: "0", folderType: FolderType.BOOK },
      bookKey: `upload:task-${bookId}`,
    });
    expect(await used()).toBe(1);
    ok(await post("/api/book/save-custom-content", { bookId, key: "k", content: "{}" }, userId));

    notFound(await post("/api/book/delete-book", { bookId }, stranger));
    expect(await books.findById(bookId)).not.toBeNull();
    expect(ok(await post("/api/book/delete-book", { bookId }, userId))).toEqual({
      bookId,
      deleted: true,
      slotReleased: true,
    });
    expect(await books.findById(bookId)).toBeNull();
    expect(await content.customEntries(userId, bookId, "content", "")).toEqual([]);
    expect(await used()).toBe(0);
    notFound(await post("/api/book/delete-book", { bookId }, userId));
  });
});

describe("hosting events of the power service", () => {
  it("never lets an older event, redelivered late, overwrite a newer one", async () => {
    const { bookId } = await newBook();
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
    expect(await books.applyHosting(bookId, { suspended: false, reason: "", publishedAt: at(5) })).toBe(true);
    expect(await books.applyHosting(bookId, { suspended: true, reason: "VIP expired", publishedAt: at(3) })).toBe(
      false,
    );
    expect(await books.findById(bookId)).toMatchObject({ hostingSuspended: false, hostingChangedAt: at(5) });
    expect(await books.applyHosting("nosuchbook", { suspended: true, reason: "", publishedAt: at(9) })).toBe(false);
  });

  const waitForStatus = async (bookId: string, hostingSuspended: boolean) => {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (((await books.findById(bookId))?.hostingSuspended ?? false) === hostingSuspended) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`book ${bookId} never became hostingSuspended=${hostingSuspended}`);
  };

  it("suspends a book (overdue, refused to readers) and opens it again, idempotently", async () => {
    const userId = "70707";
    const { bookId, number } = await newBook({ ownerId: userId });
    const event = { bookId, userId, suspended: true, reason: "points exhausted" };
    await publishEvent(nats, subjects.bookHostingChanged(bookId), BookHostingChangedSchema, event);
    await publishEvent(nats, subjects.bookHostingChanged(bookId), BookHostingChangedSchema, event);
    await waitForStatus(bookId, true);
    expect((ok(await post("/api/book/get-book-list", {}, userId)).list as { status: string }[])[0]?.status).toBe(
      "overdue",
    );
    await expect(stack.gateway.peers.book.getPublishedBook({ link: number })).rejects.toMatchObject({
      kind: "NOT_FOUND",
    });
    // The owner switching the book on does not lift the suspension.
    ok(await post("/api/book/set-book-status", { bookId, status: "enabled" }, userId));
    await expect(stack.gateway.peers.book.getPublishedBook({ link: number })).rejects.toMatchObject({
      kind: "NOT_FOUND",
    });

    await publishEvent(nats, subjects.bookHostingChanged(bookId), BookHostingChangedSchema, {
      ...event,
      suspended: false,
    });
    await waitForStatus(bookId, false);
    expect((ok(await post("/api/book/get-book-list", {}, userId)).list as { status: string }[])[0]?.status).toBe(
      "enabled",
    );
    expect((await stack.gateway.peers.book.getPublishedBook({ link: number })).book?.bookId).toBe(bookId);
  });
});

function multipart(parts: { name: string; value: string | Buffer; fileName?: string }[]) {
  const boundary = `----turnleaf${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.name}"; filename="${part.fileName}"`
      : `form-data; name="${part.name}"`;
    const type = part.fileName ? "Content-Type: application/octet-stream\r\n" : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(parts: Parameters<typeof multipart>[0], userId = owner): Promise<Reply> {
  const { payload, contentType } = multipart(parts);
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: "/api/common/upload-file",
    headers: { "content-type": contentType, host: "books.example.com" },
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json() as Reply;
}

const pngBytes = (width: number, height: number, extra = 100) => {
  const head = Buffer.alloc(33 + extra, 7);
  Buffer.from("\x89PNG\r\n\x1a\n", "latin1").copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write("IHDR", 12, "latin1");
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  return head;
};

describe("editor asset uploads (upload-file) and their URLs", () => {
  it("stores a picture under the user's folder and serves it back at the absolute URL it answers", async () => {
    const bytes = pngBytes(40, 20, 5000);
    const data = ok(await upload([{ name: "file", value: bytes, fileName: "cover.png" }]));
    expect(data).toMatchObject({ name: "cover.png", size: bytes.length, contentType: "image/png" });
    const url = new URL(data.url as string);
    expect(url.origin).toBe("http://books.example.com");
    const served = await (await gatewayFor("")).inject({ method: "GET", url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const keys: string[] = [];
    for await (const item of s3.listObjectsV2(stack.buckets.assets, `users/${owner}/files/`, true))
      if (item.name) keys.push(item.name);
    expect(keys).toContain(`users/${owner}/files/${data.fileId}`);
  });

  it("refuses exe files, a mislabelled type, an oversized GIF logo (spec text) and non-multipart bodies", async () => {
    expect(await upload([{ name: "file", value: Buffer.from("MZ\x90\x00rest"), fileName: "tool.exe" }])).toMatchObject({
      code: "ERROR",
      msg: "不允许上传 exe 文件",
    });
    expect(await upload([{ name: "file", value: Buffer.from("%PDF-1.4 ..."), fileName: "a.png" }])).toMatchObject({
      msg: "该文件不是有效的 png 文件",
    });
    const gif = Buffer.alloc(64, 0);
    gif.write("GIF89a", 0, "latin1");
    gif.writeUInt16LE(900, 6);
    gif.writeUInt16LE(100, 8);
    expect(
      await upload([
        { name: "purpose", value: "logo" },
        { name: "file", value: gif, fileName: "logo.gif" },
      ]),
    ).toMatchObject({ msg: "请上传小于 500*500 px 的图片！当前尺寸：900*100" });
    expect(await upload([{ name: "other", value: "x" }])).toMatchObject({ msg: "请选择文件" });
    expect(await upload([{ name: "file", value: pngBytes(10, 10, 10_485_760), fileName: "big.png" }])).toMatchObject({
      msg: "文件不能超过 10 MB",
    });
    expect(await post("/api/common/upload-file", { file: "x" })).toMatchObject({
      code: "ERROR",
      msg: "请选择文件",
    });
    const missing = await (await gatewayFor("")).inject({
      method: "GET",
      url: "/api/common/file/0123456789abcdef01234567/x.png",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "ERROR", msg: "文件不存在" });
  });

  it("reads the parts in any order: purpose after the file, other parts skipped, a text `file` is no file", async () => {
    const gif = Buffer.alloc(64, 0);
    gif.write("GIF89a", 0, "latin1");
    gif.writeUInt16LE(900, 6);
    gif.writeUInt16LE(100, 8);
    expect(
      await upload([
        { name: "other", value: Buffer.alloc(70_000, 1), fileName: "other.bin" },
        { name: "file", value: gif, fileName: "logo.gif" },
        { name: "file", value: pngBytes(4, 4), fileName: "second.png" },
        { name: "purpose", value: "logo" },
      ]),
    ).toMatchObject({ msg: "请上传小于 500*500 px 的图片！当前尺寸：900*100" });
    expect(
      await upload([
        { name: "file", value: "not a file" },
        { name: "file", value: pngBytes(4, 4), fileName: "a.png" },
      ]),
    ).toMatchObject({ code: "ERROR", msg: "请选择文件" });
    expect(
      await upload([{ name: "file", value: pngBytes(30, 30, 300_000), fileName: "zeichnung 图.png" }]),
    ).toMatchObject({ code: "OK", data: { name: "zeichnung 图.png", size: 300_033 } });
  });

  it("refuses a body past the limit while it streams (no content-length) with the same reply as a declared one", async () => {
    const boundary = `----turnleaf${randomBytes(8).toString("hex")}`;
    async function* body() {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nattachment\r\n`);
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
          "Content-Type: application/pdf\r\n\r\n%PDF-1.4\n",
      );
      const chunk = Buffer.alloc(1024 * 1024, 32);
      for (let sent = 0; sent < 101; sent += 1) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const gateway = await gatewayFor(owner);
    const streamed = await gateway.inject({
      method: "POST",
      url: "/api/common/upload-file",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, host: "books.example.com" },
      payload: Readable.from(body()),
    });
    const whole: Buffer[] = [];
    for await (const piece of body()) whole.push(piece);
    const declared = await gateway.inject({
      method: "POST",
      url: "/api/common/upload-file",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, host: "books.example.com" },
      payload: Buffer.concat(whole),
    });
    expect(streamed.statusCode).toBe(declared.statusCode);
    expect(streamed.json()).toEqual(declared.json());
    expect(streamed.json()).toMatchObject({ code: "ERROR", msg: "文件不能超过 100 MB", data: { field: "file" } });
  }, 60_000);

  it("asks for a session", async () => {
    expect(await upload([{ name: "file", value: pngBytes(4, 4), fileName: "a.png" }], "")).toMatchObject({
      code: "LOGIN_SIGNOUT",
    });
  });
});

describe("the original PDF download (download/download-pdf-file.php) and downloadconfig", () => {
  const pdf = Buffer.from("%PDF-1.4\n% a stand-in original\n%%EOF\n");
  const download = async (bookId: string, userId = "") =>
    (await gatewayFor(userId)).inject({ method: "GET", url: `/download/download-pdf-file.php?bookid=${bookId}` });

  it("round-trips the download config, its code stored reversed and base64-encoded", async () => {
    const { bookId } = await newBook();
    const config = {
      pdf: { isOriginPath: true, url: "/download/download-pdf-file.php?bookid=x", urlOnlink: "" },
      isDownloadProject: true,
      isDownloadAttach: true,
      attachments: [{ name: "slides.pdf", size: 1024, url: "https://cdn.example.com/slides.pdf" }],
      hideDownloadSinglePage: true,
      code: "abc123",
    };
    ok(await post("/api/book/update-book", { bookId, downloadconfig: JSON.stringify(config) }));
    expect((await books.findById(bookId))?.downloadConfig?.code).toBe(Buffer.from("321cba").toString("base64"));
    expect(ok(await post("/api/book/get-book", { bookId })).downloadconfig).toEqual(config);
    const exe = { ...config, attachments: [{ name: "setup.exe", size: 1, url: "https://x.io/s.exe" }] };
    expect(await post("/api/book/update-book", { bookId, downloadconfig: JSON.stringify(exe) })).toMatchObject({
      msg: "不允许 exe 附件",
    });
    const big = {
      ...config,
      attachments: [{ name: "big.zip", size: 100 * 1024 * 1024 + 1, url: "https://x.io/b.zip" }],
    };
    expect(await post("/api/book/update-book", { bookId, downloadconfig: JSON.stringify(big) })).toMatchObject({
      msg: "文件不能超过 100 MB",
    });
  });

  it("serves the original PDF when the download config offers it, to readers of a public book", async () => {
    const { bookId } = await newBook();
    await convertedRevision(bookId, 1, pdf);
    const refused = await download(bookId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "ERROR", msg: "此书的 PDF 不允许下载" });
    // DownloadButtonVisible on a user-uploaded book creates the default config: the original PDF.
    ok(await post("/api/book/update-book", { bookId, bookConfig: '{"DownloadButtonVisible":"Show"}' }));
    const served = await download(bookId);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toMatch(/^attachment;/);
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it("falls back to the upload's original in the sources bucket when the conversion kept none", async () => {
    const { bookId } = await newBook();
    await convertedRevision(bookId, 1);
    ok(await post("/api/book/update-book", { bookId, bookConfig: '{"DownloadButtonVisible":"yes"}' }));
    expect((await download(bookId)).json()).toMatchObject({ msg: "此书的原始 PDF 不可用" });
    await s3.putObject(
      stack.buckets.sources,
      `uploads/task-${bookId}/a-picture`,
      Buffer.from("\xff\xd8\xff\xe0 jpeg", "latin1"),
    );
    await s3.putObject(stack.buckets.sources, `uploads/task-${bookId}/b-document`, pdf);
    const served = await download(bookId);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it("keeps protected, private and disabled books to their owner, and redirects to the owner's own URL", async () => {
    const config = JSON.stringify({ pdf: { isOriginPath: true, url: "/download/x" } });
    for (const fields of [
      { privacy: { access: "password", mode: "single", hint: "", fromPage: 1, passwordHash: "x", users: [] } },
      { privacy: { access: "private", mode: "single", hint: "", fromPage: 1, passwordHash: "", users: [] } },
      { bStatus: 0 },
    ] as Partial<BookDocument>[]) {
      const { bookId } = await newBook(fields);
      await convertedRevision(bookId, 1, pdf);
      ok(await post("/api/book/update-book", { bookId, downloadconfig: config }));
      const anonymous = await download(bookId);
      expect([403, 404]).toContain(anonymous.statusCode);
      expect(anonymous.json()).toMatchObject({ code: "ERROR" });
      expect((await download(bookId, stranger)).statusCode).toBe(anonymous.statusCode);
      const mine = await download(bookId, owner);
      expect(mine.statusCode).toBe(200);
      expect(mine.rawPayload.equals(pdf)).toBe(true);
    }
    const external = await newBook();
    ok(
      await post("/api/book/update-book", {
        bookId: external.bookId,
        downloadconfig: JSON.stringify({ pdf: { isOriginPath: false, url: "https://files.example.com/book.pdf" } }),
      }),
    );
    const redirected = await download(external.bookId);
    expect(redirected.statusCode).toBe(302);
    expect(redirected.headers.location).toBe("https://files.example.com/book.pdf");
    expect((await download("nosuchbook")).statusCode).toBe(404);
  });
});

describe("sessions on every book-content path", () => {
  it("answers LOGIN_SIGNOUT without a session", async () => {
    const paths = [
      "/api/book/get-book-custom-config",
      "/api/book/save-book-custom-config",
      "/api/book/delete-book-custom-config",
      "/api/book/get-custom-content",
      "/api/book/save-custom-content",
      "/api/book/delete-custom-content",
      "/api/book/get-custom-theme",
      "/api/book/save-custom-theme",
      "/api/book/delete-custom-theme",
      "/api/book/get-business-card-list",
      "/api/book/get-book-business-card",
      "/api/book/add-business-card",
      "/api/book/update-Book-Business-Card",
      "/api/book/update-Business-Card",
      "/api/book/delete-business-card",
      "/api/user/brand/get-list",
      "/api/user/brand/create",
      "/api/book/set-book-sare-icon",
      "/api/book/get-book-lock",
      "/api/book/set-book-text-status",
      "/api/book/get-code-info",
      "/api/book/get-book-list",
      "/api/book/set-book-status",
      "/api/book/delete-book",
      "/api/other/add-upload-log",
      "/api/other/add-upload-empty-log",
    ];
    const { bookId } = await newBook();
    const fields = {
      bookId,
      config: "{}",
      key: "k",
      content: "{}",
      name: "n",
      theme: "{}",
      cardId: "0123456789abcdef01234567",
      sessionId: "tab-aaaaaaaa",
      textStatus: "1",
      status: "enabled",
      title: "t",
    };
    for (const path of paths) {
      const extra: Record<string, string> = path.startsWith("/api/user/brand/") ? { type: "loadingBrand" } : {};
      expect(await post(path, { ...fields, ...extra }, ""), path).toMatchObject({ code: "LOGIN_SIGNOUT", status: "0" });
    }
    expect(await books.findById(bookId)).not.toBeNull();
  });
});
