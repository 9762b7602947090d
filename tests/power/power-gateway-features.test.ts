/**
 * The power paths through the real gateway: the power config resource, gated features at update-book and on the
 * bookmark, TOC and language paths (by user type, host and custom override), the user type in the ready config,
 * and a team's overrides, context and roles (power-gateway-fixtures.ts starts the services).
 */
import { Quota } from "@turnleaf/contracts/power/v1/power_service_pb";
import { gatedFeatureCodes } from "@turnleaf/resource-files";
import { describe, expect, it } from "vitest";
import { zhMessage } from "../support/messages.js";
import {
  admin,
  book,
  gatewayFor,
  htmlConfigOf,
  keyOfFeature,
  otherHost,
  post,
  power,
  productHost,
  suffix,
  usePowerStack,
  user,
} from "./power-gateway-fixtures.js";

usePowerStack();

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
