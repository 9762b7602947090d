import { describe, expect, it } from "vitest";
import {
  idleExpiry,
  isEmail,
  loginFailureKey,
  newSessionClocks,
  newSessionToken,
  normaliseEmail,
  sessionTokenHash,
  sessionTokenPattern,
  sessionVerdict,
} from "./sessions.js";

const hour = 3_600_000;
const lifetimes = { idleMs: 12 * hour, absoluteMs: 7 * 24 * hour };
const start = new Date("2026-01-05T08:00:00Z");
const at = (hours: number) => new Date(start.getTime() + hours * hour);

describe("session tokens", () => {
  it("are 256 random bits in base64url, stored as their SHA-256", () => {
    const token = newSessionToken();
    expect(token).toMatch(sessionTokenPattern);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(newSessionToken()).not.toBe(token);
    expect(sessionTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionTokenHash(token)).toBe(sessionTokenHash(token));
  });
});

describe("session expiry", () => {
  const clocks = newSessionClocks(start, lifetimes);

  it("is live until the idle period passes without use", () => {
    expect(sessionVerdict(clocks, lifetimes, at(11.9))).toBe("live");
    expect(sessionVerdict(clocks, lifetimes, at(12))).toBe("idle-expired");
    expect(idleExpiry(clocks, lifetimes)).toEqual(at(12));
  });

  it("ends at the absolute expiry however recently used", () => {
    const used = { ...clocks, lastSeenAt: at(7 * 24 - 1) };
    expect(sessionVerdict(used, lifetimes, at(7 * 24 - 0.5))).toBe("live");
    expect(sessionVerdict(used, lifetimes, at(7 * 24))).toBe("expired");
    expect(idleExpiry(used, lifetimes)).toEqual(at(7 * 24));
  });
});

describe("emails and the failure key", () => {
  it("normalises and checks emails", () => {
    expect(normaliseEmail("  Ana@Example.COM ")).toBe("ana@example.com");
    expect(isEmail("ana@example.com")).toBe(true);
    expect(isEmail("ana@example")).toBe(false);
    expect(isEmail("ana example@x.org")).toBe(false);
  });

  it("keys failures on email and address together, without storing either", () => {
    const key = loginFailureKey("Ana@example.com", "10.0.0.1");
    expect(key).toBe(loginFailureKey("ana@example.com", "10.0.0.1"));
    expect(key).not.toBe(loginFailureKey("ana@example.com", "10.0.0.2"));
    expect(key).not.toContain("ana");
  });
});
