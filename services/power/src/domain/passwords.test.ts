import { describe, expect, it } from "vitest";
import { checkPasswordRules, hashPassword, passwordMatches } from "./passwords.js";

describe("account passwords", () => {
  it("hashes with scrypt and a salt of its own per hash", async () => {
    const first = await hashPassword("correct horse");
    const second = await hashPassword("correct horse");
    expect(first).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("correct horse");
  });

  it("matches the right password only", async () => {
    const stored = await hashPassword("correct horse");
    expect(await passwordMatches("correct horse", stored)).toBe(true);
    expect(await passwordMatches("correct horsE", stored)).toBe(false);
    expect(await passwordMatches("", stored)).toBe(false);
  });

  it("never matches an empty or malformed hash", async () => {
    expect(await passwordMatches("anything", "")).toBe(false);
    expect(await passwordMatches("anything", "scrypt$1$2")).toBe(false);
    expect(await passwordMatches("anything", "scrypt$99$8$1$c2FsdA$aGFzaA")).toBe(false);
  });

  it("asks for 8 to 128 characters", () => {
    expect(() => checkPasswordRules("short")).toThrow(
      expect.objectContaining({ messageKey: "passwordLength", messageParams: { min: 8, max: 128 } }),
    );
    expect(() => checkPasswordRules("x".repeat(129))).toThrow(
      expect.objectContaining({ messageKey: "passwordLength" }),
    );
    expect(checkPasswordRules("long enough")).toBe("long enough");
  });
});
