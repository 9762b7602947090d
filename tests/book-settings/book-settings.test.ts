/**
 * Book settings through the real gateway on an in-process stack of their own (book-settings-fixtures.ts): get-book
 * and update-book round-trip htmlConfig keys, the download and message buttons, the background and loading caption,
 * the download code, and refuse broken or oversized config and another user's book; the book's own info (title,
 * desc, keyword, label, category) is checked field by field, gated by the power service, and followed by the hosted
 * reader's page. The contents tree, bookmarks and book.json: book-catalog-bookmarks.test.ts.
 */
import type { Connection } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookSettingsStack, type Reply } from "./book-settings-fixtures.js";

const stack = bookSettingsStack("book-settings-test");
const { post, newBook, update, getBook, booksMade } = stack;
let mongo: Connection;
let gateway: FastifyInstance;
let otherGateway: FastifyInstance;
/** User 10001's gateway that knows its product host: asked from another host the user is type 32 (no features). */
let hostedGateway: FastifyInstance;

beforeAll(async () => {
  ({ mongo, gateway, otherGateway, hostedGateway } = await stack.start());
}, 60_000);

afterAll(() => stack.stop());

describe("get-book / update-book", () => {
  it("round-trips changed htmlConfig keys, isDownload and plugins; unchanged keys stay", async () => {
    const { bookId } = await newBook();
    const empty = await post("/api/book/get-book", { bookId });
    expect(empty).toMatchObject({
      code: "OK",
      data: { bookId, htmlConfig: {}, plugin: [], downloadconfig: null, isDownload: "0", catalog: [], bookmarks: [] },
    });
    const first = await update(bookId, { bookConfig: JSON.stringify({ bgColor: "#112233", flippingTime: "0.5" }) });
    expect(first, first.msg).toMatchObject({ code: "OK", data: { htmlConfig: { bgColor: "#112233" } } });
    await update(bookId, {
      bookConfig: JSON.stringify({ hardCover: "No" }),
      isDownload: "1",
      plugin: JSON.stringify([{ name: "Custom", src: "x.js" }]),
    });
    expect(await getBook(bookId)).toMatchObject({
      htmlConfig: { bgColor: "#112233", flippingTime: "0.5", hardCover: "No" },
      isDownload: "1",
      plugin: [{ name: "Custom", src: "x.js" }],
    });
  });

  it("DownloadButtonVisible on saves the default download config of a user-uploaded book (not a template book)", async () => {
    const { bookId } = await newBook(-1);
    await update(bookId, { bookConfig: JSON.stringify({ DownloadButtonVisible: "Show" }) });
    expect((await getBook(bookId)).downloadconfig).toMatchObject({
      isDownloadProject: true,
      pdf: { isOriginPath: true, url: `/download/download-pdf-file.php?bookid=${bookId}` },
    });
    const template = await newBook(1);
    await update(template.bookId, { bookConfig: JSON.stringify({ DownloadButtonVisible: "Show" }) });
    expect((await getBook(template.bookId)).downloadconfig).toBeNull();
  });

  it("MessageButtonVisible / showLeaveMessage add and remove the BookLeaveMessage plugin", async () => {
    const { bookId } = await newBook();
    await update(bookId, { bookConfig: JSON.stringify({ MessageButtonVisible: "Yes" }) });
    expect((await getBook(bookId)).plugin).toMatchObject([{ name: "BookLeaveMessage", config: { bookId } }]);
    await update(bookId, { bookConfig: JSON.stringify({ showLeaveMessage: "false" }) });
    expect((await getBook(bookId)).plugin).toEqual([]);
  });

  it("backGroundImgURL keeps or resets loadingBackgroundColorType; relative paths come back absolute", async () => {
    const { bookId } = await newBook();
    await update(bookId, { bookConfig: JSON.stringify({ loadingBackgroundColorType: 2 }) });
    const set = await update(bookId, { bookConfig: JSON.stringify({ backGroundImgURL: "files/bg.jpg" }) });
    expect(set.data).toMatchObject({
      htmlConfig: { backGroundImgURL: "http://books.example.com/files/bg.jpg", loadingBackgroundColorType: 2 },
    });
    // Stored relative: the absolute form is only the reply's.
    const stored = await mongo
      .collection<{ _id: string; htmlConfigJson: string }>("book_settings")
      .findOne({ _id: bookId });
    expect(JSON.parse(String(stored?.htmlConfigJson)).backGroundImgURL).toBe("files/bg.jpg");
    await update(bookId, { bookConfig: JSON.stringify({ backGroundImgURL: "" }) });
    expect((await getBook(bookId)).htmlConfig).toMatchObject({ backGroundImgURL: "", loadingBackgroundColorType: 1 });
  });

  it("changing loadingCaptionSource clears loadingCaption", async () => {
    const { bookId } = await newBook();
    await update(bookId, { bookConfig: JSON.stringify({ loadingCaption: "Welcome", loadingCaptionSource: "custom" }) });
    expect((await getBook(bookId)).htmlConfig).toMatchObject({ loadingCaption: "Welcome" });
    await update(bookId, { bookConfig: JSON.stringify({ loadingCaptionSource: "title" }) });
    expect((await getBook(bookId)).htmlConfig).toMatchObject({ loadingCaption: "", loadingCaptionSource: "title" });
  });

  it("stores the download code reversed and base64-encoded, answers it decoded to the owner", async () => {
    const { bookId } = await newBook();
    const reply = await update(bookId, {
      downloadconfig: JSON.stringify({ pdf: { isOriginPath: true, url: "/d.pdf" }, code: "secret42" }),
    });
    expect(reply, reply.msg).toMatchObject({ code: "OK", data: { downloadconfig: { code: "secret42" } } });
    const stored = await mongo.collection("books").findOne({ bookId });
    expect(stored?.downloadConfig?.code).toBe(Buffer.from("24terces").toString("base64"));
    expect((await getBook(bookId)).downloadconfig).toMatchObject({ code: "secret42", pdf: { url: "/d.pdf" } });
  });

  it("broken nested JSON answers 'Invalid JSON string'; oversized config and another user's book are refused", async () => {
    const { bookId } = await newBook();
    for (const fields of <Record<string, string>[]>[
      { bookConfig: "{broken" },
      { bookConfig: JSON.stringify({ socialSharingList: "{nope}" }) },
      { plugin: "[{" },
      { downloadconfig: "{" },
    ]) {
      expect(await update(bookId, fields)).toMatchObject({ code: "ERROR", msg: "无效的 JSON 字符串" });
    }
    const big = await update(bookId, { bookConfig: JSON.stringify({ text: "x".repeat(300 * 1024) }) });
    expect(big).toMatchObject({ code: "ERROR", msg: "bookConfig 不能超过 256 KB" });
    expect(await post("/api/book/get-book", { bookId }, otherGateway)).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
    expect(await post("/api/book/update-book", { bookId, isDownload: "1" }, otherGateway)).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
    expect(await post("/api/book/get-book-bookmark", { bookId }, otherGateway)).toMatchObject({
      msg: "书不存在",
    });
    expect(await post("/api/book/get-book-catalog", { bookId }, otherGateway)).toMatchObject({ msg: "书不存在" });
  });
});

