import { describe, expect, it } from "vitest";
import { type HostedSlot, hostingMonthMs, planHosting } from "./hosting.js";
import type { Plan } from "./plans.js";

const hour = 3_600_000;
const t0 = new Date("2026-01-01T00:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const points = (balance: number): Plan => ({ kind: "points", points: balance, vipExpiresAt: null });

function slot(index: number, fields: Partial<HostedSlot> = {}): HostedSlot {
  return {
    id: `s${index}`,
    slot: index,
    bookId: `book${index}`,
    userId: "1",
    reservedAt: t0,
    paidUntil: null,
    pauseAt: null,
    suspended: false,
    ...fields,
  };
}

describe("hosting planner", () => {
  it("charges one point per book for a month, lowest slots first, and marks the rest unpaid", () => {
    const planned = planHosting(points(2), [slot(2), slot(0), slot(1)], at(hour));
    expect(planned).toMatchObject({ points: 0, charged: 2, events: [] });
    expect(planned.changes.find((change) => change.id === "s0")?.paidUntil).toEqual(at(hostingMonthMs));
    expect(planned.changes.find((change) => change.id === "s2")).toMatchObject({
      paidUntil: null,
      pauseAt: at(24 * hour),
    });
  });

  it("suspends an unpaid book 24 hours after it became due, and only then", () => {
    const unpaid = slot(0, { pauseAt: at(24 * hour) });
    expect(planHosting(points(0), [unpaid], at(24 * hour - 1)).events).toEqual([]);
    expect(planHosting(points(0), [unpaid], at(24 * hour)).events).toEqual([
      {
        slotId: "s0",
        bookId: "book0",
        userId: "1",
        suspended: true,
        reason: "points exhausted",
        at: 24 * hour + t0.getTime(),
      },
    ]);
  });

  it("resumes a suspended book once paid, starting a fresh month", () => {
    const suspended = slot(0, { pauseAt: at(24 * hour), suspended: true });
    const now = at(10 * 24 * hour);
    const planned = planHosting(points(3), [suspended], now);
    expect(planned.events).toEqual([
      {
        slotId: "s0",
        bookId: "book0",
        userId: "1",
        suspended: false,
        reason: "paid",
        at: now.getTime() + hostingMonthMs,
      },
    ]);
    expect(planned.changes[0]).toMatchObject({ paidUntil: new Date(now.getTime() + hostingMonthMs), pauseAt: null });
  });

  it("covers every book until a running VIP plan ends, then suspends 24 hours after its end", () => {
    const ends = at(5 * 24 * hour);
    const vip: Plan = { kind: "vip-monthly", points: 0, vipExpiresAt: ends };
    const covered = planHosting(vip, [slot(0)], at(hour));
    expect(covered).toMatchObject({ charged: 0, events: [] });
    expect(covered.changes[0]?.paidUntil).toEqual(ends);
    const lapsed = slot(0, { paidUntil: ends });
    expect(planHosting(vip, [lapsed], at(5 * 24 * hour + 23 * hour)).events).toEqual([]);
    expect(planHosting(vip, [lapsed], at(6 * 24 * hour)).events[0]).toMatchObject({
      suspended: true,
      reason: "VIP expired",
    });
  });

  it("charges a book without a book id yet but never announces it", () => {
    expect(planHosting(points(0), [slot(0, { bookId: "" })], at(48 * hour)).events).toEqual([]);
    expect(planHosting(points(1), [slot(0, { bookId: "" })], at(hour)).charged).toBe(1);
  });
});
