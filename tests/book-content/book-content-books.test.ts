/**
 * The book-content paths of whole books through the real gateway: the online bookcase (list, status, delete), the
 * power service's hosting events, editor asset uploads (upload-file) and their URLs, and the original PDF download
 * (book-content-fixtures.ts starts the services on the run's real stores).
 */
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { BookDocument } from "@turnleaf/book/in-process";
import { BookHostingChangedSchema } from "@turnleaf/contracts/power/v1/power_events_pb";
import { FolderType, Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import { publishEvent, subjects } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import {
  admin,
  books,
  content,
  convertedRevision,
  gatewayFor,
  nats,
  newBook,
  notFound,
  ok,
  owner,
  pngBytes,
  post,
  power,
  s3,
  stack,
  stranger,
  upload,
  useBookContentStack,
  vipUser,
} from "./book-content-fixtures.js";

useBookContentStack();

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
