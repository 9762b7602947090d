import { describe, expect, it } from "vitest";
import { folderTypeFilter, keywordPattern, nextBStatus, normaliseListQuery, onlineStatus } from "./bookcase.js";
import { lockView, mayTakeLock, takenLock } from "./edit-lock.js";

describe("online book status (spec 001)", () => {
  it("maps bStatus and hosting to enabled, disabled, overdue, uploading and error", () => {
    expect(onlineStatus({ bStatus: 1 })).toBe("enabled");
    expect(onlineStatus({ bStatus: 0 })).toBe("disabled");
    expect(onlineStatus({ bStatus: 1, hostingSuspended: true })).toBe("overdue");
    expect(onlineStatus({ bStatus: 0, hostingSuspended: true })).toBe("overdue");
    expect(onlineStatus({ bStatus: 2 })).toBe("uploading");
    expect(onlineStatus({ bStatus: 3, hostingSuspended: true })).toBe("error");
  });

  it("switches only converted books", () => {
    expect(nextBStatus({ bStatus: 1 }, "disabled")).toBe(0);
    expect(nextBStatus({ bStatus: 0, hostingSuspended: true }, "enabled")).toBe(1);
    expect(() => nextBStatus({ bStatus: 2 }, "enabled")).toThrow(
      expect.objectContaining({ messageKey: "bookNotReady" }),
    );
    expect(() => nextBStatus({ bStatus: 1 }, "overdue")).toThrow(
      expect.objectContaining({
        messageKey: "field.oneOf",
        messageParams: { field: "status", allowed: "enabled, disabled" },
      }),
    );
  });

  it("checks the list query and matches keywords literally", () => {
    expect(normaliseListQuery({ page: 0, pageSize: 0, status: "", keyword: " x " })).toEqual({
      page: 1,
      pageSize: 20,
      status: "",
      keyword: "x",
      folderType: 0,
    });
    const query = (folderType: number) => ({ page: 1, pageSize: 1, status: "", keyword: "", folderType });
    expect(normaliseListQuery(query(2)).folderType).toBe(2);
    for (const bad of [3, -1, 1.5]) expect(() => normaliseListQuery(query(bad))).toThrow("folderType");
    // Books stored before folder types were chosen have none: they are books.
    expect(folderTypeFilter(1)).toEqual({ folderType: { $ne: 2 } });
    expect(folderTypeFilter(2)).toEqual({ folderType: 2 });
    expect(() => normaliseListQuery({ page: 1, pageSize: 101, status: "", keyword: "" })).toThrow("pageSize");
    expect(() => normaliseListQuery({ page: 1, pageSize: 1, status: "normal", keyword: "" })).toThrow("status");
    expect(keywordPattern("a.b(").test("A.B(")).toBe(true);
    expect(keywordPattern("a.b").test("axb")).toBe(false);
  });
});

describe("editing lock", () => {
  const t0 = new Date("2026-01-01T00:00:00Z");
  const later = (ms: number) => new Date(t0.getTime() + ms);

  it("is taken by the first session, refused to another while live, and lapses", () => {
    const lock = takenLock(null, { userId: "1", sessionId: "tab-aaaaaaaa" }, t0);
    expect(mayTakeLock(lock, "tab-bbbbbbbb", later(60_000))).toBe(false);
    expect(lockView(lock, "tab-bbbbbbbb", later(60_000))).toMatchObject({
      heldByOther: true,
      holderUserId: "1",
      holderSessionId: "",
    });
    expect(mayTakeLock(lock, "tab-bbbbbbbb", later(120_000))).toBe(true);
    expect(lockView(lock, "tab-bbbbbbbb", later(120_000)).heldByOther).toBe(false);
  });

  it("keeps its start when its session refreshes it", () => {
    const lock = takenLock(null, { userId: "1", sessionId: "tab-aaaaaaaa" }, t0);
    const refreshed = takenLock(lock, { userId: "1", sessionId: "tab-aaaaaaaa" }, later(90_000));
    expect(refreshed.since).toEqual(t0);
    expect(refreshed.expiresAt).toEqual(later(210_000));
  });
});
