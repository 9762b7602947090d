import { describe, expect, it } from "vitest";
import { duration, heatCells, heatColour, lastDays, totalsOf } from "./model.js";

describe("statistics screen model", () => {
  it("names ranges of the last days, totals and durations", () => {
    expect(lastDays(7, Date.parse("2026-11-20T12:00:00Z"))).toEqual({ from: "2026-11-14", to: "2026-11-20" });
    expect(
      totalsOf({
        from: "",
        to: "",
        days: [
          { day: "a", views: 2, uniqueReaders: 1, completions: 1, readingMs: 1000, pagesSeen: 3 },
          { day: "b", views: 3, uniqueReaders: 2, completions: 0, readingMs: 500, pagesSeen: 1 },
        ],
        pages: [],
        referrers: [],
        devices: [],
        embedHosts: [],
        books: [],
      }),
    ).toEqual({ views: 5, uniqueReaders: 3, completions: 1, readingMs: 1500, pagesSeen: 4 });
    expect([duration(12_400), duration(185_000), duration(3_720_000)]).toEqual(["12 s", "3 min 05 s", "1 h 02 min"]);
  });

  it("lays every page in the heat map, the busiest the hottest", () => {
    const cells = heatCells(
      [
        { page: 2, views: 4, readingMs: 8000 },
        { page: 3, views: 1, readingMs: 500 },
      ],
      4,
    );
    expect(cells).toEqual([
      { page: 1, views: 0, heat: 0, averageMs: 0 },
      { page: 2, views: 4, heat: 1, averageMs: 2000 },
      { page: 3, views: 1, heat: 0.25, averageMs: 500 },
      { page: 4, views: 0, heat: 0, averageMs: 0 },
    ]);
    expect(heatColour(0)).not.toBe(heatColour(1));
  });
});
