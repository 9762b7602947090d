import { describe, expect, it } from "vitest";
import { sideTabRoom, tabRoom, topTabRoom } from "./tab-room.js";

describe("the room bookmark tabs take", () => {
  it("is above the book for top tabs and vertical books, beside it for side tabs, none without tabs", () => {
    const base = { bookmarks: 3, shown: true, onSideEdge: true, vertical: false };
    expect(tabRoom(base)).toEqual({ side: sideTabRoom, top: 0 });
    expect(tabRoom({ ...base, onSideEdge: false })).toEqual({ side: 0, top: topTabRoom });
    expect(tabRoom({ ...base, vertical: true })).toEqual({ side: 0, top: topTabRoom });
    expect(tabRoom({ ...base, bookmarks: 0 })).toEqual({ side: 0, top: 0 });
    expect(tabRoom({ ...base, shown: false, onSideEdge: false })).toEqual({ side: 0, top: 0 });
  });
});
