import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import {
  applyPrivacyChange,
  passVersionOf,
  passVersions,
  privacyView,
  publicPrivacy,
  unlocks,
} from "./book-privacy.js";

const change = (overrides = {}) => ({
  access: "password" as const,
  mode: "single" as const,
  hint: "the usual",
  fromPage: 3,
  password: "open sesame",
  users: [],
  ...overrides,
});

const usersChange = (users: { name: string; password: string }[]) => change({ mode: "users", users });
const anaAndBo = () =>
  usersChange([
    { name: "ana", password: "ana-pass1" },
    { name: "bo", password: "bo-pass22" },
  ]);

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
      revision: 0,
    });
  });

  it("keeps the stored password when a change omits it, and requires one at first", async () => {
    const stored = await applyPrivacyChange(publicPrivacy, change());
    const renamed = await applyPrivacyChange(stored, change({ password: "", hint: "new hint" }));
    expect(renamed.passwordHash).toBe(stored.passwordHash);
    await expect(applyPrivacyChange(publicPrivacy, change({ password: "" }))).rejects.toBeInstanceOf(DomainError);
    await expect(applyPrivacyChange(publicPrivacy, change({ fromPage: 0 }))).rejects.toMatchObject({
      messageKey: "privacy.fromPage",
    });
  });

  it("unlocks per user in users mode; names are unique and need passwords", async () => {
    const stored = await applyPrivacyChange(publicPrivacy, anaAndBo());
    expect(await unlocks(stored, "ana", "ana-pass1")).toBe(true);
    expect(await unlocks(stored, "bo", "ana-pass1")).toBe(false);
    expect(await unlocks(stored, "cy", "ana-pass1")).toBe(false);
    const kept = await applyPrivacyChange(stored, usersChange([{ name: "ana", password: "" }]));
    expect(await unlocks(kept, "ana", "ana-pass1")).toBe(true);
    await expect(
      applyPrivacyChange(
        publicPrivacy,
        usersChange([
          { name: "x", password: "pass-one" },
          { name: "x", password: "pass-two" },
        ]),
      ),
    ).rejects.toMatchObject({ messageKey: "privacy.userTwice" });
    await expect(applyPrivacyChange(publicPrivacy, usersChange([{ name: "x", password: "" }]))).rejects.toMatchObject({
      messageKey: "privacy.userPasswordRequired",
      messageParams: { name: "x" },
    });
  });

  it("opens public books without any password", async () => {
    expect(await unlocks(publicPrivacy, "", "")).toBe(true);
  });

  it("refuses a new password shorter than 6 characters, single or per user; a kept one is not checked again", async () => {
    await expect(applyPrivacyChange(publicPrivacy, change({ password: "12345" }))).rejects.toMatchObject({
      messageKey: "privacy.passwordTooShort",
      messageParams: { min: 6 },
    });
    await expect(
      applyPrivacyChange(publicPrivacy, usersChange([{ name: "ana", password: "1" }])),
    ).rejects.toMatchObject({ messageKey: "privacy.passwordTooShort", messageParams: { min: 6 } });
    const stored = await applyPrivacyChange(publicPrivacy, change({ password: "123456" }));
    await expect(applyPrivacyChange(stored, change({ password: "" }))).resolves.toMatchObject({ access: "password" });
  });

  it("gives each password and each user a pass version that a change or a removal voids", async () => {
    const single = await applyPrivacyChange(publicPrivacy, change());
    const version = passVersionOf(single, "");
    expect(passVersions(single)).toEqual([version]);
    const renewed = await applyPrivacyChange(single, change({ password: "open sesame" }));
    expect(passVersions(renewed)).not.toContain(version);
    expect(passVersions(await applyPrivacyChange(single, change({ hint: "other", password: "" })))).toEqual([version]);
    expect(passVersions(publicPrivacy)).toEqual([]);
    const users = await applyPrivacyChange(publicPrivacy, anaAndBo());
    const ana = passVersionOf(users, "ana");
    expect(passVersions(users)).toEqual([ana, passVersionOf(users, "bo")]);
    const withoutAna = await applyPrivacyChange(users, usersChange([{ name: "bo", password: "" }]));
    expect(passVersions(withoutAna)).toEqual([passVersionOf(users, "bo")]);
  });
});
