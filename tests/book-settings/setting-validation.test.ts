import { randomBytes } from "node:crypto";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { BookRepository, BookRevisionRepository } from "@turnleaf/book/in-process";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createLogger } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { startInProcessStack } from "../support/in-process-stack.js";
import { plainPowerUser } from "../support/power-users.js";

// Issue 14 part 2: every setting value is checked on the server by the settings catalogue's validator. Invalid values
// are sent straight to the REST API of the real gateway, in front of the real book and power services on the run's
// MongoDB-wire server and MinIO; each must be refused with the setting's catalogue text (Chinese, the default) and
// leave the stored book exactly as it was.
const stores = workerStores();
const log = createLogger({ service: "setting-validation-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const owner = "10001";

let books: BookRepository;
let revisions: BookRevisionRepository;
let gateway: FastifyInstance;
// The gateway renders the refusals' texts from the language service's message catalogues.
const startStack = () =>
  startInProcessStack({
    stores,
    label: `sv-${suffix}`,
    log,
    services: { power: {}, book: { files: true }, language: {} },
    gateway: {},
  });
let stack: Awaited<ReturnType<typeof startStack>>;

beforeAll(async () => {
  stack = await startStack();
  ({ books, revisions } = stack.book);
  await stack.power.assembled.repository.upsertUser(
    plainPowerUser(owner, { email: `u${owner}-${suffix}@turnleaf.test` }),
  );
  // Every gated feature granted: what is refused here is the value, never the plan.
  await stack.power.admin.setPlan({
    account: { userId: owner },
    plan: { kind: PlanKind.VIP_ANNUAL, points: 0, vipExpiresAt: timestampFromDate(new Date(Date.now() + 9e9)) },
    actor: "test",
  });
  gateway = await stack.gateway.as(owner);
}, 60_000);

afterAll(() => stack?.stop());

interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

async function post(path: string, fields: Record<string, string>, language?: string): Promise<Reply> {
  const response = await gateway.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      host: "books.example.com",
      ...(language ? { "accept-language": language } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json() as Reply;
}

let counter = 0;
async function newBook(): Promise<string> {
  counter += 1;
  const bookId = `sv${suffix}${counter}`;
  await books.insertIfAbsent({
    bookId,
    number: `s${suffix}${counter}`,
    ownerId: owner,
    teamId: "0",
    folderId: "0",
    folderType: 1,
    title: `Validated book ${counter}`,
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number: `s${suffix}${counter}`, revision: 1 });
  return bookId;
}

/** Everything get-book answers of the book: what "the stored book unchanged" is compared on. */
async function stored(bookId: string) {
  const reply = await post("/api/book/get-book", { bookId });
  expect(reply.code, reply.msg).toBe("OK");
  return reply.data;
}

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const bookConfig = (values: Record<string, unknown>) => ({ bookConfig: JSON.stringify(values) });

/** [what, update-book fields, the catalogue text answered, the field named in data] */
const invalidUpdates: [string, Record<string, string>, string, string][] = [
  [
    "a javascript: background",
    bookConfig({ backGroundImgURL: "javascript:alert(1)" }),
    "背景图片：只能使用 http(s) 网址或本书自己的文件",
    "backGroundImgURL",
  ],
  [
    "a data: loading video",
    bookConfig({ loadingVideo: "data:video/mp4;base64,AAAA" }),
    "加载视频：只能使用 http(s) 网址或本书自己的文件",
    "loadingVideo",
  ],
  [
    "a file of the wrong kind",
    bookConfig({ appLogoIcon: "/files/logo.exe" }),
    "标志图片：请选择以下类型的文件：jpg, png, gif",
    "appLogoIcon",
  ],
  ["'not a colour'", bookConfig({ bgColor: "not a colour" }), "背景颜色：请输入颜色，如 #1e90ff", "bgColor"],
  [
    "flip time 'abc'",
    bookConfig({ flippingTime: "abc" }),
    "翻页时间（秒）：请输入 0.1 到 3 之间的数字",
    "flippingTime",
  ],
  ["an unknown page mode", bookConfig({ pageMode: "triple" }), "页面模式：请从给出的选项中选择", "pageMode"],
  ["a 99999 px margin", bookConfig({ leftMargin: 99999 }), "左边距：请输入 -500 到 500 之间的整数", "leftMargin"],
  [
    "background opacity 1.5",
    bookConfig({ backgroundOpacity: 1.5 }),
    "背景透明度：请输入 0 到 1 之间的数字",
    "backgroundOpacity",
  ],
  ["toolbar alpha 2", bookConfig({ toolbarAlpha: "2" }), "工具栏透明度：请输入 0 到 1 之间的数字", "toolbarAlpha"],
  [
    "thumbnail alpha 101",
    bookConfig({ thumbnailAlpha: 101 }),
    "缩略图透明度：请输入 0 到 100 之间的整数",
    "thumbnailAlpha",
  ],
  ["icons of 40 px", bookConfig({ buttonIconSize: 40 }), "按钮图标大小：请输入 18 到 35 之间的整数", "buttonIconSize"],
  ["icons of 17 px", bookConfig({ buttonIconSize: 17 }), "按钮图标大小：请输入 18 到 35 之间的整数", "buttonIconSize"],
  ["auto flip loop count 0", bookConfig({ autoPlayLoopCount: 0 }), "自动翻页循环次数：不能为 0", "autoPlayLoopCount"],
  [
    "background music loop count 0",
    bookConfig({ backgroundMusic: { url: "/files/a.mp3", loops: 0 } }),
    "循环次数：不能为 0",
    "backgroundMusic",
  ],
  ["a switch set to 'maybe'", bookConfig({ hardCover: "maybe" }), "硬封面：请选择开或关", "hardCover"],
  [
    "an unknown share channel",
    bookConfig({ socialSharingList: ["wechat", "myspace"] }),
    "分享渠道：请从给出的选项中选择（可多选）",
    "socialSharingList",
  ],
  ["a javascript: home link", bookConfig({ HomeURL: "javascript:alert(1)" }), "首页地址：格式不正确", "HomeURL"],
  [
    "a watermark of 101 characters",
    bookConfig({ printWatermark: "w".repeat(101) }),
    "打印水印：最多 100 个字符",
    "printWatermark",
  ],
  [
    "an object under a key the catalogue does not know",
    bookConfig({ somethingElse: { nested: true } }),
    "somethingElse：只能是简短的文字、数字或开关",
    "somethingElse",
  ],
  [
    "10,000-deep settings JSON",
    { bookConfig: `{"bgColor":"#123456","x":${deep(10_000)}}` },
    "设置：嵌套不能超过 16 层",
    "bookConfig",
  ],
  ["10,000-deep plug-in JSON", { plugin: `[${deep(10_000)}]` }, "插件：嵌套不能超过 16 层", "plugin"],
  [
    "a javascript: plug-in source",
    { plugin: JSON.stringify([{ name: "Evil", src: "javascript:alert(1)" }]) },
    "插件：只能使用 http(s) 网址或本书自己的文件",
    "plugin",
  ],
  [
    "a javascript: download URL",
    {
      downloadconfig: JSON.stringify({ pdf: { isOriginPath: false, url: "javascript:alert(1)", urlOnlink: "" } }),
    },
    "下载设置：只能使用 http(s) 网址或本书自己的文件",
    "downloadconfig",
  ],
  ["a title of NUL and RLO only", { title: "\u0000\u202e" }, "请输入标题", "title"],
];

describe("update-book refuses every invalid setting value with its catalogue text and stores nothing", () => {
  it.each(invalidUpdates)("%s", async (_what, fields, text, field) => {
    const bookId = await newBook();
    await post("/api/book/update-book", { bookId, ...bookConfig({ bgColor: "#0a0b0c", flippingTime: "0.5" }) });
    const before = await stored(bookId);
    // Each bad value travels with a good one: the good one must not be stored either.
    const good = fields.bookConfig ? {} : bookConfig({ bgColor: "#ffffff" });
    const reply = await post("/api/book/update-book", { bookId, ...good, ...fields });
    expect(reply).toMatchObject({ code: "ERROR", msg: text, data: { field } });
    expect(await stored(bookId)).toEqual(before);
  });

  it("answers in the interface language the request asks for, with the rule and both titles in data", async () => {
    const bookId = await newBook();
    const change = { bookId, ...bookConfig({ thumbnailAlpha: 500 }) };
    expect((await post("/api/book/update-book", change, "en-US,en;q=0.9")).msg).toBe(
      "Thumbnail alpha: enter a whole number from 0 to 100",
    );
    expect((await post("/api/book/update-book", change, "de")).msg).toBe(
      "Deckkraft der Miniaturen: geben Sie eine ganze Zahl von 0 bis 100 ein",
    );
    expect((await post("/api/book/update-book", change, "ja")).msg).toBe(
      "サムネイルの不透明度：0 から 100 までの整数を入力してください",
    );
    const loops = { bookId, ...bookConfig({ backgroundMusic: { url: "/files/a.mp3", loops: 0 } }) };
    expect((await post("/api/book/update-book", loops, "en")).msg).toBe("Loop count: may not be 0");
    const reply = await post("/api/book/update-book", change);
    expect(reply.data).toMatchObject({
      messageKey: "settingRule.integer",
      field: "thumbnailAlpha",
      rule: "integer",
      params: { min: 0, max: 100 },
      title: { zh: "缩略图透明度", en: "Thumbnail alpha" },
    });
  });

  it("still accepts valid values of every type, legacy spellings and clearing", async () => {
    const bookId = await newBook();
    const values = {
      backGroundImgURL: "files/bg.jpg",
      appLogoIcon: "https://cdn.example.com/logo.png",
      bgColor: "#102030",
      toolbarColor: "0x20242b",
      flippingTime: "0.8",
      pageMode: "double",
      flipDirection: "RTL",
      leftMargin: -20,
      backgroundOpacity: 0.5,
      toolbarAlpha: 1,
      thumbnailAlpha: 100,
      buttonIconSize: 18,
      autoPlayLoopCount: -1,
      backgroundMusic: { url: "/files/a.mp3", loops: 3, volume: 0.5 },
      hardCover: "No",
      socialSharingList: ["wechat", "email"],
      HomeURL: "https://example.com/",
      loadingCaption: "Wel\u0000come\u202e",
      miniMode: "",
    };
    const reply = await post("/api/book/update-book", { bookId, ...bookConfig(values) });
    expect(reply.code, reply.msg).toBe("OK");
    const htmlConfig = (await stored(bookId))?.htmlConfig as Record<string, unknown>;
    expect(htmlConfig).toMatchObject({
      ...values,
      backGroundImgURL: "http://books.example.com/files/bg.jpg",
      loadingCaption: "Welcome",
    });
  });
});

describe("texts are normalised: control and bidi-override characters removed", () => {
  it("titles, descriptions, keywords, TOC titles and bookmark captions", async () => {
    const bookId = await newBook();
    const info = await post("/api/book/update-book", {
      bookId,
      title: "Tit\u0000le\u202e",
      desc: "line one\u2066\nline two\u0007",
      keyword: "a\u202d, b",
    });
    expect(info.code, info.msg).toBe("OK");
    expect(info.data).toMatchObject({ title: "Title", desc: "line one\nline two", keyword: "a, b" });
    const catalog = await post("/api/book/save-book-catalog", {
      bookId,
      catalog: JSON.stringify([{ title: "Chap\u202eter", page: 1, children: [{ title: "\u0000Part", page: 1 }] }]),
    });
    expect(catalog.data).toMatchObject({ catalog: [{ title: "Chapter", children: [{ title: "Part" }] }] });
    const bookmarks = await post("/api/book/save-book-bookmark", {
      bookId,
      bookmarks: JSON.stringify([{ caption: "Mark\u0000\u2067", page: 1, colour: "#123456", fontColour: "#ffffff" }]),
    });
    expect(bookmarks.data).toMatchObject({ bookmarks: [{ caption: "Mark" }] });
    const added = await post("/api/book/add-book-bookmark", { bookId, caption: "\u202eNew" });
    expect(added.data).toMatchObject({ bookmark: { caption: "New" } });
  });
});

describe("custom config and saved themes", () => {
  it("refuses deep JSON, script links and invalid catalogue values; keeps what was stored", async () => {
    const bookId = await newBook();
    const saved = await post("/api/book/save-book-custom-config", { bookId, config: '{"zoom":2}' });
    expect(saved.code, saved.msg).toBe("OK");
    for (const [config, msg] of [
      [`[${deep(10_000)}]`, "自定义内容：嵌套不能超过 16 层"],
      ['{"html":"<a href=\\"javascript:alert(1)\\">x</a>"}', "自定义内容：只能使用 http(s) 网址或本书自己的文件"],
      ['{"bgColor":"not a colour"}', "背景颜色：请输入颜色，如 #1e90ff"],
    ] as const) {
      expect(await post("/api/book/save-book-custom-config", { bookId, config })).toMatchObject({ code: "ERROR", msg });
    }
    expect((await post("/api/book/get-book-custom-config", { bookId })).data).toMatchObject({ config: { zoom: 2 } });
    expect(
      await post("/api/book/save-custom-theme", { name: `t${suffix}`, theme: '{"flippingTime":"abc"}' }),
    ).toMatchObject({
      code: "ERROR",
      msg: "翻页时间（秒）：请输入 0.1 到 3 之间的数字",
    });
    expect((await post("/api/book/get-custom-theme", { name: `t${suffix}` })).data).toMatchObject({ list: [] });
  });
});

/** upload-file as the editor sends it: multipart with the file and its purpose. */
async function uploadLogo(bytes: Buffer, fileName: string, purpose = "logo", language?: string): Promise<Reply> {
  const boundary = `----turnleaf${randomBytes(8).toString("hex")}`;
  const part = (headers: string, value: Buffer | string) => [
    Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from("\r\n"),
  ];
  const payload = Buffer.concat([
    ...part('Content-Disposition: form-data; name="purpose"', purpose),
    ...part(
      `Content-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream`,
      bytes,
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const response = await gateway.inject({
    method: "POST",
    url: "/api/common/upload-file",
    headers: {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      host: "books.example.com",
      ...(language ? { "accept-language": language } : {}),
    },
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json() as Reply;
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

async function assetKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of stack.s3.listObjectsV2(stack.buckets.assets, `users/${owner}/files/`, true))
    if (item.name) keys.push(item.name);
  return keys;
}

describe("logo pixel limits, measured on the stored picture for every format", () => {
  it("refuses a 4000×4000 JPEG logo (its size is not in the first bytes) and keeps no copy; accepts a small one", async () => {
    const before = await assetKeys();
    const big = await picture(4000, 4000).jpeg({ quality: 50 }).toBuffer();
    expect(await uploadLogo(big, "logo.jpg")).toMatchObject({
      code: "ERROR",
      msg: "图片尺寸最大 500*500 px，当前 4000*4000",
      data: { messageKey: "imageTooLarge" },
    });
    expect(await uploadLogo(big, "logo.jpg", "logo", "en")).toMatchObject({
      msg: "image size max 500*500 px, current 4000*4000",
    });
    expect(await assetKeys()).toEqual(before);
    const webp = await picture(600, 100).webp().toBuffer();
    expect(await uploadLogo(webp, "logo.webp")).toMatchObject({
      code: "ERROR",
      msg: "标志必须是 JPG、PNG、GIF 或 JPEG 图片",
    });
    const wide = await picture(600, 100).png().toBuffer();
    expect(await uploadLogo(wide, "logo.png")).toMatchObject({
      code: "ERROR",
      msg: "图片尺寸最大 500*500 px，当前 600*100",
    });
    const gif = await picture(800, 40).gif().toBuffer();
    expect(await uploadLogo(gif, "logo.gif")).toMatchObject({
      msg: "请上传小于 500*500 px 的图片！当前尺寸：800*40",
    });
    const small = await picture(150, 30).jpeg().toBuffer();
    const accepted = await uploadLogo(small, "logo.jpg");
    expect(accepted, accepted.msg).toMatchObject({ code: "OK", data: { contentType: "image/jpeg" } });
    expect(await uploadLogo(await picture(2, 30).png().toBuffer(), "thin.png")).toMatchObject({
      msg: "标志必须是宽度大于 2 px 的图片",
    });
    // 'Wider than 2 px' holds for a JPEG too, whose size only the stored bytes tell.
    expect(await uploadLogo(await picture(2, 30).jpeg().toBuffer(), "thin.jpg")).toMatchObject({
      code: "ERROR",
      msg: "标志必须是宽度大于 2 px 的图片",
    });
  });

  it("measures a stored picture typed into a logo setting: too large or too thin is refused, nothing stored", async () => {
    const bookId = await newBook();
    // Pictures uploaded for another purpose (a background takes 4000×4000), then typed as the logo's URL.
    const big = await uploadLogo(await picture(4000, 4000).jpeg({ quality: 50 }).toBuffer(), "big.jpg", "image");
    const thin = await uploadLogo(await picture(2, 40).jpeg().toBuffer(), "thin.jpg", "image");
    const fit = await uploadLogo(await picture(150, 30).png().toBuffer(), "fit.png", "image");
    const urls = [big, thin, fit].map((reply) => String((reply.data as { url?: string } | null)?.url ?? ""));
    expect(
      urls.every((url) => url.includes("/api/common/file/")),
      JSON.stringify([big, thin, fit]),
    ).toBe(true);
    const [bigUrl = "", thinUrl = "", fitUrl = ""] = urls;
    const path = new URL(bigUrl).pathname;
    for (const [value, msg] of [
      [bigUrl, "图片尺寸最大 500*500 px，当前 4000*4000"],
      [path, "图片尺寸最大 500*500 px，当前 4000*4000"],
      [thinUrl, "标志必须是宽度大于 2 px 的图片"],
    ] as const) {
      for (const key of ["appLogoIcon", "appLargeLogoURL"]) {
        expect(await post("/api/book/update-book", { bookId, ...bookConfig({ [key]: value }) })).toMatchObject({
          code: "ERROR",
          msg,
        });
      }
    }
    expect(await post("/api/book/update-book", { bookId, ...bookConfig({ appLogoIcon: bigUrl }) }, "en")).toMatchObject(
      { msg: "image size max 500*500 px, current 4000*4000" },
    );
    const stored = await post("/api/book/get-book", { bookId });
    expect((stored.data as { htmlConfig: Record<string, unknown> }).htmlConfig.appLogoIcon).toBeUndefined();
    expect(await post("/api/book/update-book", { bookId, ...bookConfig({ appLogoIcon: fitUrl }) })).toMatchObject({
      code: "OK",
    });
  });
});
