import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import {
  canonicalCode,
  defaultBookLanguages,
  deleteBookLanguage,
  normaliseBookLanguages,
  storedBookLanguages,
} from "./book-languages.js";

function refusal(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const defaults = (languages: { isDefault: boolean; code: string }[]) =>
  languages.filter((language) => language.isDefault).map((language) => language.code);

describe("the default set", () => {
  it("is Chinese, checked and default", () => {
    expect(defaultBookLanguages()).toEqual([{ code: "zh-CN", name: "中文", checked: true, isDefault: true }]);
  });
});

describe("saving languages", () => {
  it("makes the first checked language the default and no other", () => {
    const saved = normaliseBookLanguages([
      { code: "en", checked: false },
      { code: "fr", checked: true },
      { code: "zh-CN", checked: true },
      { code: "ja" },
    ]);
    expect(saved.map(({ code, checked, isDefault }) => [code, checked, isDefault])).toEqual([
      ["en", false, false],
      ["fr", true, true],
      ["zh-CN", true, false],
      ["ja", true, false],
    ]);
  });

  it("derives the default: a client's isDefault has no say", () => {
    const saved = normaliseBookLanguages([
      { code: "de", checked: true, isDefault: false } as never,
      { code: "zh-CN", checked: true, isDefault: true } as never,
    ]);
    expect(defaults(saved)).toEqual(["de"]);
  });

  it("canonicalises codes, trims names and names unnamed languages natively", () => {
    const saved = normaliseBookLanguages([
      { code: "ZH-cn", name: "  简体中文 " },
      { code: "AR", name: "" },
    ]);
    expect(saved).toEqual([
      { code: "zh-CN", name: "简体中文", checked: true, isDefault: true },
      { code: "ar", name: "العربية", checked: true, isDefault: false },
    ]);
  });

  it("keeps Chinese: a list without it gets it unchecked at the end", () => {
    const saved = normaliseBookLanguages([{ code: "en" }]);
    expect(saved.map(({ code, checked, isDefault }) => [code, checked, isDefault])).toEqual([
      ["en", true, true],
      ["zh-CN", false, false],
    ]);
  });

  it("refuses unknown, repeated and missing codes, no checked language, long names and too many entries", () => {
    expect(refusal(() => normaliseBookLanguages([{ code: "xx" }])).message).toBe("language.unknownCode (code=xx)");
    expect(refusal(() => normaliseBookLanguages([{ code: " " }])).messageKey).toBe("language.codeMissing");
    expect(refusal(() => normaliseBookLanguages([{ code: "en" }, { code: "EN" }])).messageParams).toEqual({
      code: "en",
    });
    expect(refusal(() => normaliseBookLanguages([])).messageKey).toBe("language.chooseOne");
    expect(refusal(() => normaliseBookLanguages([{ code: "en", checked: false }])).messageKey).toBe(
      "language.selectOne",
    );
    expect(refusal(() => normaliseBookLanguages([{ code: "en", name: "e".repeat(41) }])).kind).toBe("INVALID_ARGUMENT");
    const thirteen = Array.from({ length: 13 }, () => ({ code: "en" }));
    expect(refusal(() => normaliseBookLanguages(thirteen)).messageParams).toEqual({ max: 12 });
  });

  it("accepts all twelve interface languages at once", () => {
    const codes = ["zh-CN", "en", "ja", "hi", "fr", "ar", "de", "ko", "pt", "ro", "es", "th"];
    const saved = normaliseBookLanguages(codes.map((code) => ({ code })));
    expect(saved.map((language) => language.code)).toEqual(codes);
    expect(defaults(saved)).toEqual(["zh-CN"]);
  });
});

describe("deleting a language", () => {
  const book = normaliseBookLanguages([{ code: "en" }, { code: "fr", checked: false }, { code: "zh-CN" }]);

  it("moves the default to the next checked language", () => {
    const left = deleteBookLanguage(book, "EN");
    expect(left.map(({ code, isDefault }) => [code, isDefault])).toEqual([
      ["fr", false],
      ["zh-CN", true],
    ]);
  });

  it("checks Chinese again when no checked language remains", () => {
    const onlyEnglish = normaliseBookLanguages([{ code: "en" }]);
    expect(deleteBookLanguage(onlyEnglish, "en")).toEqual(defaultBookLanguages());
  });

  it("never removes Chinese, refuses unknown codes and ignores languages the book lacks", () => {
    expect(refusal(() => deleteBookLanguage(book, "zh-cn")).kind).toBe("FAILED_PRECONDITION");
    expect(refusal(() => deleteBookLanguage(book, "klingon")).messageKey).toBe("language.unknownCode");
    expect(deleteBookLanguage(book, "ja")).toEqual(book);
  });
});

describe("stored languages read back", () => {
  it("answer the default set when nothing or something broken is stored", () => {
    expect(storedBookLanguages(undefined)).toEqual(defaultBookLanguages());
    expect(storedBookLanguages([])).toEqual(defaultBookLanguages());
    expect(storedBookLanguages([{ code: "xx", name: "x", checked: true, isDefault: true }])).toEqual(
      defaultBookLanguages(),
    );
  });

  it("re-apply the default rule", () => {
    const stored = [
      { code: "en", name: "English", checked: true, isDefault: false },
      { code: "zh-CN", name: "中文", checked: true, isDefault: true },
    ];
    expect(defaults(storedBookLanguages(stored))).toEqual(["en"]);
  });
});

describe("codes", () => {
  it("are the twelve interface languages in any letter case", () => {
    expect(canonicalCode("zh-cn")).toBe("zh-CN");
    expect(canonicalCode(" Th ")).toBe("th");
    expect(canonicalCode("zh")).toBeUndefined();
    expect(canonicalCode("en-US")).toBeUndefined();
  });
});
