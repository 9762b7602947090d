import { randomBytes } from "node:crypto";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { jetstream } from "@nats-io/jetstream";
import type { BookRepository, BookRevisionRepository } from "@turnleaf/book/in-process";
import { BookHostingChangedSchema } from "@turnleaf/contracts/power/v1/power_events_pb";
import { PlanKind, Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import { UploadTaskState, UploadTaskStateChangedSchema } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import { createLogger, decodeEvent, type NatsConnection, publishEvent, streams, subjects } from "@turnleaf/kit";
import type { BookSlotRepository, PowerRepository } from "@turnleaf/power/in-process";
import { featureOfKey, gatedFeatureCodes } from "@turnleaf/resource-files";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { type PowerPart, startInProcessStack } from "../support/in-process-stack.js";
import { zhMessage } from "../support/messages.js";

// The power paths of issue #4 through the real gateway, against the power and book services in this process on the
// run's real MongoDB-wire server and NATS JetStream. The gateway knows one product host (books.example.com); a
// request to any other host acts as user type 32. One gateway per acting user (DEV_ACTOR_USER_ID).
const stores = workerStores();
const log = createLogger({ service: "power-gateway-test", level: "silent" });
const suffix = randomBytes(4).toString("hex");
const productHost = "books.example.com";
const otherHost = "embed.other.example";
const hour = 3_600_000;

/** The power service (its clock the test's, its hosting events on NATS), the book service and the gateway. */
const startStack = () =>
  startInProcessStack({
    stores,
    label: `pg-${suffix}`,
    log,
    services: { power: { now: () => clock, hostingEvents: true }, book: {}, language: {} },
    gateway: { app: { productHosts: [productHost] } },
  });
let stack: Awaited<ReturnType<typeof startStack>>;
let nats: NatsConnection;
let powerRepository: PowerRepository;
let slots: BookSlotRepository;
let books: BookRepository;
let revisions: BookRevisionRepository;
let sweep: () => Promise<unknown>;
let power: PowerPart["client"];
let admin: PowerPart["admin"];
let accounts: PowerPart["accounts"];
/** The power service's clock: the hosting sweep runs at whatever time a test sets. */
let clock = new Date("2026-06-01T00:00:00.000Z");

beforeAll(async () => {
  stack = await startStack();
  nats = stack.nats;
  ({ repository: powerRepository, slots, sweep } = stack.power.assembled);
  ({ client: power, admin, accounts } = stack.power);
  ({ books, revisions } = stack.book);
}, 60_000);

afterAll(() => stack?.stop());

const gatewayFor = (userId: string) => stack.gateway.as(userId);

interface Reply {
  code: string;
  msg: string;
  status: string;
  mess: string;
  data: Record<string, unknown> | null;
}

async function post(userId: string, path: string, fields: Record<string, string>, host = productHost): Promise<Reply> {
  const response = await (await gatewayFor(userId)).inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", host },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json() as Reply;
}

let nextUser = 0;
/** A fresh user of the given uType (2: a plain user). */
async function user(uType = 2): Promise<string> {
  nextUser += 1;
  const userId = `7${Number.parseInt(suffix, 16) % 100_000}${String(nextUser).padStart(3, "0")}`;
  await powerRepository.upsertUser({
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
  return userId;
}

let nextBook = 0;
/** A fresh book owned by the user (in a team when teamId is given). */
async function book(ownerId: string, teamId = "0"): Promise<string> {
  nextBook += 1;
  const bookId = `pg${suffix}${nextBook}`;
  const number = `p${suffix}${nextBook}`;
  await books.insertIfAbsent({
    bookId,
    number,
    ownerId,
    teamId,
    folderId: "0",
    folderType: 1,
    title: `Book ${nextBook}`,
    source: -1,
    html5Tem: "",
    html5Theme: "",
    html5PhoneTem: "",
    bStatus: 1,
  });
  await revisions.tryClaim({ uploadTaskId: `task-${bookId}`, bookId, number, revision: 1 });
  return bookId;
}

const htmlConfigOf = async (userId: string, bookId: string) =>
  ((await post(userId, "/api/book/get-book", { bookId })).data?.htmlConfig ?? {}) as Record<string, unknown>;

const validValues: Record<string, string> = {
  appLogoIcon: "/files/logo.png",
  backGroundImgURL: "/files/bg.jpg",
  backgroundMusic: JSON.stringify({ url: "/files/music.mp3" }),
  loadingPicture: "/files/loading.png",
  thicknessWidthType: "thin",
  languageSetting: "en",
};

/** One htmlConfig key per gated feature, and a value that switches it on. */
const keyOfFeature: Record<string, [string, string]> = Object.fromEntries(
  gatedFeatureCodes.map((code) => {
    const key = code === "HOT_LABEL" ? "label" : code === "DOWNLOAD" ? "DownloadButtonVisible" : firstKey(code);
    const value =
      code === "HOT_LABEL" ? "2" : code === "AD_BANNER" ? JSON.stringify({ haveAd: true, data: [] }) : "Show";
    // The server checks every value against the settings catalogue: a switch takes "Show", others a valid value.
    return [code, [key, validValues[key] ?? value]];
  }),
);

function firstKey(code: string): string {
  for (const key of ["appLogoIcon", "PhoneButtonVisible", "backGroundImgURL", "backgroundMusic", "loadingPicture"]) {
    if (featureOfKey(key) === code) return key;
  }
  const known = [
    "showShadow",
    "thicknessWidthType",
    "BookMarkButtonVisible",
    "TableOfContentButtonVisible",
    "adConfig",
    "aboutContent",
    "languageSetting",
    "publicLogo",
    "wechatShareIcon",
    "hideToolbar",
    "MessageButtonVisible",
    "autoPlayAutoStart",
    "HardPageEnable",
    "HomeButtonVisible",
    "SelectTextButtonVisible",
  ];
  const key = known.find((candidate) => featureOfKey(candidate) === code);
  if (!key) throw new Error(`no key for ${code}`);
  return key;
}

describe("the power config resource", () => {
  it("serves limits and gated features per user type as JSON at /resourceFiles/manage/power/powerConfig.json", async () => {
    const response = await (await gatewayFor("1")).inject({
      method: "GET",
      url: "/resourceFiles/manage/power/powerConfig.json",
      headers: { host: productHost },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    const config = response.json() as {
      quotas: string[];
      features: Record<string, string>;
      default: { BOOK_FILE_NUM: number; features: string[] };
      types: Record<string, { BOOK_FILE_NUM: number; PUB_BOOK_NUM: number; features: string[] }>;
    };
    expect(config.quotas).toEqual(["BOOK_FILE_NUM", "PUB_BOOK_NUM"]);
    expect(Object.keys(config.features)).toHaveLength(22);
    expect(config.default.features).toHaveLength(22);
    expect(config.types["32"]).toEqual({ BOOK_FILE_NUM: 100, PUB_BOOK_NUM: 10, features: [] });
    expect(config.types["13"]?.PUB_BOOK_NUM).toBe(1000);
  });
});

describe("gated features at update-book", () => {
  it("refuses each of the 22 features from a non-product host (type 32) with the exact text, saving nothing; allows it on the product host (type 2)", async () => {
    const userId = await user(2);
    const bookId = await book(userId);
    for (const code of gatedFeatureCodes) {
      const [key, value] = keyOfFeature[code] ?? ["", ""];
      const fields = { bookId, bookConfig: JSON.stringify({ [key]: value, bgColor: "#123456" }) };
      const refused = await post(userId, "/api/book/update-book", fields, otherHost);
      expect(refused, code).toMatchObject({
        code: "POWER_LIMIT",
        msg: zhMessage("featureBlocked", { feature: { key: `feature.${code}` } }),
        status: "0",
        data: { feature: code, source: "type" },
      });
      expect(await htmlConfigOf(userId, bookId), code).not.toHaveProperty(key);
      const allowed = await post(userId, "/api/book/update-book", fields);
      expect(allowed, `${code}: ${allowed.msg}`).toMatchObject({ code: "OK" });
      expect(((allowed.data?.htmlConfig ?? {}) as Record<string, unknown>)[key], code).toBeDefined();
    }
  });

  it("lets a non-product host change ungated settings and switch a feature off", async () => {
    const userId = await user(2);
    const bookId = await book(userId);
    const reply = await post(
      userId,
      "/api/book/update-book",
      { bookId, bookConfig: JSON.stringify({ bgColor: "#654321", showShadow: "Hide", isDownload: "0" }) },
      otherHost,
    );
    expect(reply, reply.msg).toMatchObject({ code: "OK", data: { htmlConfig: { bgColor: "#654321" } } });
  });

  it("refuses isDownload=1 and the leave-message plugin for a type lacking them; a basic user (uType 1) keeps reading features", async () => {
    const basic = await user(1);
    const bookId = await book(basic);
    expect(await post(basic, "/api/book/update-book", { bookId, isDownload: "1" })).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有下载功能的权限，请联系客服开通",
    });
    const plugin = JSON.stringify([{ name: "BookLeaveMessage", src: "", config: {} }]);
    expect(await post(basic, "/api/book/update-book", { bookId, plugin })).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有读者留言功能的权限，请联系客服开通",
    });
    const logo = await post(basic, "/api/book/update-book", {
      bookId,
      bookConfig: JSON.stringify({ appLogoIcon: "/logo.png" }),
    });
    expect(logo.msg).toBe("没有标志功能的权限，请联系客服开通");
    const reading = await post(basic, "/api/book/update-book", {
      bookId,
      bookConfig: JSON.stringify({ showShadow: "Show", HardPageEnable: "Yes" }),
    });
    expect(reading, reading.msg).toMatchObject({ code: "OK" });
  });

  it("refuses a feature a custom override denies with the customised-quota text, saving nothing; custom config lists the overrides", async () => {
    const userId = await user(2);
    const bookId = await book(userId);
    await admin.setFeatureOverride({
      account: { userId },
      feature: "LOGO",
      allowed: false,
      actor: "support",
      reason: "t",
    });
    const refused = await post(userId, "/api/book/update-book", {
      bookId,
      bookConfig: JSON.stringify({ appLogoIcon: "/mine.png" }),
    });
    expect(refused).toMatchObject({
      code: "POWER_LIMIT",
      msg: "已达到定制额度，请联系客服",
      data: { feature: "LOGO", source: "user" },
    });
    expect(await htmlConfigOf(userId, bookId)).not.toHaveProperty("appLogoIcon");
    await admin.setQuotaOverride({
      account: { userId },
      quota: Quota.BOOK_FILE_NUM,
      limit: 7,
      actor: "s",
      reason: "t",
    });
    const custom = await post(userId, "/api/power/get-user-custom-config", {});
    expect(custom).toMatchObject({
      code: "OK",
      data: {
        teamId: "0",
        userType: 2,
        quotas: { BOOK_FILE_NUM: { limit: 7, source: "user" }, PUB_BOOK_NUM: { source: "plan" } },
        features: { LOGO: { allowed: false, source: "user" }, TOC: { allowed: true, source: "type" } },
        custom: { user: { LOGO: 0, BOOK_FILE_NUM: 7 }, team: {} },
      },
    });
    // From another host the type is 32 and every feature without an override is off.
    const elsewhere = await post(userId, "/api/power/get-user-custom-config", {}, otherHost);
    expect(elsewhere.data).toMatchObject({ userType: 32, features: { TOC: { allowed: false, source: "type" } } });
  });
});

describe("the user type in the ready config", () => {
  it("answers uType 13 for a team member in the team, 32 on a non-product host, the stored type otherwise", async () => {
    const teamId = `5${Number.parseInt(suffix, 16) % 100_000}`;
    await admin.setTeamRole({ teamId, roleId: "1", roleName: "member", powers: ["BOOK_EDIT_SELF"] });
    const member = await user(1);
    await admin.setTeamMember({ teamId, userId: member, roleId: "1" });
    const bookId = await book(member);
    const number = String((await post(member, "/api/book/get-book", { bookId })).data?.number);
    const typeOf = async (fields: Record<string, string>, host = productHost) => {
      const reply = await post(member, "/api/book/get-ready-config", fields, host);
      expect(reply, reply.msg).toMatchObject({ code: "OK" });
      return reply.data?.uType;
    };
    expect(await typeOf({ number })).toBe(1);
    expect(await typeOf({})).toBe(1);
    expect(await typeOf({ teamId })).toBe(13);
    expect(await typeOf({ number }, otherHost)).toBe(32);
    expect(await typeOf({ teamId }, otherHost)).toBe(32);
    // The owner's stored type stays as stored.
    expect((await post(member, "/api/book/get-ready-config", { number }, otherHost)).data?.owner_uType).toBe(1);
  });
});

describe("gated features on the bookmark, TOC and language paths", () => {
  it("refuses bookmarks (BOOKMARK) and a table of contents (TOC) from a non-product host (type 32), saving nothing; clearing them needs nothing", async () => {
    const userId = await user(2);
    const bookId = await book(userId);
    const mark = JSON.stringify([{ caption: "one", page: 1 }]);
    const toc = JSON.stringify([{ title: "Chapter", page: 1, children: [] }]);
    for (const [path, fields, feature] of [
      ["/api/book/add-book-bookmark", { bookId, caption: "one" }, "BOOKMARK"],
      ["/api/book/save-book-bookmark", { bookId, bookmarks: mark }, "BOOKMARK"],
      ["/api/book/save-book-catalog", { bookId, catalog: toc }, "TOC"],
    ] as const) {
      expect(await post(userId, path, fields, otherHost), path).toMatchObject({
        code: "POWER_LIMIT",
        msg: zhMessage("featureBlocked", { feature: { key: `feature.${feature}` } }),
        data: { feature, source: "type" },
      });
    }
    expect((await post(userId, "/api/book/get-book-bookmark", { bookId })).data).toEqual({
      bookmarks: [],
      revision: 0,
    });
    expect((await post(userId, "/api/book/get-book-catalog", { bookId })).data).toEqual({ catalog: [], revision: 0 });
    for (const [path, fields] of [
      ["/api/book/save-book-bookmark", { bookId, bookmarks: "[]" }],
      ["/api/book/save-book-catalog", { bookId, catalog: "[]" }],
    ] as const) {
      const cleared = await post(userId, path, fields, otherHost);
      expect(cleared, `${path}: ${cleared.msg}`).toMatchObject({ code: "OK" });
    }
    // On the product host the same user (type 2) has both.
    const added = await post(userId, "/api/book/add-book-bookmark", { bookId, caption: "one" });
    expect(added, added.msg).toMatchObject({ code: "OK", data: { bookmark: { caption: "one" } } });
  });

  it("refuses a bookmark to a custom override denying it with the customised-quota text", async () => {
    const userId = await user(2);
    const bookId = await book(userId);
    await admin.setFeatureOverride({
      account: { userId },
      feature: "BOOKMARK",
      allowed: false,
      actor: "s",
      reason: "t",
    });
    expect(await post(userId, "/api/book/add-book-bookmark", { bookId })).toMatchObject({
      code: "POWER_LIMIT",
      msg: "已达到定制额度，请联系客服",
      data: { feature: "BOOKMARK", source: "user" },
    });
    expect((await post(userId, "/api/book/get-book-bookmark", { bookId })).data).toEqual({
      bookmarks: [],
      revision: 0,
    });
  });
});

describe("team custom overrides", () => {
  it("applies a team's override to its members in the team: a denial with the customised-quota text, a grant over type 32", async () => {
    const teamId = `8${Number.parseInt(suffix, 16) % 100_000}`;
    await admin.setTeamRole({ teamId, roleId: "1", roleName: "member", powers: ["BOOK_EDIT_SELF"] });
    const member = await user(2);
    await admin.setTeamMember({ teamId, userId: member, roleId: "1" });
    const bookId = await book(member);
    const team = { userId: member, teamId };
    await admin.setFeatureOverride({ account: team, feature: "HOT_LABEL", allowed: false, actor: "s", reason: "t" });
    await admin.setFeatureOverride({ account: team, feature: "TOC", allowed: true, actor: "s", reason: "t" });
    const label = { bookId, teamId, bookConfig: JSON.stringify({ label: "2" }) };
    expect(await post(member, "/api/book/update-book", label)).toMatchObject({
      code: "POWER_LIMIT",
      msg: "已达到定制额度，请联系客服",
      data: { feature: "HOT_LABEL", source: "team" },
    });
    // Outside the team the member's own type (2) has the feature.
    expect(await post(member, "/api/book/update-book", { ...label, teamId: "0" })).toMatchObject({ code: "OK" });
    // From another host the type is 32 (no features), but the team's grant of TOC stands.
    const toc = { bookId, teamId, bookConfig: JSON.stringify({ TableOfContentButtonVisible: "Show" }) };
    expect(await post(member, "/api/book/update-book", toc, otherHost)).toMatchObject({ code: "OK" });
    expect(await post(member, "/api/book/update-book", { ...toc, teamId: "0" }, otherHost)).toMatchObject({
      code: "POWER_LIMIT",
      data: { feature: "TOC", source: "type" },
    });
    const custom = await post(member, "/api/power/get-user-custom-config", { teamId });
    expect(custom.data).toMatchObject({
      userType: 13,
      features: { HOT_LABEL: { allowed: false, source: "team" }, LOGO: { allowed: true, source: "type" } },
      custom: { user: {}, team: { HOT_LABEL: 0, TOC: 1 } },
    });
  });
});

describe("team context on the contents and bookmark saves", () => {
  it("judges a member's TOC and bookmark saves as type 13 with the team's overrides and the role's powers, in Chinese", async () => {
    const teamId = `5${Number.parseInt(suffix, 16) % 100_000}`;
    await admin.setTeamRole({ teamId, roleId: "1", roleName: "member", powers: ["BOOK_EDIT_SELF"] });
    await admin.setTeamRole({ teamId, roleId: "2", roleName: "reader", powers: ["BOOK_VIEW_SELF"] });
    const member = await user(2);
    const reader = await user(2);
    await admin.setTeamMember({ teamId, userId: member, roleId: "1" });
    await admin.setTeamMember({ teamId, userId: reader, roleId: "2" });
    const own = await book(member);
    await admin.setFeatureOverride({ account: { userId: member, teamId }, feature: "TOC", allowed: false, actor: "s" });
    const catalog = { bookId: own, catalog: JSON.stringify([{ title: "一", page: 1, children: [] }]) };
    // In the team the team's override applies: the customised-quota text; outside it the member's own type allows it.
    expect(await post(member, "/api/book/save-book-catalog", { ...catalog, teamId })).toMatchObject({
      code: "POWER_LIMIT",
      msg: "已达到定制额度，请联系客服",
      data: { feature: "TOC", source: "team" },
    });
    expect(await post(member, "/api/book/save-book-catalog", catalog)).toMatchObject({ code: "OK" });
    // A role without the book-edit power is refused even on the member's own book, even to clear a list.
    const readerBook = await book(reader);
    for (const [path, fields] of [
      ["/api/book/save-book-bookmark", { bookId: readerBook, teamId, bookmarks: "[]" }],
      ["/api/book/add-book-bookmark", { bookId: readerBook, teamId }],
      ["/api/book/save-book-catalog", { bookId: readerBook, teamId, catalog: "[]" }],
    ] as const) {
      expect(await post(reader, path, fields), path).toMatchObject({
        code: "POWER_LIMIT",
        msg: "没有编辑书籍设置功能的权限，请联系客服开通",
        data: { source: "role" },
      });
    }
    expect(await post(reader, "/api/book/add-book-bookmark", { bookId: readerBook })).toMatchObject({ code: "OK" });
  });
});

describe("team roles", () => {
  it("answers the role's power codes; selfKey lets a member edit their own book, a role without it is refused", async () => {
    const teamId = `9${Number.parseInt(suffix, 16) % 100_000}`;
    await admin.setTeamRole({ teamId, roleId: "1", roleName: "editor", powers: ["BOOK_EDIT_SELF", "BOOK_VIEW"] });
    await admin.setTeamRole({ teamId, roleId: "2", roleName: "reviewer", powers: ["BOOK_EDIT_OTHER"] });
    const editor = await user(2);
    const reviewer = await user(2);
    const outsider = await user(2);
    await admin.setTeamMember({ teamId, userId: editor, roleId: "1" });
    await admin.setTeamMember({ teamId, userId: reviewer, roleId: "2" });

    expect(await post(editor, "/api/team/get-team-role-power-config", { team: teamId })).toMatchObject({
      code: "OK",
      data: { teamId, roleId: "1", roleName: "editor", powers: ["BOOK_EDIT_SELF", "BOOK_VIEW"] },
    });
    expect(await post(outsider, "/api/team/get-team-role-power-config", { team: teamId })).toMatchObject({
      code: "ERROR",
      msg: "你不是该团队的成员",
    });

    const own = await book(editor);
    const change = { bookId: own, teamId, bookConfig: JSON.stringify({ bgColor: "#0a0b0c" }) };
    expect(await post(editor, "/api/book/update-book", change)).toMatchObject({ code: "OK" });
    const reviewerBook = await book(reviewer);
    expect(await post(reviewer, "/api/book/update-book", { ...change, bookId: reviewerBook })).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有编辑书籍设置功能的权限，请联系客服开通",
      data: { source: "role" },
    });

    // otherKey: another member's book (the rule the gateway would apply to team books of other authors).
    const asked = (userId: string, bookAuthorId: string) =>
      power.checkFeatures({ asker: { userId, teamId }, bookAuthorId, features: ["TOC"] });
    expect(await asked(reviewer, editor)).toMatchObject({ allowed: true });
    expect(await asked(editor, reviewer)).toMatchObject({ allowed: false, source: "role" });
    expect(await asked(editor, "-1")).toMatchObject({ allowed: true });
  });
});