describe("update-book: the book's own info (spec 000 §3 title, desc, keyword, label, categoryId)", () => {
  const infoOf = (reply: Reply) => {
    const data = reply.data ?? {};
    return {
      title: data.title,
      desc: data.desc,
      keyword: data.keyword,
      label: data.label,
      categoryId: data.categoryId,
    };
  };

  it("round-trips each field; absent fields stay unchanged; texts are trimmed", async () => {
    const { bookId } = await newBook();
    expect(infoOf(await post("/api/book/get-book", { bookId }))).toEqual({
      title: `Book ${booksMade()}`,
      desc: "",
      keyword: "",
      label: "0",
      categoryId: "",
    });
    const changed = await update(bookId, {
      title: "  Spring catalogue  ",
      desc: " Our spring range. ",
      keyword: " shoes, boots sandals ",
      label: "2",
      categoryId: "42",
    });
    const expected = {
      title: "Spring catalogue",
      desc: "Our spring range.",
      keyword: "shoes, boots sandals",
      label: "2",
      categoryId: "42",
    };
    expect(changed, changed.msg).toMatchObject({ code: "OK" });
    expect(infoOf(changed)).toEqual(expected);
    expect(infoOf(await post("/api/book/get-book", { bookId }))).toEqual(expected);
    // One field at a time; the others keep their values.
    await update(bookId, { label: "3" });
    await update(bookId, { bookConfig: JSON.stringify({ bgColor: "#010203" }) });
    expect(infoOf(await post("/api/book/get-book", { bookId }))).toEqual({ ...expected, label: "3" });
    // Clearing: an empty description, keywords and category, label none.
    const cleared = await update(bookId, { desc: "", keyword: "", categoryId: "", label: "0" });
    expect(infoOf(cleared)).toEqual({ title: "Spring catalogue", desc: "", keyword: "", label: "0", categoryId: "" });
    // At the limits exactly.
    const full = {
      title: "t".repeat(100),
      desc: "d".repeat(2000),
      keyword: "k".repeat(500),
      categoryId: "9".repeat(20),
    };
    expect(infoOf(await update(bookId, full))).toMatchObject(full);
  });

  it("refuses each bad field with the catalogue's text and saves nothing (nor the settings sent with it)", async () => {
    const { bookId } = await newBook();
    const before = await post("/api/book/get-book", { bookId });
    const bad: [Record<string, string>, string][] = [
      [{ title: "" }, "请输入标题"],
      [{ title: "   " }, "请输入标题"],
      [{ title: "t".repeat(101) }, "标题不能超过 100 个字符"],
      [{ desc: "d".repeat(2001) }, "描述不能超过 2000 个字符"],
      [{ keyword: "k".repeat(501) }, "关键词不能超过 500 个字符"],
      [{ label: "4" }, "label 必须是以下之一：0, 1, 2, 3"],
      [{ label: "hot" }, "label 必须是以下之一：0, 1, 2, 3"],
      [{ categoryId: "12a" }, "categoryId 必须是数字（最多 20 位）"],
      [{ categoryId: "1".repeat(21) }, "categoryId 必须是数字（最多 20 位）"],
    ];
    for (const [fields, msg] of bad) {
      const reply = await update(bookId, {
        ...fields,
        keyword: fields.keyword ?? "kept?",
        bookConfig: JSON.stringify({ bgColor: "#abcdef" }),
      });
      expect(reply, JSON.stringify(fields).slice(0, 40)).toMatchObject({ code: "ERROR", msg });
    }
    expect(await post("/api/book/get-book", { bookId })).toEqual(before);
  });

  it("a description needs BOOK_DESCRIPTION and a label HOT_LABEL (type 32 has neither); clearing needs nothing", async () => {
    const { bookId } = await newBook();
    await update(bookId, { desc: "Kept", label: "1" });
    const elsewhere = (fields: Record<string, string>) =>
      post("/api/book/update-book", { bookId, ...fields }, hostedGateway, "embed.other.example");
    expect(await elsewhere({ desc: "New text" })).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有书籍描述功能的权限，请联系客服开通",
      data: { feature: "BOOK_DESCRIPTION" },
    });
    for (const label of ["1", "2", "3"]) {
      expect(await elsewhere({ label, title: "Not saved" }), label).toMatchObject({
        code: "POWER_LIMIT",
        msg: "没有热门标签功能的权限，请联系客服开通",
        data: { feature: "HOT_LABEL" },
      });
    }
    expect((await post("/api/book/get-book", { bookId })).data).toMatchObject({
      title: `Book ${booksMade()}`,
      desc: "Kept",
      label: "1",
    });
    // Title, keywords and category are not gated; clearing the description and label is free.
    const free = await elsewhere({ title: "Renamed", keyword: "a b", categoryId: "7", desc: " ", label: "0" });
    expect(free, free.msg).toMatchObject({
      code: "OK",
      data: { title: "Renamed", keyword: "a b", categoryId: "7", desc: "", label: "0" },
    });
    // On the product host the same user (type 1 demo user) may set them.
    expect(await post("/api/book/update-book", { bookId, desc: "Back", label: "2" }, hostedGateway)).toMatchObject({
      code: "OK",
      data: { desc: "Back", label: "2" },
    });
  });

  it("the hosted reader's page and book.json follow the new title and description", async () => {
    const { bookId, number } = await newBook();
    await gateway.inject({ method: "GET", url: `/b/${number}/book.json` });
    await update(bookId, { title: "Harbour <Guide>", desc: "Tides & ferries" });
    const json = (await gateway.inject({ method: "GET", url: `/b/${number}/book.json` })).json();
    expect(json).toMatchObject({ title: "Harbour <Guide>" });
    const page = await gateway.inject({ method: "GET", url: `/b/${number}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta property="og:title" content="Harbour &lt;Guide&gt;" />');
    expect(page.body).toContain('<meta property="og:description" content="Tides &amp; ferries" />');
  });
});
