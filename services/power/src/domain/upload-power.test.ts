import { codedOfText, DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { newUserPlan, type Plan, planRules, teamWithoutPlan, unpaidWarning } from "./plans.js";
import { limitsForType, powerConfig, quotaForFolderType, userTypeFor, userTypes } from "./power-config.js";
import { decideUpload, freeSlot, limitInForce } from "./upload-power.js";

const now = new Date("2025-03-01T12:00:00.000Z");
const points = (balance: number): Plan => ({ kind: "points", points: balance, vipExpiresAt: null });
const vip = (expiresAt: Date | null): Plan => ({ kind: "vip-annual", points: 0, vipExpiresAt: expiresAt });
const free: Plan = { kind: "free", points: 0, vipExpiresAt: null };
const nextYear = new Date("2026-03-01T12:00:00.000Z");

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("user types", () => {
  it("reads uType, treats team members as 13 and forces 32 outside the product's host", () => {
    expect(userTypeFor({ uType: 2, teamId: "0", nonProductHost: false })).toBe(2);
    expect(userTypeFor({ uType: 2, teamId: "", nonProductHost: false })).toBe(2);
    expect(userTypeFor({ uType: 2, teamId: "7", nonProductHost: false })).toBe(userTypes.teamMember);
    expect(userTypeFor({ uType: 2, teamId: "7", nonProductHost: true })).toBe(userTypes.nonProductHost);
    expect(userTypeFor({ uType: 2, teamId: "0", nonProductHost: true })).toBe(32);
  });

  it("reads the power config's row of the type, or the default row", () => {
    expect(limitsForType(13)).toBe(powerConfig.byType[13]);
    expect(limitsForType(32)).toBe(powerConfig.byType[32]);
    expect(limitsForType(2)).toBe(powerConfig.defaultLimits);
  });

  it("counts books against BOOK_FILE_NUM and publications against PUB_BOOK_NUM", () => {
    expect(quotaForFolderType(1)).toBe("BOOK_FILE_NUM");
    expect(quotaForFolderType(0)).toBe("BOOK_FILE_NUM");
    expect(quotaForFolderType(2)).toBe("PUB_BOOK_NUM");
  });
});

describe("plans", () => {
  it("gives new users 5 points and teams without a plan nothing", () => {
    expect(newUserPlan()).toEqual({ kind: "points", points: 5, vipExpiresAt: null });
    expect(teamWithoutPlan.kind).toBe("free");
  });

  it("warns of the pause after 24 hours for zero points and an expired VIP plan only", () => {
    const pauseAt = new Date(now.getTime() + planRules.unpaidPauseAfterMs);
    expect(unpaidWarning(points(0), now)).toMatchObject({ code: "POINTS_EXHAUSTED", pauseAt });
    // A coded message (the gateway renders it): 'no points left: the book will be paused after 24 hours …'.
    expect(codedOfText(unpaidWarning(points(-3), now)?.message ?? "")?.key).toBe("pointsExhausted");
    expect(codedOfText(unpaidWarning(points(0), now)?.message ?? "")?.params).toEqual({
      time: pauseAt.toISOString(),
    });
    expect(codedOfText(unpaidWarning(vip(now), now)?.message ?? "")?.key).toBe("vipExpired");
    expect(unpaidWarning(vip(now), now)).toMatchObject({ code: "VIP_EXPIRED", pauseAt });
    expect(unpaidWarning(points(1), now)).toBeUndefined();
    expect(unpaidWarning(vip(nextYear), now)).toBeUndefined();
    expect(unpaidWarning(free, now)).toBeUndefined();
  });
});

describe("limits in force", () => {
  it("takes the user's override over the team's over the plan's", () => {
    const base = { quota: "BOOK_FILE_NUM" as const, userType: 13, plan: vip(nextYear) };
    expect(limitInForce({ ...base, overrides: { user: 3, team: 5 } })).toEqual({ limit: 3, source: "user" });
    expect(limitInForce({ ...base, overrides: { team: 5 } })).toEqual({ limit: 5, source: "team" });
    expect(limitInForce({ ...base, overrides: {} })).toEqual({ limit: 1000, source: "plan" });
    expect(limitInForce({ ...base, overrides: { user: 0, team: 5 } })).toEqual({ limit: 0, source: "user" });
  });

  it("caps the type's limit by the plan (VIP: 1,000 hosted books)", () => {
    const config = { defaultLimits: { BOOK_FILE_NUM: 5000, PUB_BOOK_NUM: 20 }, byType: {} };
    const ask = (plan: Plan, quota: "BOOK_FILE_NUM" | "PUB_BOOK_NUM") =>
      limitInForce({ quota, userType: 2, plan, overrides: {}, config }).limit;
    expect(ask(vip(nextYear), "BOOK_FILE_NUM")).toBe(1000);
    expect(ask(vip(nextYear), "PUB_BOOK_NUM")).toBe(20);
    expect(ask(points(5), "BOOK_FILE_NUM")).toBe(5000);
  });
});

describe("the upload decision", () => {
  const ask = (plan: Plan, used: number, extra: { existingBook?: boolean; user?: number } = {}) =>
    decideUpload({
      plan,
      quota: "PUB_BOOK_NUM",
      userType: 2,
      overrides: { user: extra.user },
      used,
      existingBook: extra.existingBook ?? false,
      now,
    });

  it("refuses free users with 'free users cannot use upload', even to overwrite", () => {
    for (const existingBook of [false, true]) {
      const error = refusal(() => ask(free, 0, { existingBook }));
      expect(error).toMatchObject({ kind: "PERMISSION_DENIED", messageKey: "freeUserUpload" });
    }
  });

  it("refuses a new book over the limit with QUOTA_EXCEEDED naming the quota", () => {
    const error = refusal(() => ask(points(5), 2, { user: 2 }));
    expect(error).toMatchObject({
      kind: "QUOTA_EXCEEDED",
      restCode: "BOOK_UPLOAD_OVER_LIMIT",
      details: { quota: "PUB_BOOK_NUM", limit: 2, used: 2 },
    });
    expect(error.coded).toEqual({
      key: "quotaReached",
      params: { quota: "PUB_BOOK_NUM", limit: 2, items: { key: "quotaItems.PUB_BOOK_NUM" } },
    });
  });

  it("counts nothing for an existing book, and allows an unpaid upload with the warning", () => {
    expect(ask(points(5), 2, { user: 2, existingBook: true })).toMatchObject({ limit: 2, warning: undefined });
    expect(ask(points(0), 0).warning?.code).toBe("POINTS_EXHAUSTED");
    expect(ask(vip(null), 0).warning?.code).toBe("VIP_EXPIRED");
  });
});

describe("free slots", () => {
  it("answers the lowest slot below the limit nobody holds", () => {
    expect(freeSlot(3, [])).toBe(0);
    expect(freeSlot(3, [0, 2])).toBe(1);
    expect(freeSlot(3, [0, 1, 2])).toBeUndefined();
    expect(freeSlot(2, [0, 1, 2, 3])).toBeUndefined();
  });
});
