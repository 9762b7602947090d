/**
 * A book's contents tree and bookmarks through the real gateway on an in-process stack of their own
 * (book-settings-fixtures.ts): the catalog's tree with its rules, ids and links; bookmark tabs with the spec's rules;
 * the hosted reader's book.json carrying settings, bookmarks and the catalog outline. Settings and the book's own
 * info: book-settings.test.ts.
 */
import { readyBook } from "@turnleaf/reader/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookSettingsStack, productHost } from "./book-settings-fixtures.js";

const stack = bookSettingsStack("book-catalog-bookmarks-test");
const { post, newBook, update } = stack;
let gateway: FastifyInstance;

beforeAll(async () => {
  ({ gateway } = await stack.start());
}, 60_000);

afterAll(() => stack.stop());

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
