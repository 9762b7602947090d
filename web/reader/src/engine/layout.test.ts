import { describe, expect, it } from "vitest";
import { createLayout, modeForViewport, spreadWindow, turningSide } from "./layout.js";
import { pickRendition } from "./renditions.js";

describe("spreads", () => {
  it("put the covers alone and pair the inner pages, for even and odd counts", () => {
    const even = createLayout(6, "double", "ltr");
    expect(even.spreadCount).toBe(4);
    expect(even.spread(0)).toEqual({ index: 0, left: null, right: 1 });
    expect(even.spread(1)).toEqual({ index: 1, left: 2, right: 3 });
    expect(even.spread(3)).toEqual({ index: 3, left: 6, right: null });
    const odd = createLayout(7, "double", "ltr");
    expect(odd.spreadCount).toBe(4);
    expect(odd.spread(3)).toEqual({ index: 3, left: 6, right: 7 });
  });

  it("swap sides for right-to-left books", () => {
    const rtl = createLayout(6, "double", "rtl");
    expect(rtl.spread(0)).toEqual({ index: 0, left: 1, right: null });
    expect(rtl.spread(1)).toEqual({ index: 1, left: 3, right: 2 });
    expect(turningSide("rtl", true)).toBe("left");
    expect(turningSide("ltr", true)).toBe("right");
  });

  it("stack pages for vertical (calendar) flipping: the earlier page above the spine, the later below", () => {
    const calendar = createLayout(6, "double", "rtl", "vertical");
    expect(calendar.axis).toBe("vertical");
    expect(calendar.direction).toBe("ltr");
    expect(calendar.spreadCount).toBe(4);
    // `left` is the slot above the spine, `right` the one below it.
    expect(calendar.spread(0)).toEqual({ index: 0, left: null, right: 1 });
    expect(calendar.spread(1)).toEqual({ index: 1, left: 2, right: 3 });
    expect(calendar.spread(3)).toEqual({ index: 3, left: 6, right: null });
    expect(calendar.pagesOf(2)).toEqual([4, 5]);
    expect(turningSide(calendar.direction, true)).toBe("right");
    const single = createLayout(6, "single", "ltr", "vertical");
    expect(single.spread(2)).toEqual({ index: 2, left: null, right: 3 });
    expect(createLayout(6, "double", "rtl").axis).toBe("horizontal");
  });

  it("find the spread of any page, clamped to the book", () => {
    const layout = createLayout(10, "double", "ltr");
    expect(layout.spreadOf(1)).toBe(0);
    expect(layout.spreadOf(4)).toBe(2);
    expect(layout.spreadOf(5)).toBe(2);
    expect(layout.spreadOf(99)).toBe(5);
    expect(createLayout(10, "single", "ltr").spreadOf(4)).toBe(3);
  });

  it("keep a window of three spreads whatever the book's length", () => {
    expect(spreadWindow(createLayout(1000, "double", "ltr"), 250)).toEqual([249, 250, 251]);
    expect(spreadWindow(createLayout(1000, "double", "ltr"), 0)).toEqual([0, 1]);
  });

  it("choose double pages on wide screens and single on narrow ones", () => {
    const page = { width: 600, height: 800 };
    expect(modeForViewport({ width: 1400, height: 900 }, page, "auto")).toBe("double");
    expect(modeForViewport({ width: 400, height: 800 }, page, "auto")).toBe("single");
    // A phone gets one page even from a template that asks for spreads (the magazine's).
    expect(modeForViewport({ width: 390, height: 844 }, page, "double")).toBe("single");
    expect(modeForViewport({ width: 800, height: 600 }, page, "double")).toBe("double");
    // Stacked: double when two pages fit one above the other at a useful size.
    const calendarPage = { width: 600, height: 400 };
    expect(modeForViewport({ width: 1400, height: 900 }, page, "auto", "vertical")).toBe("single");
    expect(modeForViewport({ width: 700, height: 1200 }, calendarPage, "auto", "vertical")).toBe("double");
    expect(modeForViewport({ width: 1400, height: 900 }, page, "double", "vertical")).toBe("double");
  });
});

describe("renditions", () => {
  const renditions = [
    { width: 1600, url: "1600" },
    { width: 800, url: "800" },
    { width: 2800, url: "2800" },
  ];
  it("pick the smallest that is sharp at the drawn size and zoom", () => {
    expect(pickRendition(renditions, 400, 2, 1)?.url).toBe("800");
    expect(pickRendition(renditions, 400, 2, 2)?.url).toBe("1600");
    expect(pickRendition(renditions, 400, 2, 4)?.url).toBe("2800");
    expect(pickRendition([], 400, 1, 1)).toBeUndefined();
  });
});
