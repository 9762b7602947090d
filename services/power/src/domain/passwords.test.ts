import { describe, expect, it } from "vitest";
import { checkPasswordRules, defaultPasswordCost, hashPassword, passwordMatches } from "./passwords.js";

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

  it("hashes at the cost it is given and checks a stored hash at the cost it was made with", async () => {
    const light = { ...defaultPasswordCost, log2N: 10 };
    const lightHash = await hashPassword("correct horse", light);
    expect(lightHash).toMatch(/^scrypt\$10\$8\$1\$/);
    const defaultHash = await hashPassword("correct horse");
    // A deployment that lowers or raises the cost keeps every password set before.
    expect(await passwordMatches("correct horse", defaultHash, light)).toBe(true);
    expect(await passwordMatches("correct horse", lightHash)).toBe(true);
    expect(await passwordMatches("correct horsE", lightHash, light)).toBe(false);
    expect(await passwordMatches("correct horse", "", light)).toBe(false);
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
