import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  editBookSettings,
  featureCodes,
  featureInForce,
  featureRefusal,
  featureRefusalMessage,
  featuresForType,
  powerConfigDocument,
  roleCodeFor,
  rolePermits,
  roleReachesBook,
  roleRefusalMessage,
  viewBook,
} from "./features.js";

describe("gated features", () => {
  it("has the 22 features of spec 000 §6 with the catalogue texts", () => {
    expect(featureCodes).toHaveLength(22);
    expect(featureRefusal("HOT_LABEL", "type")).toBe("no permission for function hot label, contact support to unlock");
    expect(featureRefusal("HOT_LABEL", "user")).toBe("reached the customised quota, contact support");
    expect(featureRefusal("LOGO", "team")).toBe("reached the customised quota, contact support");
  });

  it("refuses with coded messages whose every feature name is in the messages catalogues", () => {
    expect(featureRefusalMessage("HOT_LABEL", "type")).toEqual({
      key: "featureBlocked",
      params: { feature: { key: "feature.HOT_LABEL" } },
    });
    expect(featureRefusalMessage("LOGO", "user")).toEqual({ key: "customQuota", params: {} });
    const catalogue = JSON.parse(
      readFileSync(new URL("../../../language/src/labels/messages/zh-CN.json", import.meta.url), "utf8"),
    ) as Record<string, string>;
    const named = [
      ...featureCodes.map((code) => featureRefusalMessage(code, "type")),
      roleRefusalMessage(editBookSettings),
      roleRefusalMessage(viewBook),
    ];
    for (const coded of named) {
      const feature = coded.params.feature as { key: string };
      expect(catalogue[feature.key], feature.key).toBeTruthy();
    }
    expect(catalogue.featureBlocked).toBe("没有{feature}功能的权限，请联系客服开通");
  });

  it("gives any type every feature, uType 1 the reading ones, a non-product host (32) none", () => {
    expect(featuresForType(2)).toEqual(featureCodes);
    expect(featuresForType(13)).toEqual(featureCodes);
    expect(featuresForType(32)).toEqual([]);
    expect(featuresForType(1)).toContain("BOOKMARK");
    expect(featuresForType(1)).not.toContain("LOGO");
  });

  it("lets a user's override win over the team's over the type's", () => {
    expect(featureInForce({ code: "LOGO", userType: 32, overrides: {} })).toEqual({ allowed: false, source: "type" });
    expect(featureInForce({ code: "LOGO", userType: 32, overrides: { team: true } })).toEqual({
      allowed: true,
      source: "team",
    });
    expect(featureInForce({ code: "LOGO", userType: 2, overrides: { user: false, team: true } })).toEqual({
      allowed: false,
      source: "user",
    });
  });

  it("serves limits and features per type in the power config document", () => {
    const document = powerConfigDocument();
    expect(document.types["32"]).toMatchObject({ BOOK_FILE_NUM: 100, PUB_BOOK_NUM: 10, features: [] });
    expect(document.default.features).toHaveLength(22);
    expect(document.plans).toMatchObject({ newUserPoints: 5, pointsPerHostedBookMonth: 1, vipMaxHostedBooks: 1000 });
  });
});

describe("team role rule (key, selfKey, otherKey)", () => {
  it("uses key when the action has one", () => {
    expect(roleCodeFor({ name: "x", key: "K", selfKey: "S", otherKey: "O" }, "7", "8")).toBe("K");
  });

  it("uses selfKey for the current user's books and for -1, otherKey for another author's", () => {
    expect(roleCodeFor(editBookSettings, "8", "8")).toBe("BOOK_EDIT_SELF");
    expect(roleCodeFor(editBookSettings, "-1", "8")).toBe("BOOK_EDIT_SELF");
    expect(roleCodeFor(editBookSettings, "7", "8")).toBe("BOOK_EDIT_OTHER");
  });

  it("allows an action only when the role's list holds its code", () => {
    expect(rolePermits(["BOOK_EDIT_SELF"], editBookSettings, "8", "8")).toBe(true);
    expect(rolePermits(["BOOK_EDIT_SELF"], editBookSettings, "7", "8")).toBe(false);
    expect(rolePermits(["BOOK_EDIT_OTHER"], editBookSettings, "7", "8")).toBe(true);
    expect(rolePermits([], { name: "x" }, "8", "8")).toBe(false);
  });

  it("reaches a team book to view it with the view or the edit power, to edit it with the edit power only", () => {
    expect(roleReachesBook(["BOOK_VIEW_OTHER"], "view", "7", "8")).toBe(true);
    expect(roleReachesBook(["BOOK_VIEW_OTHER"], "edit", "7", "8")).toBe(false);
    expect(roleReachesBook(["BOOK_EDIT_OTHER"], "view", "7", "8")).toBe(true);
    expect(roleReachesBook(["BOOK_EDIT_OTHER"], "edit", "7", "8")).toBe(true);
    expect(roleReachesBook(["BOOK_VIEW_SELF", "BOOK_EDIT_SELF"], "view", "7", "8")).toBe(false);
    expect(roleReachesBook(["BOOK_VIEW_SELF"], "view", "8", "8")).toBe(true);
  });
});
