import { describe, expect, it } from "vitest";
import { chineseCode } from "./book-languages.js";
import { interfaceLanguages } from "./interface-languages.js";
import { catalogueProblems, labelsFor, loadLabelCatalogues, resolveInterfaceLanguage } from "./labels.js";

const catalogues = loadLabelCatalogues();

describe("label catalogues", () => {
  it("exist for the twelve interface languages with the same keys and placeholders", () => {
    expect([...catalogues.keys()].sort()).toEqual(interfaceLanguages.map((language) => language.code).sort());
    expect(catalogueProblems(catalogues)).toEqual([]);
    const keys = Object.keys(catalogues.get(chineseCode) ?? {});
    expect(keys.length).toBeGreaterThanOrEqual(45);
    expect(keys).toEqual(expect.arrayContaining(["previous", "next", "pageOf", "page", "magnifier", "language"]));
  });

  it("are translated: no catalogue but English repeats the English texts", () => {
    const english = catalogues.get("en") ?? {};
    for (const [code, catalogue] of catalogues) {
      if (code === "en") continue;
      const same = Object.keys(english).filter((key) => catalogue[key] === english[key]);
      // Short shared words (OK, Link, PDF names) may coincide; most labels may not.
      expect(same.length, `${code} repeats English for ${same.join(", ")}`).toBeLessThanOrEqual(4);
    }
  });

  it("report a missing key, a changed placeholder and an unknown key", () => {
    const broken = new Map(catalogues);
    const { previous: _dropped, ...french } = catalogues.get("fr") ?? {};
    broken.set("fr", { ...french, page: "Page", extra: "x" });
    expect(catalogueProblems(broken)).toEqual([
      "fr: previous missing",
      "fr: page placeholders differ",
      "fr: extra is not a zh-CN key",
    ]);
  });
});

describe("which catalogue answers", () => {
  it("matches exactly, then by the primary subtag, else falls back to Chinese", () => {
    expect(resolveInterfaceLanguage("en")).toEqual({ code: "en", fallback: false });
    expect(resolveInterfaceLanguage("zh-cn")).toEqual({ code: "zh-CN", fallback: false });
    expect(resolveInterfaceLanguage("en_GB")).toEqual({ code: "en", fallback: false });
    expect(resolveInterfaceLanguage("pt-BR")).toEqual({ code: "pt", fallback: false });
    expect(resolveInterfaceLanguage("zh-TW")).toEqual({ code: "zh-CN", fallback: false });
    expect(resolveInterfaceLanguage("")).toEqual({ code: "zh-CN", fallback: false });
    expect(resolveInterfaceLanguage("xx")).toEqual({ code: "zh-CN", fallback: true });
    expect(resolveInterfaceLanguage("tlh")).toEqual({ code: "zh-CN", fallback: true });
  });

  it("answers the catalogue with its direction", () => {
    expect(labelsFor(catalogues, "ar")).toMatchObject({ language: "ar", direction: "rtl", fallback: false });
    const english = labelsFor(catalogues, "en");
    expect(english.labels.pageOf).toBe("Page {page} of {total}");
    expect(english.direction).toBe("ltr");
    expect(labelsFor(catalogues, "xx")).toMatchObject({ language: "zh-CN", fallback: true });
    expect(labelsFor(catalogues, "xx").labels.next).toBe("下一页");
  });
});
