import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BookRepository, BookRevisionRepository, buildServices as buildBookServices } from "@turnleaf/book/in-process";
import type { Manifest } from "@turnleaf/book-format";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  type BookAssets,
  buildApp,
  connectPeers,
  connectStoreProbes,
  type Peers,
  type StoreProbes,
} from "@turnleaf/gateway/in-process";
import {
  type Connection,
  connectMongo,
  createClient,
  createLogger,
  type RunningGrpcServer,
  startGrpcServer,
} from "@turnleaf/kit";
import { assemblePower, buildServices as buildPowerServices, demoUser } from "@turnleaf/power/in-process";
import { readyBook } from "@turnleaf/reader/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { startLanguageServer } from "../support/language-peer.js";

// The book service in this process on the run's real MongoDB-wire server, the real gateway in front (acting as
// DEV_ACTOR_USER_ID 10001, a second gateway as user 20002), and a stand-in for the converted assets: one ready
// five-page manifest per book, so page checks and the hosted reader's book.json have a book to look at.
const stores = workerStores();
const log = createLogger({ service: "book-settings-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");

let mongo: Connection;
let server: RunningGrpcServer;
let books: BookRepository;
let revisions: BookRevisionRepository;
let peers: Peers;
let storeProbes: StoreProbes;
let gateway: FastifyInstance;
let otherGateway: FastifyInstance;
/** User 10001's gateway that knows its product host: asked from another host the user is type 32 (no features). */
let hostedGateway: FastifyInstance;
const productHost = "books.example.com";
let closePower: () => void;

const pageCount = 5;
function manifestOf(bookId: string, revision: number): Manifest {
  return {
    format: 1,
    bookId,
    revision,
    jobId: "job",
    state: "ready",
    engine: "hd-image",
    trial: false,
    pageCount,
    pagesDone: pageCount,
    pages: Array.from({ length: pageCount }, (_, index) => ({
      n: index + 1,
      width: 600,
      height: 800,
      ready: true,
      webp: { "800": `pages/${index + 1}/800.webp` },
      jpg: null,
      thumb: null,
      text: null,
      links: [],
      source: { index: 0, page: index + 1, part: "whole", region: [0, 0, 1, 1] },
    })) as Manifest["pages"],
    outline: [{ title: "PDF chapter", page: 1, children: [] }],
    search: null,
    sourcePdfs: [],
    updatedAt: new Date().toISOString(),
  };
}
const assets: BookAssets = {
  manifest: async (bookId, revision) => manifestOf(bookId, revision),
  object: async () => null,
  text: async () => null,
};

let languageServer: Awaited<ReturnType<typeof startLanguageServer>> | undefined;

beforeAll(async () => {
  mongo = await connectMongo({ uri: stores.mongodbUri, database: `turnleaf-book-settings-${suffix}`, log });
  books = new BookRepository(mongo);
  revisions = new BookRevisionRepository(mongo);
  await Promise.all([books.ensureIndexes(), revisions.ensureIndexes()]);
  // update-book asks the power service about gated features (spec 000 §6): the real one, with 10001 (the demo
  // user) and 20002 as plain users that have every feature.
  const assembled = await assemblePower({ mongo, log, demoSeed: true });
  await assembled.repository.upsertUser({
    ...demoUser,
    userId: "20002",
    email: "u20002@turnleaf.test",
    uLink: "u20002",
  });
  const powerServer = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildPowerServices(assembled),
    log,
  });
  powerServer.setServing(true);
  const power = createClient(PowerService, `127.0.0.1:${powerServer.port}`, { peer: "power" });
  closePower = () => {
    power.close();
    void powerServer.stop(1_000);
  };
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildBookServices({ books, revisions, power }),
    log,
  });
  server.setServing(true);
  languageServer = await startLanguageServer(mongo, log);
  const config = testGatewayConfig(stores, {
    book: `127.0.0.1:${server.port}`,
    power: `127.0.0.1:${powerServer.port}`,
    language: languageServer.address,
  });
  peers = connectPeers(config);
  storeProbes = await connectStoreProbes(config, log);
  const distDir = await mkdtemp(join(tmpdir(), "turnleaf-book-settings-"));
  await mkdir(join(distDir, "assets"));
  // The built reader's page, reduced to the slots the gateway fills.
  await writeFile(
    join(distDir, "index.html"),
    "<!doctype html><html><head><!--turnleaf:head--></head><body><!--turnleaf:body--></body></html>",
  );
  const reader = { assets, distDir, grantSecret: "test-secret-test-secret-test-secret" };
  gateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: "10001", reader });
  otherGateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: "20002", reader });
  hostedGateway = await buildApp({
    log,
    peers,
    stores: storeProbes,
    devActorUserId: "10001",
    reader,
    productHosts: [productHost],
  });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await otherGateway?.close();
  await hostedGateway?.close();
  peers?.close();
  await storeProbes?.close();
  closePower?.();
  await server?.stop(1_000);
  await languageServer?.stop();
  if (mongo) {
    await mongo.dropDatabase();
    await mongo.close();
  }
});

interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

