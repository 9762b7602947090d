/**
 * The book-content paths of a book's settings through the real gateway: custom config, content blocks and themes,
 * business cards and brands, the share icon, text status, code info and the editing lock, the about panel's info
 * XML, upload logs, and sessions on every book-content path (book-content-fixtures.ts starts the services on the
 * run's real stores).
 */
import { describe, expect, it } from "vitest";
import {
  books,
  content,
  newBook,
  notFound,
  ok,
  owner,
  post,
  powerUser,
  stack,
  stranger,
  useBookContentStack,
} from "./book-content-fixtures.js";

useBookContentStack();

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
