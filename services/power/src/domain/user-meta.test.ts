import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { applyUserMeta, bookLogoOf, defaultUserMeta, thirdIdentityOf, userMetaOf } from "./user-meta.js";

function refusalField(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.details?.field;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("user meta", () => {
  it("maps render type 3 or 4 to 2 and keeps 1, 2 and 5", () => {
    expect(applyUserMeta(defaultUserMeta, { cb_renderType: 3 }).cb_renderType).toBe(2);
    expect(applyUserMeta(defaultUserMeta, { cb_renderType: "4" }).cb_renderType).toBe(2);
    expect(applyUserMeta(defaultUserMeta, { cb_renderType: 5 }).cb_renderType).toBe(5);
    expect(userMetaOf({ cb_renderType: 4 }).cb_renderType).toBe(2);
  });

  it("merges pdfImportConfig changes and parses booleans as yes/show/true", () => {
    const next = applyUserMeta(defaultUserMeta, {
      pdfImportConfig: { importTOC: "no", r: "1,5-8,20" },
      cb_autoCreate: "yes",
    });
    expect(next.pdfImportConfig).toMatchObject({ importTOC: false, importSearch: true, r: "1,5-8,20" });
    expect(next.cb_autoCreate).toBe(true);
  });

  it("refuses unknown keys, values outside the enumerations and bad page ranges", () => {
    expect(refusalField(() => applyUserMeta(defaultUserMeta, { nope: 1 }))).toBe("nope");
    expect(refusalField(() => applyUserMeta(defaultUserMeta, { cb_cutType: 7 }))).toBe("cb_cutType");
    expect(refusalField(() => applyUserMeta(defaultUserMeta, { cb_qualityDpi: "x" }))).toBe("cb_qualityDpi");
    expect(refusalField(() => applyUserMeta(defaultUserMeta, { pdfImportConfig: { r: "1-" } }))).toBe(
      "pdfImportConfig.r",
    );
  });

  it("accepts http(s) and site paths as logos, nothing else", () => {
    expect(bookLogoOf(" https://cdn.example.com/logo.png ")).toBe("https://cdn.example.com/logo.png");
    expect(bookLogoOf("/files/u1/logo.png")).toBe("/files/u1/logo.png");
    expect(bookLogoOf("")).toBe("");
    expect(refusalField(() => bookLogoOf("javascript:alert(1)"))).toBe("logo");
    expect(refusalField(() => bookLogoOf("//evil.example/x.png"))).toBe("logo");
  });

  it("normalises third-party identities", () => {
    expect(thirdIdentityOf("WeChat", " abc ")).toEqual({ provider: "wechat", subject: "abc" });
    expect(refusalField(() => thirdIdentityOf("x", "abc"))).toBe("provider");
    expect(refusalField(() => thirdIdentityOf("google", "a b"))).toBe("subject");
  });
});
