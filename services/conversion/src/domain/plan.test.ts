import { Cut } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { describe, expect, it } from "vitest";
import { isSpread, normalPage, planBook, type SourcePages } from "./plan.js";

const a4 = { width: 595, height: 842 };
const spread = { width: 1190, height: 842 };
const pdf = (...pages: { width: number; height: number }[]): SourcePages => ({ kind: "pdf", pages });
const none = { cut: Cut.NONE, bleedPt: 0, pageRange: "" };

describe("planBook", () => {
  it("keeps every page whole without cuts, numbering across merged sources in order", () => {
    const plan = planBook([pdf(a4, a4), pdf(a4)], none);
    expect(plan.map((page) => [page.n, page.source, page.sourcePage, page.part])).toEqual([
      [1, 0, 0, "whole"],
      [2, 0, 1, "whole"],
      [3, 1, 0, "whole"],
    ]);
  });

  it("splits only the two-page spreads under auto cut", () => {
    const plan = planBook([pdf(a4, spread, a4)], { ...none, cut: Cut.AUTO });
    expect(plan.map((page) => page.part)).toEqual(["whole", "left", "right", "whole"]);
    expect(plan[2]?.region).toEqual({ x: 595, y: 0, width: 595, height: 842 });
  });

  it("never splits a landscape deck (no portrait page to compare with)", () => {
    expect(planBook([pdf(spread, spread)], { ...none, cut: Cut.AUTO })).toHaveLength(2);
  });

  it("applies forced cuts to every page", () => {
    expect(planBook([pdf(a4)], { ...none, cut: Cut.HORIZONTAL_HALVES }).map((page) => page.part)).toEqual([
      "top",
      "bottom",
    ]);
    const quarters = planBook([pdf(a4)], { ...none, cut: Cut.QUARTERS });
    expect(quarters.map((page) => page.part)).toEqual(["top-left", "top-right", "bottom-left", "bottom-right"]);
    expect(quarters[3]?.region).toEqual({ x: 297.5, y: 421, width: 297.5, height: 421 });
  });

  it("trims the bleed from every edge", () => {
    expect(planBook([pdf(a4)], { ...none, bleedPt: 9 })[0]?.region).toEqual({ x: 9, y: 9, width: 577, height: 824 });
  });

  it("counts the page range over all sources and the trial limit over book pages", () => {
    const plan = planBook([pdf(a4, a4), pdf(a4, a4, a4)], { ...none, pageRange: "1,3-5" });
    expect(plan.map((page) => [page.source, page.sourcePage])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(planBook([pdf(...Array.from({ length: 20 }, () => a4))], { ...none, maxPages: 12 })).toHaveLength(12);
  });

  it("sizes image pages to the first image", () => {
    const plan = planBook(
      [
        { kind: "image", size: { width: 800, height: 600 } },
        { kind: "image", size: { width: 300, height: 700 } },
      ],
      none,
    );
    expect(plan.map((page) => page.pageSize)).toEqual([
      { width: 800, height: 600 },
      { width: 800, height: 600 },
    ]);
  });
});

describe("spread detection", () => {
  it("takes the median portrait page as the normal page", () => {
    expect(normalPage([a4, spread, a4])).toEqual(a4);
    expect(normalPage([spread])).toBeUndefined();
  });

  it("needs a page as tall as a normal one and about twice as wide", () => {
    expect(isSpread(spread, a4)).toBe(true);
    expect(isSpread({ width: 842, height: 595 }, a4)).toBe(false);
    expect(isSpread(a4, a4)).toBe(false);
    expect(isSpread(spread, undefined)).toBe(false);
  });
});
