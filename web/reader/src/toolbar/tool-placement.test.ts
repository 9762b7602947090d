import { describe, expect, it } from "vitest";
import { phoneRow } from "./phone-row.js";
import { isPlaced, mobileOrderStyle } from "./tool-placement.js";

describe("a tool's place in the toolbar", () => {
  it("follows the book's mobile order on phones only, unlisted tools after the listed ones", () => {
    expect(mobileOrderStyle(false, ["share", "home"], "home")).toBeUndefined();
    expect(mobileOrderStyle(true, [], "home")).toBeUndefined();
    expect(mobileOrderStyle(true, ["share", "home"], "home")).toEqual({ order: 1 });
    expect(mobileOrderStyle(true, ["share", "home"], "print")).toEqual({ order: 3 });
  });

  it("is drawn once: everywhere when wide, in a phone's row or under its more list", () => {
    const row = phoneRow([]);
    expect(isPlaced("all", row, "print")).toBe(true);
    expect(isPlaced("row", row, "contents")).toBe(true);
    expect(isPlaced("menu", row, "contents")).toBe(false);
    expect(isPlaced("row", row, "print")).toBe(false);
    expect(isPlaced("menu", row, "print")).toBe(true);
  });
});
