import { describe, expect, it } from "vitest";
import { isCodedMessage, message, plainMessage, ref, renderMessage } from "./messages.js";

describe("coded messages", () => {
  const catalogue = {
    pdfPages: "导入的 PDF 不能超过 {pages} 页",
    quotaReached: "{quota}：已达到托管 {limit} {items}的上限",
    "quotaItems.BOOK_FILE_NUM": "本书",
  };

  it("fill placeholders with parameters, references from the same catalogue", () => {
    expect(renderMessage(catalogue, message("pdfPages", { pages: 1000 }))).toBe("导入的 PDF 不能超过 1000 页");
    expect(
      renderMessage(
        catalogue,
        message("quotaReached", { quota: "BOOK_FILE_NUM", limit: 5, items: ref("quotaItems.BOOK_FILE_NUM") }),
      ),
    ).toBe("BOOK_FILE_NUM：已达到托管 5 本书的上限");
  });

  it("read as key and parameters where the catalogue lacks the key; a missing parameter stays visible", () => {
    expect(renderMessage(catalogue, message("noSuchKey", { a: 1 }))).toBe("noSuchKey (a=1)");
    expect(renderMessage(catalogue, message("pdfPages"))).toBe("导入的 PDF 不能超过 {pages} 页");
    expect(plainMessage(message("pleaseLogIn"))).toBe("pleaseLogIn");
  });

  it("read texts as ICU MessageFormat: plural forms by the count, English rules unless a locale is given", () => {
    const plural = { converted: "{count, plural, one {{count} page} other {{count} pages}} of {title}" };
    expect(renderMessage(plural, message("converted", { count: 1, title: "Book" }))).toBe("1 page of Book");
    expect(renderMessage(plural, message("converted", { count: 2, title: "Book" }))).toBe("2 pages of Book");
    expect(renderMessage(plural, message("converted", { count: 0, title: "Livre" }), "fr")).toBe("0 page of Livre");
  });

  it("refuse keys that could not travel as metadata or JSON keys", () => {
    expect(() => message("no spaces")).toThrow();
    expect(() => message("")).toThrow();
    expect(isCodedMessage({ key: "featureBlocked", params: {} })).toBe(true);
    expect(isCodedMessage({ key: "x y", params: {} })).toBe(false);
    expect(isCodedMessage("featureBlocked")).toBe(false);
  });
});