async function post(
  path: string,
  fields: Record<string, string>,
  app = gateway,
  host = productHost,
  language?: string,
): Promise<Reply> {
  const response = await app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host,
      ...(language ? { "accept-language": language } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json() as Reply;
}

let counter = 0;
/** A fresh book of user 10001 with one finished revision. */
async function newBook(source = -1): Promise<{ bookId: string; number: string }> {
  counter += 1;
  const bookId = `bs${suffix}${counter}`;
  const number = `n${suffix}${counter}`;
  await books.insertIfAbsent({
    bookId,
    number,
    ownerId: "10001",
    teamId: "0",
    folderId: "0",
    folderType: 1,
    title: `Book ${counter}`,
    source,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
  return { bookId, number };
}

const update = (bookId: string, fields: Record<string, string>) => post("/api/book/update-book", { bookId, ...fields });
const getBook = async (bookId: string) =>
  (await post("/api/book/get-book", { bookId })).data as {
    htmlConfig: Record<string, unknown>;
    plugin: unknown;
    downloadconfig: unknown;
  };

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
      title: `Book ${counter}`,
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
      title: `Book ${counter}`,
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

describe("catalog", () => {
  it("saves and answers the tree; pages within the book, depth ≤ 5, titles ≤ 200", async () => {
    const { bookId } = await newBook();
    const tree = [{ title: "Part", page: 1, children: [{ title: "Chapter", page: 3, children: [] }] }];
    const saved = await post("/api/book/save-book-catalog", { bookId, catalog: JSON.stringify(tree) });
    expect(saved, saved.msg).toMatchObject({ code: "OK", data: { catalog: tree } });
    expect(await post("/api/book/get-book-catalog", { bookId })).toMatchObject({ code: "OK", data: { catalog: tree } });
    const beyond = await post("/api/book/save-book-catalog", {
      bookId,
      catalog: JSON.stringify([{ title: "Far", page: 6, children: [] }]),
    });
    expect(beyond).toMatchObject({ code: "ERROR", msg: "页码必须在 1 到 5 之间" });
    const deep = (levels: number): unknown => ({ title: "x", page: 1, children: levels > 1 ? [deep(levels - 1)] : [] });
    expect(await post("/api/book/save-book-catalog", { bookId, catalog: JSON.stringify([deep(6)]) })).toMatchObject({
      code: "ERROR",
      msg: "最多 5 级",
    });
    const long = [{ title: "t".repeat(201), page: 1, children: [] }];
    expect(await post("/api/book/save-book-catalog", { bookId, catalog: JSON.stringify(long) })).toMatchObject({
      code: "ERROR",
      msg: "标题不能超过 200 个字符",
    });
    expect(await post("/api/book/save-book-catalog", { bookId, catalog: "[" })).toMatchObject({
      msg: "无效的 JSON 字符串",
    });
    expect(await post("/api/book/get-book-catalog", { bookId })).toMatchObject({ data: { catalog: tree } });
  });

  it("keeps each entry's id and link (its page or an http(s) URL); refuses other links in Chinese; the reader gets them", async () => {
    const { bookId, number } = await newBook();
    const tree = [
      { id: "intro", title: "Intro", page: 2, url: "", children: [] },
      {
        title: "Site",
        page: 1,
        url: "https://harbour.example/tides",
        children: [{ title: "Sub", page: 3, children: [] }],
      },
    ];
    const saved = await post("/api/book/save-book-catalog", { bookId, catalog: JSON.stringify(tree) });
    expect(saved, saved.msg).toMatchObject({
      code: "OK",
      data: {
        catalog: [
          { id: "intro", title: "Intro", page: 2, url: "" },
          { title: "Site", page: 1, url: "https://harbour.example/tides", children: [{ title: "Sub", url: "" }] },
        ],
      },
    });
    const catalog = (saved.data as { catalog: { id: string; children: { id: string }[] }[] }).catalog;
    const ids = [catalog[0]?.id, catalog[1]?.id, catalog[1]?.children[0]?.id];
    expect(new Set(ids).size).toBe(3);
    // Saved again as answered, every entry keeps its id.
    const again = await post("/api/book/save-book-catalog", { bookId, catalog: JSON.stringify(catalog) });
    expect((again.data as { catalog: { id: string }[] }).catalog.map((entry) => entry.id)).toEqual(ids.slice(0, 2));
    for (const url of [
      "javascript:alert(1)",
      "ftp://harbour.example/",
      "data:text/html,hi",
      "harbour.example",
      "https://",
    ]) {
      const refused = await post("/api/book/save-book-catalog", {
        bookId,
        catalog: JSON.stringify([{ title: "Bad", page: 1, children: [{ title: "Link", page: 1, url }] }]),
      });
      expect(refused, url).toMatchObject({ code: "ERROR", msg: "目录项 1.1：链接必须是 http 或 https 地址" });
    }
    const english = await post(
      "/api/book/save-book-catalog",
      {
        bookId,
        catalog: JSON.stringify([{ title: "Bad", page: 1, url: "javascript:x", children: [] }]),
      },
      gateway,
      productHost,
      "en",
    );
    expect(english).toMatchObject({ msg: "contents entry 1: the link must be an http or https address" });
    expect(
      await post("/api/book/save-book-catalog", {
        bookId,
        catalog: JSON.stringify([{ title: "Far", page: 6, url: "https://harbour.example/", children: [] }]),
      }),
    ).toMatchObject({ code: "ERROR", msg: "页码必须在 1 到 5 之间" });
    expect((await post("/api/book/get-book-catalog", { bookId })).data).toMatchObject({
      catalog: [{ id: "intro" }, { url: "https://harbour.example/tides" }],
    });
    const json = (await gateway.inject({ method: "GET", url: `/b/${number}/book.json` })).json();
    expect(json.outline).toEqual([
      { title: "Intro", page: 2, children: [] },
      {
        title: "Site",
        page: 1,
        url: "https://harbour.example/tides",
        children: [{ title: "Sub", page: 3, children: [] }],
      },
    ]);
  });
});

describe("bookmarks", () => {
  it("adds tabs with the spec's rules and saves lists", async () => {
    const { bookId } = await newBook();
    const first = await post("/api/book/add-book-bookmark", { bookId });
    expect(first, first.msg).toMatchObject({
      code: "OK",
      data: { bookmark: { caption: "bookmark", page: 1, fontColour: "#ffffff" } },
    });
    const second = await post("/api/book/add-book-bookmark", { bookId, caption: "Intro" });
    const one = (first.data?.bookmark as { colour: string } | undefined)?.colour;
    const two = (second.data?.bookmark as { colour: string } | undefined)?.colour;
    expect(second.data?.bookmark).toMatchObject({ caption: "Intro", page: 2 });
    // Spec 000 "Bookmark add": the shared colour when all existing tabs are equal; one tab is all of them.
    expect(two).toBe(one);
    await post("/api/book/save-book-bookmark", {
      bookId,
      bookmarks: JSON.stringify([
        { caption: "A", page: 2, colour: "#aa0000" },
        { caption: "B", page: 3, colour: "#aa0000", fontColour: "#000000" },
      ]),
    });
    const shared = await post("/api/book/add-book-bookmark", { bookId, sharedColour: "1" });
    expect(shared.data?.bookmark).toMatchObject({ page: 4, colour: "#aa0000", caption: "bookmark" });
    const listed = await post("/api/book/get-book-bookmark", { bookId });
    expect(listed.data?.bookmarks).toHaveLength(3);
    expect(listed.data?.bookmarks).toMatchObject([
      { caption: "A", fontColour: "#ffffff" },
      { caption: "B", fontColour: "#000000" },
      { page: 4 },
    ]);
    expect(
      await post("/api/book/save-book-bookmark", {
        bookId,
        bookmarks: JSON.stringify([{ caption: "X", page: 9, colour: "#abc" }]),
      }),
    ).toMatchObject({ code: "ERROR", msg: "页码必须在 1 到 5 之间" });
    const many = Array.from({ length: 1001 }, () => ({ caption: "m", page: 1, colour: "#abc" }));
    expect(await post("/api/book/save-book-bookmark", { bookId, bookmarks: JSON.stringify(many) })).toMatchObject({
      code: "ERROR",
      msg: "最多 1000 个书签",
    });
    expect(await post("/api/book/save-book-bookmark", { bookId, bookmarks: "{" })).toMatchObject({
      msg: "无效的 JSON 字符串",
    });
  });
});

describe("the hosted reader", () => {
  it("book.json carries the settings, bookmarks and catalog outline (never the download code)", async () => {
    const { bookId, number } = await newBook();
    const readerJson = async () => (await gateway.inject({ method: "GET", url: `/b/${number}/book.json` })).json();
    expect((await readerJson()).outline).toEqual([{ title: "PDF chapter", page: 1, children: [] }]);
    await update(bookId, {
      bookConfig: JSON.stringify({ bgColor: "#102030", flipDirection: "RTL", flippingTime: "0.8", hardCover: "No" }),
      downloadconfig: JSON.stringify({ pdf: { isOriginPath: true, url: "/d.pdf" }, code: "hidden-code" }),
    });
    await post("/api/book/add-book-bookmark", { bookId, caption: "Start" });
    const tree = [{ title: "Own chapter", page: 2, children: [] }];
    await post("/api/book/save-book-catalog", { bookId, catalog: JSON.stringify(tree) });
    const response = await gateway.inject({ method: "GET", url: `/b/${number}/book.json` });
    const book = response.json();
    // The reader maps the saved htmlConfig with its preview's own code (web/reader/src/preview.ts).
    expect(book.htmlConfig).toMatchObject({ bgColor: "#102030" });
    expect(readyBook(book).settings).toMatchObject({
      backgroundColor: "#102030",
      direction: "rtl",
      flipTimeMs: 800,
      hardCover: false,
    });
    expect(book.bookmarks).toMatchObject([{ caption: "Start", page: 1, textColour: "#ffffff" }]);
    expect(book.outline).toEqual(tree);
    expect(response.body).not.toContain("hidden-code");
  });
});