describe("team access to books", () => {
  it("lets a member whose role reaches a team book read or change it (otherKey), refuses one without the power, and never lets a non-member see it", async () => {
    const teamId = `6${Number.parseInt(suffix, 16) % 100_000}`;
    await admin.setTeamRole({ teamId, roleId: "1", roleName: "author", powers: ["BOOK_EDIT_SELF"] });
    await admin.setTeamRole({ teamId, roleId: "2", roleName: "editor", powers: ["BOOK_EDIT_OTHER"] });
    await admin.setTeamRole({ teamId, roleId: "3", roleName: "viewer", powers: ["BOOK_VIEW_OTHER"] });
    await admin.setTeamRole({ teamId, roleId: "4", roleName: "guest", powers: ["BOOK_VIEW_SELF"] });
    const [author, editor, viewer, guest, outsider] = [
      await user(2),
      await user(2),
      await user(2),
      await user(2),
      await user(2),
    ];
    for (const [member, roleId] of [
      [author, "1"],
      [editor, "2"],
      [viewer, "3"],
      [guest, "4"],
    ] as const) {
      await admin.setTeamMember({ teamId, userId: member, roleId });
    }
    const bookId = await book(author, teamId);
    const change = (colour: string, extra: Record<string, string> = {}) => ({
      bookId,
      teamId,
      bookConfig: JSON.stringify({ bgColor: colour, ...extra }),
    });
    expect(await post(author, "/api/book/update-book", change("#111111"))).toMatchObject({ code: "OK" });

    // The editor role (BOOK_EDIT_OTHER) reads and changes another member's team book, gated features included.
    expect(await post(editor, "/api/book/get-book", { bookId })).toMatchObject({
      code: "OK",
      data: { bookId, htmlConfig: { bgColor: "#111111" } },
    });
    const edited = await post(
      editor,
      "/api/book/update-book",
      change("#222222", { TableOfContentButtonVisible: "Show" }),
    );
    expect(edited, edited.msg).toMatchObject({ code: "OK", data: { htmlConfig: { bgColor: "#222222" } } });
    expect(await htmlConfigOf(author, bookId)).toMatchObject({
      bgColor: "#222222",
      TableOfContentButtonVisible: "Show",
    });

    // Its catalog and bookmarks too: the editor changes them, the viewer reads them but may not change them.
    const catalog = JSON.stringify([{ title: "Team chapter", page: 1, children: [] }]);
    const savedCatalog = await post(editor, "/api/book/save-book-catalog", { bookId, catalog });
    expect(savedCatalog, savedCatalog.msg).toMatchObject({ code: "OK" });
    expect(JSON.stringify(await post(viewer, "/api/book/get-book-catalog", { bookId }))).toContain("Team chapter");
    expect(await post(viewer, "/api/book/save-book-catalog", { bookId, catalog: "[]" })).toMatchObject({
      code: "POWER_LIMIT",
      data: { source: "role" },
    });
    expect(await post(outsider, "/api/book/get-book-catalog", { bookId })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });

    // Its saved custom configuration too: the editor keeps one, the viewer reads it but may not delete it.
    const look = JSON.stringify({ customConfigName: "Team look", bgColor: "#222222" });
    const kept = await post(editor, "/api/book/save-book-custom-config", { bookId, type: "theme", config: look });
    expect(kept, kept.msg).toMatchObject({ code: "OK" });
    expect(JSON.stringify(await post(viewer, "/api/book/get-book-custom-config", { bookId, type: "theme" }))).toContain(
      "Team look",
    );
    expect(await post(viewer, "/api/book/delete-book-custom-config", { bookId, type: "theme" })).toMatchObject({
      code: "POWER_LIMIT",
      data: { source: "role" },
    });
    expect(await post(outsider, "/api/book/get-book-custom-config", { bookId, type: "theme" })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
    expect(JSON.stringify(await post(author, "/api/book/get-book-custom-config", { bookId, type: "theme" }))).toContain(
      "Team look",
    );

    // The viewer role reads it but may not change it; nothing is saved.
    expect(await post(viewer, "/api/book/get-book", { bookId })).toMatchObject({ code: "OK", data: { bookId } });
    for (const fields of [change("#333333"), { ...change("#333333"), teamId: "0" }]) {
      expect(await post(viewer, "/api/book/update-book", fields), fields.teamId).toMatchObject({
        code: "POWER_LIMIT",
        msg: "没有编辑书籍设置功能的权限，请联系客服开通",
        data: { source: "role" },
      });
    }
    // A role holding only the selfKey (its own books) reaches neither.
    expect(await post(guest, "/api/book/get-book", { bookId })).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有查看书籍功能的权限，请联系客服开通",
      data: { feature: "view book", source: "role" },
    });
    expect(await post(guest, "/api/book/update-book", change("#444444"))).toMatchObject({ code: "POWER_LIMIT" });
    // A non-member never sees it, in the team's context or not.
    for (const [path, fields] of [
      ["/api/book/get-book", { bookId }],
      ["/api/book/update-book", change("#555555")],
      ["/api/book/update-book", { ...change("#555555"), teamId: "0" }],
    ] as const) {
      expect(await post(outsider, path, fields), path).toMatchObject({ code: "ERROR", msg: "书不存在" });
    }
    expect(await htmlConfigOf(author, bookId)).toMatchObject({ bgColor: "#222222" });
    // A member's own book outside the team stays their own: another member's role does not reach it.
    const privateBook = await book(author);
    expect(await post(editor, "/api/book/get-book", { bookId: privateBook })).toMatchObject({
      code: "ERROR",
      msg: "书不存在",
    });
  });
});

