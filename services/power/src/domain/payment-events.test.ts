import { describe, expect, it } from "vitest";
import {
  addMonths,
  creditPoints,
  extendVip,
  remainingDays,
  reversedShare,
  reversePoints,
  reverseVip,
} from "./payment-events.js";
import type { Plan } from "./plans.js";

const at = (iso: string) => new Date(iso);
const points = (balance: number): Plan => ({ kind: "points", points: balance, vipExpiresAt: null });

describe("payment rules", () => {
  it("adds calendar months, keeping the day or the month's last", () => {
    expect(addMonths(at("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(at("2026-06-01T00:00:00Z"), 12).toISOString()).toBe("2027-06-01T00:00:00.000Z");
    expect(addMonths(at("2026-03-31T00:00:00Z"), -1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });

  it("credits points to a points, free or VIP plan, keeping a VIP plan VIP", () => {
    expect(creditPoints(points(5), 10)).toEqual(points(15));
    expect(creditPoints({ kind: "free", points: 0, vipExpiresAt: null }, 10).kind).toBe("points");
    const vip: Plan = { kind: "vip-annual", points: 2, vipExpiresAt: at("2027-01-01T00:00:00Z") };
    expect(creditPoints(vip, 10)).toEqual({ ...vip, points: 12 });
  });

  it("extends a running VIP plan from its end, a lapsed or points plan from now; the provider's end wins", () => {
    const now = at("2026-06-10T00:00:00Z");
    const running: Plan = { kind: "vip-monthly", points: 0, vipExpiresAt: at("2026-06-20T00:00:00Z") };
    expect(extendVip(running, 1, now, null).vipExpiresAt?.toISOString()).toBe("2026-07-20T00:00:00.000Z");
    const lapsed: Plan = { kind: "vip-monthly", points: 0, vipExpiresAt: at("2026-06-01T00:00:00Z") };
    expect(extendVip(lapsed, 1, now, null).vipExpiresAt?.toISOString()).toBe("2026-07-10T00:00:00.000Z");
    const yearly = extendVip(points(3), 12, now, null);
    expect(yearly).toMatchObject({ kind: "vip-annual", points: 3 });
    expect(yearly.vipExpiresAt?.toISOString()).toBe("2027-06-10T00:00:00.000Z");
    const told = at("2026-07-22T00:00:00Z");
    expect(extendVip(lapsed, 1, now, told).vipExpiresAt).toEqual(told);
    // A period end already past is not believed.
    expect(extendVip(lapsed, 1, now, at("2026-06-05T00:00:00Z")).vipExpiresAt?.toISOString()).toBe(
      "2026-07-10T00:00:00.000Z",
    );
  });

  it("reverses points (below zero if spent) and VIP months (not before now), in proportion to a partial refund", () => {
    expect(reversePoints(points(3), 10).points).toBe(-7);
    const now = at("2026-06-10T00:00:00Z");
    const vip: Plan = { kind: "vip-annual", points: 0, vipExpiresAt: at("2027-06-10T00:00:00Z") };
    expect(reverseVip(vip, 12, now).vipExpiresAt).toEqual(now);
    expect(reverseVip(vip, 6, now).vipExpiresAt?.toISOString()).toBe("2026-12-10T00:00:00.000Z");
    expect(reversedShare(50, 4500, 4500)).toBe(50);
    expect(reversedShare(50, 4500, 2250)).toBe(25);
    expect(reversedShare(50, 0, 100)).toBe(50);
  });

  it("counts the days left: to a VIP end, or what the points pay for the books hosted", () => {
    const now = at("2026-06-01T00:00:00Z");
    const vip: Plan = { kind: "vip-annual", points: 0, vipExpiresAt: at("2027-06-01T00:00:00Z") };
    expect(remainingDays(vip, 3, now)).toBe(365);
    expect(remainingDays({ ...vip, vipExpiresAt: at("2026-05-01T00:00:00Z") }, 3, now)).toBe(0);
    expect(remainingDays(points(10), 3, now)).toBe(90);
    expect(remainingDays(points(10), 0, now)).toBe(0);
    expect(remainingDays(points(-1), 1, now)).toBe(0);
  });
});
