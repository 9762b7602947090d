import { describe, expect, it } from "vitest";
import { longColour, numberInRange, toggledChoice } from "./setting-values.js";

describe("setting values as the controls show them", () => {
  it("gives the colour input the long form, black for anything unreadable", () => {
    expect(longColour("#AbC")).toBe("#aabbcc");
    expect(longColour("#12345678")).toBe("#123456");
    expect(longColour("red")).toBe("#000000");
    expect(longColour(undefined)).toBe("#000000");
  });

  it("takes a number only when it is written and within range", () => {
    expect(numberInRange("5", 0, 10)).toBe(5);
    expect(numberInRange("", 0, 10)).toBeUndefined();
    expect(numberInRange("11", 0, 10)).toBeUndefined();
    expect(numberInRange("abc", 0, 10)).toBeUndefined();
  });

  it("keeps a multiple choice in the options' order", () => {
    const options = [{ value: 1 }, { value: 2 }, { value: 3 }];
    expect(toggledChoice(options, ["3"], 1, true)).toEqual([1, 3]);
    expect(toggledChoice(options, ["1", "3"], 1, false)).toEqual([3]);
  });
});
