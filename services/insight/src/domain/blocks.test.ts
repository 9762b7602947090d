import { describe, expect, it } from "vitest";
import { blocksCovering, blocksOf, firstDayOf, maxLevel, rollupWrites } from "./blocks.js";
import { daysBetween } from "./days.js";

const coveredDays = (from: string, to: string) =>
  blocksCovering(from, to).flatMap((block) =>
    daysBetween(firstDayOf(block), firstDayOf({ level: 0, index: (block.index + 1) * 2 ** block.level - 1 })),
  );

describe("day blocks", () => {
  it("cover a range exactly, each day once, with few blocks", () => {
    for (const [from, to] of [
      ["2026-11-20", "2026-11-20"],
      ["2026-10-27", "2026-11-25"],
      ["2025-11-26", "2026-11-25"],
      ["2025-10-22", "2026-11-25"],
      ["2024-02-28", "2024-03-02"],
    ] as const) {
      expect(coveredDays(from, to)).toEqual(daysBetween(from, to));
      expect(blocksCovering(from, to).length).toBeLessThanOrEqual(
        2 * Math.ceil(Math.log2(daysBetween(from, to).length + 1)),
      );
    }
    expect(blocksCovering("2026-11-25", "2026-11-20")).toEqual([]);
  });

  it("a day lies in one block per level, each of which holds it", () => {
    const blocks = blocksOf("2026-11-20");
    expect(blocks.map((block) => block.level)).toEqual(Array.from({ length: maxLevel + 1 }, (_, level) => level));
    for (const block of blocks) {
      expect(firstDayOf(block) <= "2026-11-20").toBe(true);
      expect(blocksCovering(firstDayOf(block), "2026-11-20").every((part) => part.level <= block.level)).toBe(true);
    }
    expect(firstDayOf(blocks[0] ?? { level: 0, index: 0 })).toBe("2026-11-20");
  });

  it("split a batch: small day records, months of day counters, and blocks written once each", () => {
    const writes = rollupWrites(
      [
        {
          bookId: "b1",
          day: "2026-11-20",
          inc: new Map([
            ["views", 2],
            ["pages.p1.v", 2],
            ["ref.a%2Ecom", 1],
          ]),
          once: new Map([["r1", ["uniques"]]]),
        },
        {
          bookId: "b1",
          day: "2026-11-21",
          inc: new Map([
            ["views", 1],
            ["pages.p1.v", 3],
          ]),
          once: new Map(),
        },
      ],
      new Map([["b1:2026-11-20", 1]]),
    );
    expect(writes.days).toEqual([
      { id: "b1:2026-11-20", onInsert: { bookId: "b1", day: "2026-11-20" }, inc: { views: 2, uniques: 1 } },
      { id: "b1:2026-11-21", onInsert: { bookId: "b1", day: "2026-11-21" }, inc: { views: 1 } },
    ]);
    expect(writes.months).toEqual([
      {
        id: "b1:2026-11",
        onInsert: { bookId: "b1", month: "2026-11" },
        inc: { "days.d20.views": 2, "days.d20.uniques": 1, "days.d21.views": 1 },
      },
    ]);
    const top = writes.blocks.find((write) => write.onInsert.level === maxLevel);
    expect(top?.inc).toEqual({ "pages.p1.v": 5, "ref.a%2Ecom": 1 });
    const days = writes.blocks.filter((write) => write.onInsert.level === 0);
    expect(days.map((write) => write.inc)).toEqual([{ "pages.p1.v": 2, "ref.a%2Ecom": 1 }, { "pages.p1.v": 3 }]);
    expect(new Set(writes.blocks.map((write) => write.id)).size).toBe(writes.blocks.length);
  });
});
