import { messageArguments } from "@turnleaf/resource-files/message-format";
import { describe, expect, it } from "vitest";
import { labelDirectories, loadLabelCatalogues, loadLabelScopes } from "../data/label-files.js";
import { interfaceLanguages } from "./interface-languages.js";
import { catalogueProblems, type LabelScope, labelScopes, labelsFor, resolveInterfaceLanguage } from "./labels.js";

const scopes = loadLabelScopes();
const codes = interfaceLanguages.map((language) => String(language.code));

function scope(name: LabelScope) {
  const catalogues = scopes.get(name);
  if (!catalogues) throw new Error(`no ${name} scope`);
  return catalogues;
}

/** The arguments a text uses, read as ICU MessageFormat (`{count, plural, …}` uses `count`). */
function placeholders(text: string): string[] {
  return messageArguments(text);
}

describe("label catalogues", () => {
  it.each(labelScopes)("%s: every language has exactly the English keys, placeholders and no empty text", (name) => {
    const catalogues = scope(name);
    expect([...catalogues.keys()].sort()).toEqual([...codes].sort());
    const english = catalogues.get("en") ?? {};
    for (const code of codes) {
      const catalogue = catalogues.get(code) ?? {};
      expect(Object.keys(catalogue).sort(), code).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${name} ${code} ${key}`).not.toBe("");
        expect(placeholders(text), `${name} ${code} ${key}`).toEqual(placeholders(english[key] ?? ""));
      }
    }
    expect(catalogueProblems(catalogues)).toEqual([]);
  });

  it("hold the reader's labels and the editor's own texts apart", () => {
    const reader = Object.keys(scope("reader").get("en") ?? {});
    const editor = Object.keys(scope("editor").get("en") ?? {});
    expect(reader.length).toBeGreaterThanOrEqual(45);
    expect(reader).toEqual(expect.arrayContaining(["previous", "next", "pageOf", "page", "magnifier", "language"]));
    expect(editor.length).toBeGreaterThanOrEqual(200);
    expect(editor).toEqual(expect.arrayContaining(["titleUpload", "firstStep", "compressing", "assistantCan"]));
    // The onboarding guide's fourteen steps (web/editor/src/guide/guide.ts), one text each.
    const guideSteps = [
      ...["Assistant", "Basic", "Template", "Theme", "Scene", "Functions", "Settings"],
      ...["Catalog", "Bookmark", "Languages", "Config", "Media", "FlipMode", "SavePreview"],
    ];
    expect(editor).toEqual(expect.arrayContaining(guideSteps.map((step) => `guideStep${step}`)));
    expect(editor).not.toContain("pageOf");
  });

  it.each(labelScopes)("%s: are translated, no catalogue but English repeating most English texts", (name) => {
    const catalogues = scope(name);
    const english = catalogues.get("en") ?? {};
    // Short shared words (OK, PC, Design, Position, normal) may coincide; a few per hundred labels at most.
    const allowed = Math.max(4, Math.floor(Object.keys(english).length * 0.06));
    for (const [code, catalogue] of catalogues) {
      if (code === "en") continue;
      const same = Object.keys(english).filter((key) => catalogue[key] === english[key]);
      expect(same.length, `${name} ${code} repeats English for ${same.join(", ")}`).toBeLessThanOrEqual(allowed);
    }
  });

  it("keep the spec's texts in the editor's Chinese and English", () => {
    const editor = scope("editor");
    expect(editor.get("zh-CN")).toMatchObject({
      titleUpload: "请上传文件",
      titleConvert: "图书创建",
      titleEditor: "图书编辑",
      firstStep: "当前已是初始状态",
      lastStep: "当前已是最新状态",
      compressing: "压缩中...",
    });
    expect(editor.get("en")).toMatchObject({
      titleUpload: "please upload a file",
      titleConvert: "book creation",
      titleEditor: "book edit",
      firstStep: "current is initial state",
      lastStep: "current is latest state",
      compressing: "compressing...",
      compressFailed: "compression failed",
      compressCancelled: "compression cancelled",
      contactSupport: "contact support",
      copySuccess: "copy success",
    });
  });

  it("report a missing key, a changed placeholder and an unknown key", () => {
    const broken = new Map(scope("reader"));
    const { previous: _dropped, ...french } = broken.get("fr") ?? {};
    broken.set("fr", { ...french, page: "Page", extra: "x" });
    expect(catalogueProblems(broken)).toEqual([
      "fr: previous missing",
      "fr: page placeholders differ",
      "fr: extra is not an en key",
    ]);
  });

  it("read texts as ICU MessageFormat: a plural's count is its placeholder, a text that does not parse is reported", () => {
    const catalogues = new Map(scope("reader"));
    const english = catalogues.get("en") ?? {};
    catalogues.set("en", { ...english, page: "{page, plural, one {page {page}} other {page {page}}}" });
    expect(catalogueProblems(catalogues)).toEqual([]);
    const french = catalogues.get("fr") ?? {};
    catalogues.set("fr", { ...french, page: "Page {page" });
    expect(catalogueProblems(catalogues)).toEqual(["fr: page is not valid ICU MessageFormat"]);
  });

  it("load a scope's directory on its own", () => {
    expect(loadLabelCatalogues(labelDirectories.editor).get("de")?.titleEditor).toBe("Buch bearbeiten");
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

  it("answers the catalogue of the scope with its direction; the reader's when no scope is named", () => {
    expect(labelsFor(scopes, "ar")).toMatchObject({ language: "ar", direction: "rtl", fallback: false });
    const english = labelsFor(scopes, "en");
    expect(english.scope).toBe("reader");
    expect(english.labels.pageOf).toBe("Page {page} of {total}");
    expect(english.direction).toBe("ltr");
    expect(labelsFor(scopes, "xx")).toMatchObject({ language: "zh-CN", fallback: true });
    expect(labelsFor(scopes, "xx").labels.next).toBe("下一页");
    const german = labelsFor(scopes, "de-AT", "editor");
    expect(german).toMatchObject({ language: "de", scope: "editor", direction: "ltr" });
    expect(german.labels.titleUpload).toBe("bitte laden Sie eine Datei hoch");
    expect(german.labels.pageOf).toBeUndefined();
    expect(labelsFor(scopes, "ar", "Editor")).toMatchObject({ language: "ar", scope: "editor", direction: "rtl" });
    expect(labelsFor(scopes, "ar", "editor").labels.titleEditor).toBe("تحرير الكتاب");
  });

  it("refuses an unknown scope and an over-long tag", () => {
    expect(() => labelsFor(scopes, "en", "admin")).toThrow(
      expect.objectContaining({ messageKey: "field.unknownValue", messageParams: { field: "scope", value: "admin" } }),
    );
    expect(() => labelsFor(scopes, "x".repeat(65), "editor")).toThrow(
      expect.objectContaining({ messageKey: "textTooLong", messageParams: { field: "lang", max: 64 } }),
    );
  });
});
