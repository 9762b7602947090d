import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { applyPrivacyChange, privacyView, publicPrivacy, unlocks } from "./book-privacy.js";

const change = (overrides = {}) => ({
  access: "password" as const,
  mode: "single" as const,
  hint: "the usual",
  fromPage: 3,
  password: "open sesame",
  users: [],
  ...overrides,
});

describe("book privacy", () => {
  it("stores a single password as a hash that unlocks with the password only", async () => {
    const stored = await applyPrivacyChange(publicPrivacy, change());
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain("open sesame");
    expect(await unlocks(stored, "", "open sesame")).toBe(true);
    expect(await unlocks(stored, "", "open sesamE")).toBe(false);
    expect(privacyView(stored, true)).toEqual({
      access: "password",
      mode: "single",
      hint: "the usual",
      fromPage: 3,
      hasPassword: true,
      userNames: [],
    });
  });

  it("keeps the stored password when a change omits it, and requires one at first", async () => {
    const stored = await applyPrivacyChange(publicPrivacy, change());
    const renamed = await applyPrivacyChange(stored, change({ password: "", hint: "new hint" }));
    expect(renamed.passwordHash).toBe(stored.passwordHash);
    await expect(applyPrivacyChange(publicPrivacy, change({ password: "" }))).rejects.toBeInstanceOf(DomainError);
    await expect(applyPrivacyChange(publicPrivacy, change({ fromPage: 0 }))).rejects.toThrow(/start page/);
  });

  it("unlocks per user in users mode; names are unique and need passwords", async () => {
    const stored = await applyPrivacyChange(
      publicPrivacy,
      change({
        mode: "users",
        users: [
          { name: "ana", password: "a1" },
          { name: "bo", password: "b2" },
        ],
      }),
    );
    expect(await unlocks(stored, "ana", "a1")).toBe(true);
    expect(await unlocks(stored, "bo", "a1")).toBe(false);
    expect(await unlocks(stored, "cy", "a1")).toBe(false);
    const kept = await applyPrivacyChange(stored, change({ mode: "users", users: [{ name: "ana", password: "" }] }));
    expect(await unlocks(kept, "ana", "a1")).toBe(true);
    await expect(
      applyPrivacyChange(
        publicPrivacy,
        change({
          mode: "users",
          users: [
            { name: "x", password: "1" },
            { name: "x", password: "2" },
          ],
        }),
      ),
    ).rejects.toThrow(/twice/);
    await expect(
      applyPrivacyChange(publicPrivacy, change({ mode: "users", users: [{ name: "x", password: "" }] })),
    ).rejects.toThrow(/password for x/);
  });

  it("opens public books without any password", async () => {
    expect(await unlocks(publicPrivacy, "", "")).toBe(true);
  });
});
