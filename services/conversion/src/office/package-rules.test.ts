import { describe, expect, it } from "vitest";
import { isExternalReference, isPostScript, looksLikeMarkup, markupProblem, markupText } from "./package-rules.js";

describe("isExternalReference", () => {
  it("keeps references inside the package and anchors", () => {
    for (const inside of ["Pictures/a.png", "./Object 1", "#Slide 2", "media/image1.png", "data:image/png;base64,AA"]) {
      expect(isExternalReference(inside)).toBe(false);
    }
  });

  it("refuses schemes, roots, parent folders, and their encoded spellings", () => {
    for (const outside of [
      "file:///etc/passwd",
      "FILE:/etc/passwd",
      "&#102;ile:///etc/passwd",
      "http://example.com/a.png",
      "/etc/passwd",
      "\\\\host\\share\\a.png",
      "../../etc/passwd",
      "Pictures/%2e%2e/%2e%2e/secret.png",
      "vnd.sun.star.expand:$BRAND_BASE_DIR/a.png",
    ]) {
      expect(isExternalReference(outside), outside).toBe(true);
    }
  });
});

describe("markupProblem", () => {
  it("refuses a picture, object or section loaded from outside, but keeps hyperlinks", () => {
    expect(markupProblem('<draw:image xlink:href="file:///usr/share/a.png"/>')).toContain("file:///usr/share/a.png");
    expect(markupProblem('<draw:image title="a>b" xlink:href="file:///a.png"/>')).toBeDefined();
    expect(markupProblem('<text:section-source xlink:href="../other.odt"/>')).toBeDefined();
    expect(markupProblem('<text:a xlink:href="https://example.com/">link</text:a>')).toBeUndefined();
    expect(markupProblem('<draw:image xlink:href="Pictures/a.png"/>')).toBeUndefined();
  });

  it("refuses external OOXML relationships other than hyperlinks", () => {
    const relationship = (type: string) =>
      `<Relationship Id="r1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="file:///a" TargetMode="External"/>`;
    expect(markupProblem(relationship("image"))).toBeDefined();
    expect(markupProblem(relationship("oleObject"))).toBeDefined();
    expect(markupProblem(relationship("hyperlink"))).toBeUndefined();
  });

  it("refuses fields that include files, DDE links and document type declarations", () => {
    expect(markupProblem('<w:instrText> INCLUDEPICTURE "file:///a.png" </w:instrText>')).toBeDefined();
    expect(markupProblem("<w:instrText> INCLUDE</w:instrText><w:instrText>PICTURE x </w:instrText>")).toBeDefined();
    expect(markupProblem('<w:fldSimple w:instr=" INCLUDETEXT &quot;c:\\a.docx&quot; "/>')).toBeDefined();
    expect(markupProblem('<w:instrText> HYPERLINK "https://example.com/" </w:instrText>')).toBeUndefined();
    expect(markupProblem('<text:dde-connection-decl office:dde-application="x"/>')).toBeDefined();
    expect(markupProblem('<!DOCTYPE x [<!ENTITY e "file:///a">]><x/>')).toBeDefined();
  });
});

describe("markupText and isPostScript", () => {
  it("reads UTF-16 markup with its byte order mark, so it cannot hide from the rules", () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<draw:image xlink:href="file:///a"/>', "utf16le"),
    ]);
    expect(markupProblem(markupText(utf16) ?? "")).toBeDefined();
    expect(markupText(Buffer.from("a\u0000b"))).toBeUndefined();
  });

  it("knows markup by its bytes whatever its name (an SVG named .png is read as SVG)", () => {
    expect(looksLikeMarkup(Buffer.from('\n  <svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
    expect(looksLikeMarkup(Buffer.from("\uFEFF<?xml version='1.0'?><svg/>"))).toBe(true);
    expect(looksLikeMarkup(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });

  it("knows EPS by its bytes whatever its name", () => {
    expect(isPostScript("Pictures/a.png", Buffer.from("%!PS-Adobe-3.0 EPSF-3.0"))).toBe(true);
    expect(isPostScript("Pictures/a.bin", Buffer.from([0xc5, 0xd0, 0xd3, 0xc6, 0]))).toBe(true);
    expect(isPostScript("Pictures/a.png", Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});
