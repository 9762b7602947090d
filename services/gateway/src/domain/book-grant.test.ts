import { describe, expect, it } from "vitest";
import { assetLocked, grantValid, issueGrant } from "./book-grant.js";

const secret = "a-secret-of-at-least-thirty-two-characters";

describe("reader grants", () => {
  it("hold for their book until they expire, and not when forged", () => {
    const token = issueGrant(secret, "b1", "v1", 1_000);
    expect(grantValid(secret, "b1", token, 1_001, ["v1"])).toBe(true);
    expect(grantValid(secret, "b2", token, 1_001, ["v1"])).toBe(false);
    expect(grantValid(secret, "b1", token, 1_000 + 12 * 3600, ["v1"])).toBe(false);
    expect(grantValid("another-secret-of-thirty-two-characters!!", "b1", token, 1_001, ["v1"])).toBe(false);
    const [expiry, version, signature] = token.split(".");
    expect(grantValid(secret, "b1", `${Number(expiry) + 3600}.${version}.${signature}`, 1_001, ["v1"])).toBe(false);
    expect(grantValid(secret, "b1", undefined, 1_001, ["v1"])).toBe(false);
  });

  it("hold only while the book accepts their pass version (password changed, user removed: void)", () => {
    const token = issueGrant(secret, "b1", "v1", 1_000);
    expect(grantValid(secret, "b1", token, 1_001, ["v2"])).toBe(false);
    expect(grantValid(secret, "b1", token, 1_001, [])).toBe(false);
    const [expiry, , signature] = token.split(".");
    expect(grantValid(secret, "b1", `${expiry}.v2.${signature}`, 1_001, ["v2"])).toBe(false);
    expect(grantValid(secret, "b1", `${expiry}..${signature}`, 1_001, [""])).toBe(false);
  });

  it("cover the protected pages' pictures, text and the search index only", () => {
    const lock = { mode: "single" as const, hint: "", fromPage: 3 };
    expect(assetLocked(lock, "pages/2/800.webp")).toBe(false);
    expect(assetLocked(lock, "pages/3/800.webp")).toBe(true);
    expect(assetLocked(lock, "thumbs/12.webp")).toBe(true);
    expect(assetLocked(lock, "text/4.json")).toBe(true);
    expect(assetLocked(lock, "search.json")).toBe(true);
    expect(assetLocked(lock, "search-ocr.json")).toBe(true);
    expect(assetLocked(null, "search.json")).toBe(false);
  });
});
