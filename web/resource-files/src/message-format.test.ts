import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { formatMessage, isMessageSyntax, messageArguments } from "./message-format.js";

describe("formatMessage (ICU MessageFormat)", () => {
  it("fills plain {name} arguments, numbers as String(n) without grouping", () => {
    expect(formatMessage("导入的 PDF 不能超过 {pages} 页", { pages: 1000 })).toBe("导入的 PDF 不能超过 1000 页");
    expect(formatMessage("{a}*{b} px, {a} again", { a: 12345, b: "x" })).toBe("12345*x px, 12345 again");
    expect(formatMessage("no arguments at all")).toBe("no arguments at all");
  });

  it("fills texts of plain arguments as intl-messageformat does (they are filled without a formatter)", () => {
    const cases: [string, Record<string, string | number>][] = [
      ["{a}{b}", { a: 0, b: "" }],
      ["x {n} y {n} z", { n: 1234567.5 }],
      ["it''s {x}: '{y}' {y}", { x: -0, y: "<b>" }],
      ["{only}", { only: "一" }],
      ["{a} and {b}", { a: Number.NaN, b: 1e21 }],
    ];
    for (const [template, values] of cases) {
      const formatter = new IntlMessageFormat(template, "en", undefined, { ignoreTag: true });
      expect(formatMessage(template, values), template).toBe(String(formatter.format(values)));
    }
  });

  it("keeps a missing argument as its placeholder, as the hand-written fillers did", () => {
    expect(formatMessage("page {n} of {total}", { n: 2 })).toBe("page 2 of {total}");
    expect(formatMessage("{title}: {rule}", {})).toBe("{title}: {rule}");
  });

  it("chooses plural forms by count (English rules unless a locale is given)", () => {
    const text = "{count, plural, one {# page} other {# pages}} converted";
    expect(formatMessage(text, { count: 1 })).toBe("1 page converted");
    expect(formatMessage(text, { count: 0 })).toBe("0 pages converted");
    expect(formatMessage(text, { count: 3 })).toBe("3 pages converted");
    expect(formatMessage("{count, plural, =0 {none} one {one book} other {{count} books}}", { count: 0 })).toBe("none");
    expect(formatMessage("{n, plural, one {# livre} other {# livres}}", { n: 0 }, "fr")).toBe("0 livre");
    expect(formatMessage("{n, plural, one {# page} other {# pages}}", { n: 1 }, "not a locale!")).toBe("1 page");
  });

  it("treats apostrophes as ICU does: literal next to letters, '' one apostrophe, '{…}' quoting braces", () => {
    expect(formatMessage("l'image {name} n'est pas valide", { name: "a.png" })).toBe("l'image a.png n'est pas valide");
    expect(formatMessage("Don't delete {title}'s pages", { title: "Book" })).toBe("Don't delete Book's pages");
    expect(formatMessage("it''s {x}", { x: 1 })).toBe("it's 1");
    expect(formatMessage("write '{name}' literally", { name: "no" })).toBe("write {name} literally");
  });

  it("reads <tags> and # outside plurals as plain text", () => {
    expect(formatMessage("<b>{x}</b> #1", { x: "bold" })).toBe("<b>bold</b> #1");
    expect(formatMessage("enter a colour such as #1e90ff")).toBe("enter a colour such as #1e90ff");
  });

  it("fills a text that is not valid ICU the plain way instead of failing", () => {
    expect(isMessageSyntax("a { b")).toBe(false);
    expect(formatMessage("a { b {x}", { x: 1 })).toBe("a { b 1");
  });

  it("a plural whose count is missing still reads (its placeholder shown)", () => {
    expect(() => formatMessage("{count, plural, one {# page} other {# pages}}", {})).not.toThrow();
  });

  it("lists argument names, those of plural branches included, sorted without repeats", () => {
    expect(messageArguments("{b} {a} {b}")).toEqual(["a", "b"]);
    expect(messageArguments("{count, plural, one {# of {total}} other {# of {total}}} in {title}")).toEqual([
      "count",
      "title",
      "total",
    ]);
    expect(messageArguments("no arguments")).toEqual([]);
    expect(messageArguments("a { b {x}")).toEqual(["x"]);
  });
});