describe("user meta, logo and third-party accounts", () => {
  it("round-trips preferences, maps render type 3 and 4 to 2, and refuses bad fields", async () => {
    const userId = await user(2);
    expect(await post(userId, "/api/user/get-user-meta", {})).toMatchObject({
      code: "OK",
      data: { cb_renderType: 2, cb_vectorType: 2, cb_qualityDpi: 2, pdfImportConfig: { importTOC: true, r: "" } },
    });
    const set = await post(userId, "/api/user/set-user-meta", {
      cb_renderType: "3",
      cb_cutType: "-1",
      never_show_privacy_tips: "true",
      pdfImportConfig: JSON.stringify({ importTOC: false, r: "1,5-8,20" }),
    });
    expect(set, set.msg).toMatchObject({ code: "OK", data: { cb_renderType: 2, cb_cutType: -1 } });
    await post(userId, "/api/user/set-user-meta", { cb_renderType: "4", cb_qualityDpi: "3" });
    expect(await post(userId, "/api/user/get-user-meta", {})).toMatchObject({
      data: {
        cb_renderType: 2,
        cb_qualityDpi: 3,
        cb_cutType: -1,
        never_show_privacy_tips: true,
        pdfImportConfig: { importTOC: false, importSearch: true, r: "1,5-8,20" },
      },
    });
    expect((await post(userId, "/api/user/set-user-meta", { cb_renderType: "5" })).data).toMatchObject({
      cb_renderType: 5,
    });
    for (const [fields, message] of [
      [{ pdfImportConfig: "{broken" }, "无效的 JSON 字符串"],
      [{ cb_cutType: "9" }, "cb_cutType 必须是以下之一：-1, 0, 1, 2, 3"],
      [{ cb_qualityDpi: "x".repeat(5000) }, undefined],
      [{ unknownPreference: "1" }, undefined],
    ] as const) {
      const refused = await post(userId, "/api/user/set-user-meta", fields);
      expect(refused.code, JSON.stringify(fields).slice(0, 80)).toBe("ERROR");
      if (message) expect(refused.msg).toBe(message);
    }
  });

  it("sets the book logo (http(s) or a path), refuses other schemes, and gates it by type", async () => {
    const userId = await user(2);
    const set = await post(userId, "/api/user/update-user-book-logo", { logo: "https://cdn.example.com/l.png" });
    expect(set, set.msg).toMatchObject({ code: "OK", data: { bookLogo: "https://cdn.example.com/l.png" } });
    expect((await power.getUser({ userId })).user?.bookLogo).toBe("https://cdn.example.com/l.png");
    expect(await post(userId, "/api/user/update-user-book-logo", { logo: "javascript:alert(1)" })).toMatchObject({
      code: "ERROR",
      data: { field: "logo" },
    });
    expect(await post(userId, "/api/user/update-user-book-logo", { logo: "/f/l.png" }, otherHost)).toMatchObject({
      code: "POWER_LIMIT",
      msg: "没有标志功能的权限，请联系客服开通",
    });
  });

  it("binds a provider identity to one account, and merges it into another with proof of both sessions", async () => {
    const email = (name: string) => `${name}-${suffix}@turnleaf.test`;
    const password = "correct horse battery";
    const first = (await accounts.register({ email: email("first"), password })).user?.userId ?? "";
    const second = (await accounts.register({ email: email("second"), password })).user?.userId ?? "";
    const subject = `sub-${suffix}`;
    expect(await post(second, "/api/third/bind-account", { provider: "wechat", subject })).toMatchObject({
      code: "OK",
      data: { provider: "wechat", subject, userId: second, alreadyBound: false },
    });
    expect(await post(second, "/api/third/bind-account", { provider: "wechat", subject })).toMatchObject({
      data: { alreadyBound: true },
    });
    expect(await post(first, "/api/third/bind-account", { provider: "wechat", subject })).toMatchObject({
      code: "ERROR",
      msg: "此账号已绑定到其他用户",
    });
    expect(
      await post(first, "/api/third/merge-third-account", { otherToken: "not-a-session", provider: "wechat" }),
    ).toMatchObject({ code: "ERROR", msg: "另一个账号的登录已失效" });
    const { session } = await accounts.logIn({ email: email("second"), password, clientAddress: "127.0.0.1" });
    const merged = await post(first, "/api/third/merge-third-account", {
      otherToken: session?.token ?? "",
      provider: "wechat",
    });
    expect(merged, merged.msg).toMatchObject({
      code: "OK",
      data: { fromUserId: second, moved: [{ provider: "wechat", subject }] },
    });
    expect(await post(first, "/api/third/bind-account", { provider: "wechat", subject })).toMatchObject({
      code: "OK",
      data: { userId: first, alreadyBound: true },
    });
  });
});

