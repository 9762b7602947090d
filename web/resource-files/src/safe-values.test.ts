import { describe, expect, it } from "vitest";
import {
  isSafeContentLink,
  isSafeLink,
  jsonNestingDepth,
  normaliseText,
  parseBoundedJson,
  stringsIn,
  valueDepth,
} from "./safe-values.js";

describe("normaliseText", () => {
  it("removes NUL, other controls and the bidi embedding, override and isolate characters", () => {
    expect(normaliseText("a\u0000b\u0007c\u007f\u0085d")).toBe("abcd");
    expect(normaliseText("\u202eevil\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069txt")).toBe("eviltxt");
  });

  it("keeps line feeds only in multi-line texts, and the marks and joiners scripts need", () => {
    expect(normaliseText("one\r\ntwo\rthree\tfour")).toBe("one two three four");
    expect(normaliseText("one\r\ntwo", { multiline: true })).toBe("one\ntwo");
    expect(normaliseText("שלום\u200f עולם 👩\u200d💻")).toBe("שלום\u200f עולם 👩\u200d💻");
  });
});

describe("isSafeLink", () => {
  it.each([
    "https://example.com/a.png",
    "http://example.com",
    "/resourceFiles/backgrounds/a.png",
    "files/bg.jpg",
    "bg.jpg?v=2",
    "",
  ])("accepts %j", (link) => expect(isSafeLink(link)).toBe(true));

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1).png",
    "java\tscript:alert(1)",
    "data:image/png;base64,AAAA",
    "vbscript:msgbox",
    "file:///etc/passwd",
    "blob:https://x/1",
    "//evil.example/a.png",
    "https://",
    "/a/../../etc.png",
    "a\\b.png",
    "a:b/c.png",
  ])("refuses %j", (link) => expect(isSafeLink(link)).toBe(false));

  it("lets content links be mailto: too, never javascript:", () => {
    expect(isSafeContentLink("mailto:a@example.com")).toBe(true);
    expect(isSafeContentLink("mailto:")).toBe(false);
    expect(isSafeContentLink("javascript:alert(1)")).toBe(false);
  });
});

describe("bounded JSON", () => {
  const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

  it("counts nesting without parsing, skipping brackets inside strings", () => {
    expect(jsonNestingDepth('{"a":[1,{"b":"[[[{{"}]}')).toBe(3);
    expect(jsonNestingDepth('"\\"[["')).toBe(0);
  });

  it("refuses a 10,000-deep document before JSON.parse, and answers broken and oversized texts apart", () => {
    expect(parseBoundedJson(deep(10_000))).toEqual({ ok: false, reason: "tooDeep" });
    expect(parseBoundedJson(deep(16))).toMatchObject({ ok: true });
    expect(parseBoundedJson("{broken")).toEqual({ ok: false, reason: "invalidJson" });
    expect(parseBoundedJson("[1]", { maxDepth: 4, maxLength: 2 })).toEqual({ ok: false, reason: "tooLarge" });
  });

  it("measures parsed values and lists their strings iteratively", () => {
    expect(valueDepth(JSON.parse(deep(5000)))).toBe(5000);
    expect(stringsIn({ a: ["x", { b: "y" }], c: 1 }).sort((l, r) => l.path.localeCompare(r.path))).toEqual([
      { path: "a[0]", text: "x" },
      { path: "a[1].b", text: "y" },
    ]);
  });
});
