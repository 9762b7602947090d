import { randomBytes } from "node:crypto";
import { createLogger } from "@turnleaf/kit";
import { interfaceLanguages } from "@turnleaf/language/in-process";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { startInProcessStack } from "../support/in-process-stack.js";
import { plainPowerUser } from "../support/power-users.js";

// The language, book and power services in this process on the run's real MongoDB-wire server, with the real gateway
// in front: one gateway acting as the books' owner (the demo user, every feature), one as another user, one as a
// basic user (uType 1: no LANGUAGE feature), one as nobody (as deployed, no cookie).
const stores = workerStores();
const log = createLogger({ service: "language-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const owner = "10001";
const stranger = "20002";
const basic = `3${Number.parseInt(suffix, 16) % 100_000}`;
const basicBook = `lang-basic-${suffix}`;
const bookIds = ["lang-a", "lang-b", "lang-c", "lang-d", "lang-e"].map((id) => `${id}-${suffix}`);

let gateway: FastifyInstance;
let strangerGateway: FastifyInstance;
let anonymousGateway: FastifyInstance;
let basicGateway: FastifyInstance;
// Changing a book's languages is the LANGUAGE gated feature: the gateway asks the real power service.
const startStack = () =>
  startInProcessStack({
    stores,
    label: `language-${suffix}`,
    log,
    services: { book: {}, power: { demoSeed: true }, language: {} },
    gateway: {},
  });
let stack: Awaited<ReturnType<typeof startStack>>;

beforeAll(async () => {
  stack = await startStack();
  for (const [index, bookId] of [...bookIds, basicBook].entries()) {
    await stack.book.books.insertIfAbsent({
      bookId,
      number: `n${index}${suffix}`,
      ownerId: bookId === basicBook ? basic : owner,
      teamId: "0",
      folderId: "0",
      folderType: 1,
      title: "a book with languages",
      html5Tem: "",
      html5Theme: "",
      html5PhoneTem: "",
      bStatus: 1,
    });
  }
  await stack.power.assembled.repository.upsertUser(
    plainPowerUser(basic, { email: `basic-${suffix}@turnleaf.test`, uLink: `basic${suffix}`, uType: 1 }),
  );
  gateway = await stack.gateway.as(owner);
  strangerGateway = await stack.gateway.as(stranger);
  anonymousGateway = await stack.gateway.as(undefined);
  basicGateway = await stack.gateway.as(basic);
}, 60_000);

afterAll(() => stack?.stop());

interface Language {
  code: string;
  name: string;
  checked: boolean;
  isDefault: boolean;
}

interface Reply {
  code: string;
  msg: string;
  status: string;
  data: { bookId?: string; languages?: Language[]; [key: string]: unknown } | null;
}

async function post(
  path: string,
  fields: Record<string, string>,
  app = gateway,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Reply;
}

const chineseOnly: Language[] = [{ code: "zh-CN", name: "中文", checked: true, isDefault: true }];
const [bookA = "", bookB = "", bookC = "", bookD = "", bookE = ""] = bookIds;

describe("book languages through the gateway", () => {
  it("answers the default set for a book that never saved any", async () => {
    expect(await post("/api/book/get-book-language", { bookId: bookA })).toEqual({
      code: "OK",
      data: { bookId: bookA, languages: chineseOnly, revision: 0 },
      msg: "",
      status: "1",
      mess: "",
    });
  });

  it("round-trips saved languages with the first checked one as the default", async () => {
    const languages = JSON.stringify([
      { code: "en", name: "English (UK)", checked: false },
      { code: "fr", checked: "yes" },
      { code: "zh-CN", checked: true, isDefault: true },
      { code: "AR" },
    ]);
    const saved = await post("/api/book/save-book-language", { bookId: bookA, languages });
    const expected: Language[] = [
      { code: "en", name: "English (UK)", checked: false, isDefault: false },
      { code: "fr", name: "Français", checked: true, isDefault: true },
      { code: "zh-CN", name: "中文", checked: true, isDefault: false },
      { code: "ar", name: "العربية", checked: true, isDefault: false },
    ];
    expect(saved).toMatchObject({ code: "OK", data: { bookId: bookA, languages: expected } });
    expect(await post("/api/book/get-book-language", { bookId: bookA })).toMatchObject({
      code: "OK",
      data: { languages: expected },
    });
    // Another book is untouched.
    expect((await post("/api/book/get-book-language", { bookId: bookB })).data?.languages).toEqual(chineseOnly);
  });

  it("keeps exactly one default among the checked ones, and Chinese in every book", async () => {
    const saved = await post("/api/book/save-book-language", {
      bookId: bookB,
      languages: JSON.stringify([{ code: "de", checked: false }, { code: "ja" }, { code: "ko", checked: true }]),
    });
    const languages = saved.data?.languages ?? [];
    expect(languages.map((language) => [language.code, language.checked, language.isDefault])).toEqual([
      ["de", false, false],
      ["ja", true, true],
      ["ko", true, false],
      ["zh-CN", false, false],
    ]);
    expect(languages.filter((language) => language.isDefault)).toHaveLength(1);
  });

  it("deletes a language and moves the default; Chinese stays", async () => {
    await post("/api/book/save-book-language", {
      bookId: bookC,
      languages: JSON.stringify([{ code: "en" }, { code: "zh-CN" }]),
    });
    const deleted = await post("/api/book/delete-book-language", { bookId: bookC, code: "en" });
    expect(deleted).toMatchObject({ code: "OK", data: { languages: chineseOnly } });
    expect((await post("/api/book/get-book-language", { bookId: bookC })).data?.languages).toEqual(chineseOnly);
    expect(await post("/api/book/delete-book-language", { bookId: bookC, code: "zh-CN" })).toMatchObject({
      code: "ERROR",
      status: "0",
      msg: "不能删除中文：每本书都包含中文",
    });
  });

  it("resets a book to the default set", async () => {
    await post("/api/book/save-book-language", {
      bookId: bookD,
      languages: JSON.stringify([{ code: "es" }, { code: "pt" }]),
    });
    expect(await post("/api/book/reset-book-language", { bookId: bookD })).toMatchObject({
      code: "OK",
      data: { bookId: bookD, languages: chineseOnly },
    });
    expect((await post("/api/book/get-book-language", { bookId: bookD })).data?.languages).toEqual(chineseOnly);
  });

  it("refuses broken JSON, wrong shapes, invalid codes and no checked language with catalogue errors", async () => {
    const refusals: [string, string][] = [
      ["[{code:", "无效的 JSON 字符串"],
      ['{"code":"en"}', "语言必须是一个列表"],
      ['["en"]', "每种语言都必须是带有代码的对象"],
      ['[{"code":"xx"}]', "未知的语言代码：xx"],
      ['[{"code":42}]', "缺少语言代码"],
      ['[{"code":"en"},{"code":"en"}]', "语言重复：en"],
      ['[{"code":"en","checked":false}]', "请至少勾选一种语言"],
      ["[]", "请至少选择一种语言"],
    ];
    for (const [languages, msg] of refusals) {
      expect(await post("/api/book/save-book-language", { bookId: bookE, languages }), languages).toMatchObject({
        code: "ERROR",
        status: "0",
        msg,
        data: { field: "languages" },
      });
    }
    expect(await post("/api/book/delete-book-language", { bookId: bookE, code: "klingon" })).toMatchObject({
      code: "ERROR",
      msg: "未知的语言代码：klingon",
    });
    // Missing or malformed fields: the request exception of the catalogue (Chinese by default), never a 500.
    expect(await post("/api/book/save-book-language", { bookId: bookE })).toMatchObject({
      code: "ERROR",
      msg: "请求异常",
      data: { messageKey: "requestException" },
    });
    expect(
      await post("/api/book/get-book-language", { bookId: "../etc" }, gateway, { "accept-language": "en" }),
    ).toMatchObject({ code: "ERROR", msg: "request exception" });
    // Nothing was stored by the refusals.
    expect((await post("/api/book/get-book-language", { bookId: bookE })).data?.languages).toEqual(chineseOnly);
  });

  it("refuses another user's book and an unknown book with 'book not found', changing nothing", async () => {
    const languages = JSON.stringify([{ code: "th" }]);
    for (const [path, fields] of [
      ["/api/book/get-book-language", { bookId: bookA }],
      ["/api/book/save-book-language", { bookId: bookA, languages }],
      ["/api/book/delete-book-language", { bookId: bookA, code: "fr" }],
      ["/api/book/reset-book-language", { bookId: bookA }],
    ] as const) {
      expect(await post(path, fields, strangerGateway), path).toMatchObject({
        code: "ERROR",
        status: "0",
        msg: "书不存在",
      });
    }
    expect(await post("/api/book/get-book-language", { bookId: `nobody-${suffix}` })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
    const mine = (await post("/api/book/get-book-language", { bookId: bookA })).data?.languages ?? [];
    expect(mine.map((language) => language.code)).toEqual(["en", "fr", "zh-CN", "ar"]);
  });

  it("refuses every change of a book's languages to a user type without LANGUAGE (POWER_LIMIT), saving nothing; reading stays open", async () => {
    const before = (await post("/api/book/get-book-language", { bookId: basicBook }, basicGateway)).data?.languages;
    expect(before).toEqual(chineseOnly);
    for (const [path, fields] of [
      ["/api/book/save-book-language", { bookId: basicBook, languages: JSON.stringify([{ code: "en" }]) }],
      ["/api/book/delete-book-language", { bookId: basicBook, code: "zh-CN" }],
      ["/api/book/reset-book-language", { bookId: basicBook }],
    ] as const) {
      expect(await post(path, fields, basicGateway), path).toMatchObject({
        code: "POWER_LIMIT",
        status: "0",
        msg: "没有多语言功能的权限，请联系客服开通",
        data: { feature: "LANGUAGE", source: "type", messageKey: "featureBlocked" },
      });
    }
    // The same refusal in the interface language the request names (the editor sends its ?lang= there).
    const refusal = { bookId: basicBook, languages: JSON.stringify([{ code: "en" }]) };
    const headers = (tag: string) => ({ "accept-language": tag });
    expect((await post("/api/book/save-book-language", refusal, basicGateway, headers("en"))).msg).toBe(
      "no permission for function language, contact support to unlock",
    );
    expect((await post("/api/book/save-book-language", refusal, basicGateway, headers("de-DE,en;q=0.5"))).msg).toBe(
      "keine Berechtigung für die Funktion Sprache, kontaktieren Sie den Support zum Freischalten",
    );
    expect((await post("/api/book/get-book-language", { bookId: basicBook }, basicGateway)).data?.languages).toEqual(
      chineseOnly,
    );
    // Ownership is still asked first: another's book is 'book not found', not a feature refusal.
    expect(
      await post("/api/book/save-book-language", { bookId: bookA, languages: '[{"code":"en"}]' }, basicGateway),
    ).toMatchObject({ code: "ERROR", msg: "书不存在" });
  });

  it("asks who is acting: without a session the answer is LOGIN_SIGNOUT", async () => {
    expect(await post("/api/book/get-book-language", { bookId: bookA }, anonymousGateway)).toMatchObject({
      code: "LOGIN_SIGNOUT",
    });
  });
});

describe("interface labels through the gateway", () => {
  async function labels(query: string) {
    const response = await anonymousGateway.inject({ method: "GET", url: `/api/language/labels${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as Reply & {
      data: {
        lang: string;
        requested: string;
        fallback: boolean;
        direction: string;
        scope: string;
        labels: Record<string, string>;
      };
    };
  }

  it("answers Chinese by default and for zh-CN, without a session", async () => {
    const byDefault = await labels("");
    expect(byDefault).toMatchObject({ code: "OK", data: { lang: "zh-CN", fallback: false, direction: "ltr" } });
    expect(byDefault.data.labels.next).toBe("下一页");
    expect((await labels("?lang=zh-CN")).data.labels.pageOf).toBe("第 {page} 页，共 {total} 页");
  });

  it("answers the English catalogue with the same keys as the Chinese one", async () => {
    const english = await labels("?lang=en-US");
    expect(english.data).toMatchObject({ lang: "en", requested: "en-US", fallback: false });
    expect(english.data.labels.previous).toBe("Previous page");
    expect(Object.keys(english.data.labels).sort()).toEqual(
      Object.keys((await labels("?lang=zh-CN")).data.labels).sort(),
    );
  });

  it("answers Arabic right to left", async () => {
    expect((await labels("?lang=ar")).data).toMatchObject({ lang: "ar", direction: "rtl" });
  });

  it("falls back to Chinese for an unknown language and says so", async () => {
    const unknown = await labels("?lang=xx");
    expect(unknown.data).toMatchObject({ lang: "zh-CN", requested: "xx", fallback: true });
    expect(unknown.data.labels.next).toBe("下一页");
    expect(await labels(`?lang=${"x".repeat(65)}`)).toMatchObject({ code: "ERROR", msg: "请求异常" });
  });

  it("serves the editor scope in each of the twelve languages: the same keys, the editor's texts, not the reader's", async () => {
    const english = await labels("?lang=en&scope=editor");
    expect(english.data).toMatchObject({ lang: "en", scope: "editor", fallback: false });
    expect(english.data.labels.titleEditor).toBe("book edit");
    expect(english.data.labels.pageOf).toBeUndefined();
    const keys = Object.keys(english.data.labels).sort();
    expect(keys.length).toBeGreaterThanOrEqual(200);
    const titles = new Set<string>();
    for (const language of interfaceLanguages) {
      const answer = await labels(`?lang=${language.code}&scope=editor`);
      expect(answer.data, language.code).toMatchObject({
        lang: language.code,
        scope: "editor",
        direction: language.code === "ar" ? "rtl" : "ltr",
      });
      expect(Object.keys(answer.data.labels).sort(), language.code).toEqual(keys);
      titles.add(answer.data.labels.titleUpload ?? "");
    }
    // Every language says "please upload a file" in its own words.
    expect(titles.size).toBe(interfaceLanguages.length);
    expect((await labels("?lang=de&scope=editor")).data.labels.titleUpload).toBe("bitte laden Sie eine Datei hoch");
    expect((await labels("?lang=zh-CN&scope=editor")).data.labels.titleUpload).toBe("请上传文件");
  });

  it("answers the reader scope when none is named, and refuses an unknown scope with a catalogue error", async () => {
    expect((await labels("?lang=de")).data).toMatchObject({ scope: "reader" });
    expect((await labels("?lang=de&scope=reader")).data.labels.next).toBe((await labels("?lang=de")).data.labels.next);
    const unknown = await labels("?lang=de&scope=admin");
    expect(unknown).toMatchObject({
      code: "ERROR",
      msg: "未知的 scope：admin",
      data: { messageKey: "field.unknownValue", messageParams: { field: "scope", value: "admin" } },
    });
    expect(await labels(`?scope=${"e".repeat(21)}`)).toMatchObject({ code: "ERROR", msg: "请求异常" });
  });

  it("serves the messages scope (what the services say) in the twelve languages, Chinese by default", async () => {
    const chinese = await labels("?scope=messages");
    expect(chinese.data).toMatchObject({ lang: "zh-CN", scope: "messages" });
    expect(chinese.data.labels.featureBlocked).toBe("没有{feature}功能的权限，请联系客服开通");
    const english = await labels("?lang=en&scope=messages");
    expect(english.data.labels.freeUserUpload).toBe("free users cannot use upload");
    for (const language of interfaceLanguages) {
      const answer = await labels(`?lang=${language.code}&scope=messages`);
      expect(Object.keys(answer.data.labels).sort(), language.code).toEqual(Object.keys(english.data.labels).sort());
    }
  });

  it("answers an unknown path in the request's interface language", async () => {
    const missing = async (tag?: string) =>
      (
        await gateway.inject({
          method: "POST",
          url: "/api/no/such-path",
          headers: tag ? { "accept-language": tag } : {},
        })
      ).json() as Reply;
    expect((await missing()).msg).toBe("路径不存在：/api/no/such-path");
    expect((await missing("en-GB")).msg).toBe("no such path: /api/no/such-path");
    expect((await missing("ja")).msg).toBe("パスが存在しません：/api/no/such-path");
  });
});