describe("the hosting sweep", () => {
  /** The next BookHostingChanged of a book from JetStream. */
  async function hostingEvent(bookId: string, startSequence: number) {
    const consumer = await jetstream(nats).consumers.get(streams.power.name, {
      filter_subjects: [subjects.bookHostingChanged(bookId)],
      opt_start_seq: startSequence,
    });
    // Each sweep's publications are acknowledged by JetStream before it returns: what exists is there already.
    const message = await consumer.next({ expires: 2_000 });
    if (!message) return undefined;
    return { event: decodeEvent(BookHostingChangedSchema, message), sequence: message.seq };
  }

  async function completeUpload(taskId: string, bookId: string) {
    await publishEvent(nats, subjects.uploadTaskState(taskId), UploadTaskStateChangedSchema, {
      taskId,
      state: UploadTaskState.COMPLETED,
      bookId,
      revision: 1,
    });
  }

  it("charges a point per hosted book per month, suspends an unpaid book 24 hours later and resumes it once paid", async () => {
    const userId = await user(2);
    clock = new Date("2026-06-01T00:00:00.000Z");
    await admin.setPlan({ account: { userId }, plan: { kind: PlanKind.POINTS, points: 1 }, actor: "t", reason: "t" });
    const [paidBook, unpaidBook] = [`hp${suffix}a`, `hp${suffix}b`];
    for (const [task, bookId] of [
      [`${suffix}a`, paidBook],
      [`${suffix}b`, unpaidBook],
    ] as const) {
      await power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${task}` });
      await completeUpload(task, bookId);
    }
    // The slots learn their books from the upload's COMPLETED events.
    await expect
      .poll(async () => (await slots.listAccountSlots(`user:${userId}`)).map((slot) => slot.bookId).sort(), {
        timeout: 10_000,
      })
      .toEqual([paidBook, unpaidBook].sort());

    clock = new Date(clock.getTime() + hour);
    await sweep();
    const account = (await admin.getAccountPower({ account: { userId } })).power;
    expect(account?.plan?.points).toBe(0);
    expect(account?.events.some((event) => event.action === "charge-hosting")).toBe(true);

    clock = new Date("2026-06-01T23:59:00.000Z");
    await sweep();
    clock = new Date("2026-06-02T00:00:00.000Z");
    await sweep();
    const suspended = await hostingEvent(unpaidBook, 1);
    expect(suspended?.event).toMatchObject({ bookId: unpaidBook, userId, suspended: true, reason: "points exhausted" });
    // The earlier sweeps published nothing for the book: this is its first event. Nothing for the paid book.
    expect(await hostingEvent(paidBook, 1)).toBeUndefined();
    // A later sweep does not announce it again.
    clock = new Date("2026-06-02T06:00:00.000Z");
    await sweep();
    expect(await hostingEvent(unpaidBook, (suspended?.sequence ?? 0) + 1)).toBeUndefined();

    await admin.setPlan({ account: { userId }, plan: { kind: PlanKind.POINTS, points: 3 }, actor: "t", reason: "t" });
    await sweep();
    const resumed = await hostingEvent(unpaidBook, (suspended?.sequence ?? 0) + 1);
    expect(resumed?.event).toMatchObject({ bookId: unpaidBook, suspended: false, reason: "paid" });
    expect((await admin.getAccountPower({ account: { userId } })).power?.plan?.points).toBe(2);

    // A month after the first charge the paid book is due again and takes the next point.
    clock = new Date("2026-07-01T00:00:01.000Z");
    await sweep();
    expect((await admin.getAccountPower({ account: { userId } })).power?.plan?.points).toBe(1);
  }, 60_000);

  it("suspends the books of an expired VIP plan 24 hours after it ended", async () => {
    const userId = await user(2);
    clock = new Date("2026-08-01T00:00:00.000Z");
    const ends = new Date("2026-08-03T00:00:00.000Z");
    await admin.setPlan({
      account: { userId },
      plan: { kind: PlanKind.VIP_MONTHLY, vipExpiresAt: timestampFromDate(ends) },
      actor: "t",
      reason: "t",
    });
    const bookId = `hv${suffix}`;
    await power.reserveBookSlot({ asker: { userId }, bookKey: `upload:${suffix}v` });
    await completeUpload(`${suffix}v`, bookId);
    await expect
      .poll(async () => (await slots.listAccountSlots(`user:${userId}`))[0]?.bookId, { timeout: 10_000 })
      .toBe(bookId);
    await sweep();
    clock = new Date("2026-08-03T23:00:00.000Z");
    await sweep();
    expect(await hostingEvent(bookId, 1)).toBeUndefined();
    clock = new Date("2026-08-04T00:00:00.000Z");
    await sweep();
    expect((await hostingEvent(bookId, 1))?.event).toMatchObject({ bookId, suspended: true, reason: "VIP expired" });
  }, 60_000);
});

describe("fuzzed inputs on the power paths", () => {
  it("answers odd forms below 500 with the envelope and a catalogue message, never a stack", async () => {
    const userId = await user(2);
    const bookId = await book(userId);
    const paths: Record<string, string[]> = {
      "/api/power/get-user-custom-config": ["teamId"],
      "/api/team/get-team-role-power-config": ["team"],
      "/api/user/get-user-meta": [],
      "/api/user/set-user-meta": ["cb_renderType", "pdfImportConfig", "cb_autoCreate", "x"],
      "/api/user/update-user-book-logo": ["logo"],
      "/api/third/bind-account": ["provider", "subject"],
      "/api/third/merge-third-account": ["otherToken", "provider"],
      "/api/book/update-book": ["teamId", "bookConfig", "plugin", "downloadconfig", "isDownload"],
    };
    const odd = ["", "-1", "0", "1e309", "{", "[]", '{"a":', "x".repeat(100_000), "\u0000", "%zz", "☃".repeat(50)];
    const findings: string[] = [];
    const check = async (path: string, payload: string, contentType: string) => {
      const response = await (await gatewayFor(userId)).inject({
        method: "POST",
        url: path,
        headers: { "content-type": contentType, host: productHost },
        payload,
      });
      const body = response.body;
      let reply: Partial<Reply> = {};
      try {
        reply = JSON.parse(body) as Reply;
      } catch {
        findings.push(`${path} ${payload.slice(0, 40)}: not JSON`);
        return;
      }
      if (response.statusCode >= 500) findings.push(`${path} ${payload.slice(0, 40)}: HTTP ${response.statusCode}`);
      if (typeof reply.code !== "string" || typeof reply.msg !== "string" || !("data" in reply)) {
        findings.push(`${path} ${payload.slice(0, 40)}: no envelope`);
      }
      if (/\n\s+at |unknown error|"unknownError"/.test(body))
        findings.push(`${path} ${payload.slice(0, 40)}: ${body.slice(0, 120)}`);
    };
    for (const [path, fields] of Object.entries(paths)) {
      const base: Record<string, string> = path === "/api/book/update-book" ? { bookId } : {};
      await check(path, "", "application/x-www-form-urlencoded");
      await check(path, "[1,2]", "application/json");
      await check(path, JSON.stringify({ ...base, [fields[0] ?? "x"]: 5 }), "application/json");
      for (const field of fields) {
        for (const value of odd) {
          await check(
            path,
            new URLSearchParams({ ...base, [field]: value }).toString(),
            "application/x-www-form-urlencoded",
          );
        }
        await check(
          path,
          `${new URLSearchParams(base).toString()}&${field}=1&${field}=2`,
          "application/x-www-form-urlencoded",
        );
      }
    }
    expect(findings).toEqual([]);
  }, 120_000);
});

describe("sessions on the power paths", () => {
  it("answers LOGIN_SIGNOUT without a session and with an unknown session cookie", async () => {
    // Nobody signed in, no product hosts configured.
    const anonymous = await stack.gateway.app({ productHosts: undefined });
    try {
      for (const path of [
        "/api/power/get-user-custom-config",
        "/api/team/get-team-role-power-config",
        "/api/user/get-user-meta",
        "/api/user/set-user-meta",
        "/api/user/update-user-book-logo",
        "/api/third/bind-account",
        "/api/third/merge-third-account",
      ]) {
        const fields = { team: "5", logo: "/l.png", provider: "wechat", subject: "s", otherToken: "t" };
        for (const cookie of [undefined, "tl_session=unknown-token"]) {
          const response = await anonymous.inject({
            method: "POST",
            url: path,
            headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
            payload: new URLSearchParams(fields).toString(),
          });
          expect(response.json(), `${path} ${cookie ?? "no cookie"}`).toMatchObject({
            code: "LOGIN_SIGNOUT",
            status: "0",
          });
        }
      }
    } finally {
      await anonymous.close();
    }
  });
});
