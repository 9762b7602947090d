import { describe, expect, it } from "vitest";
import { captionFor, fromRoman, parseCaptions, spreadCaption, toRoman } from "./captions.js";

describe("page-number captions", () => {
  it("parse 'range:caption' entries separated by semicolons, skipping malformed ones", () => {
    expect(parseCaptions("1-2:Cover; 3 - 6 : i+ ;7-:1+;x:bad;9:;5-4:back;12:End")).toEqual([
      { from: 1, to: 2, caption: "Cover" },
      { from: 3, to: 6, caption: "i+" },
      { from: 7, to: Number.POSITIVE_INFINITY, caption: "1+" },
      { from: 12, to: 12, caption: "End" },
    ]);
    expect(parseCaptions("")).toEqual([]);
    expect(parseCaptions(undefined)).toEqual([]);
  });

  it("count up with the 'number plus' form, in arabic or roman of the given case", () => {
    const rules = parseCaptions("1-2:Cover;3-6:i+;7-10:1+;11-:IV+");
    expect([1, 2, 3, 4, 6, 7, 10, 11, 13].map((page) => captionFor(rules, page))).toEqual([
      "Cover",
      "Cover",
      "i",
      "ii",
      "iv",
      "1",
      "4",
      "IV",
      "VI",
    ]);
  });

  it("replace the N, R and r macros with the count from their start number", () => {
    const rules = parseCaptions("1-3:A-N5;4-5:Appendix R1;6-7:r;8:Reference;9:N");
    expect([1, 3, 4, 5, 6, 7, 8, 9].map((page) => captionFor(rules, page))).toEqual([
      "A-5",
      "A-7",
      "Appendix I",
      "Appendix II",
      "i",
      "ii",
      "Reference",
      "1",
    ]);
  });

  it("leave uncovered pages their own number, the first matching entry winning", () => {
    const rules = parseCaptions("2-3:x+;2:first;5:five;5:again");
    expect(captionFor(rules, 1)).toBe("1");
    expect(captionFor(rules, 2)).toBe("x");
    expect(captionFor(rules, 3)).toBe("xi");
    expect(captionFor(rules, 5)).toBe("five");
    expect(captionFor([], 42)).toBe("42");
  });

  it("name a spread by its first and last captions, once when they are equal", () => {
    const rules = parseCaptions("1-2:Cover;3-:i+");
    expect(spreadCaption(rules, [1, 2])).toBe("Cover");
    expect(spreadCaption(rules, [4, 5])).toBe("ii–iii");
    expect(spreadCaption(rules, [1])).toBe("Cover");
    expect(spreadCaption([], [6, 7])).toBe("6–7");
  });

  it("convert roman numerals both ways", () => {
    expect([1, 4, 9, 14, 40, 90, 400, 1994, 3999].map(toRoman)).toEqual([
      "I",
      "IV",
      "IX",
      "XIV",
      "XL",
      "XC",
      "CD",
      "MCMXCIV",
      "MMMCMXCIX",
    ]);
    expect(toRoman(0)).toBe("0");
    expect(toRoman(4000)).toBe("4000");
    expect(fromRoman("mcmxciv")).toBe(1994);
    expect(fromRoman("IIII")).toBeNaN();
    expect(fromRoman("abc")).toBeNaN();
  });
});
