import { DomainError } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import type { LicenceFacts } from "./licence-rules.js";
import {
  checkIssueOrder,
  checkRegistrable,
  checkReleasable,
  freeSlot,
  licenceAnswerFor,
  licenceCodeHash,
  licenceStateAt,
} from "./licence-rules.js";

const now = new Date("2026-06-01T00:00:00.000Z");
const licence = (overrides: Partial<LicenceFacts> = {}): LicenceFacts => ({
  id: "lic_1",
  plan: "pro",
  expiresAt: null,
  maxActivations: 2,
  status: "active",
  ...overrides,
});

function restCodeOf(action: () => void): string | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.restCode;
    throw error;
  }
  return undefined;
}

describe("licence state", () => {
  it("is derived at the time of asking; revocation wins over expiry", () => {
    expect(licenceStateAt(licence(), now)).toBe("active");
    expect(licenceStateAt(licence({ expiresAt: new Date(now.getTime() + 1) }), now)).toBe("active");
    expect(licenceStateAt(licence({ expiresAt: now }), now)).toBe("expired");
    expect(licenceStateAt(licence({ expiresAt: now, status: "revoked" }), now)).toBe("revoked");
  });
});

describe("the registration rule chain", () => {
  const anyone = { boundAccountId: undefined, callerAccountId: "" };
  it("answers 403 revoked before 407 expired before 406 bound elsewhere", () => {
    const past = new Date(now.getTime() - 1);
    const boundElsewhere = { boundAccountId: "1", callerAccountId: "2" };
    expect(
      restCodeOf(() => checkRegistrable(licence({ status: "revoked", expiresAt: past }), boundElsewhere, now)),
    ).toBe("403");
    expect(restCodeOf(() => checkRegistrable(licence({ expiresAt: past }), boundElsewhere, now))).toBe("407");
    expect(restCodeOf(() => checkRegistrable(licence(), boundElsewhere, now))).toBe("406");
    expect(restCodeOf(() => checkRegistrable(licence(), anyone, now))).toBeUndefined();
  });

  it("lets only the owning account register a bound licence: without a session, 406 (issue 16)", () => {
    expect(
      restCodeOf(() => checkRegistrable(licence(), { boundAccountId: "1", callerAccountId: "1" }, now)),
    ).toBeUndefined();
    expect(restCodeOf(() => checkRegistrable(licence(), { boundAccountId: "1", callerAccountId: "" }, now))).toBe(
      "406",
    );
  });

  it("lets a terminal release its own activation, and another one only the bound account (or anyone if unbound)", () => {
    const bound = { boundAccountId: "1", callerAccountId: "2" };
    expect(restCodeOf(() => checkReleasable({ ownTerminal: true }, bound))).toBeUndefined();
    expect(restCodeOf(() => checkReleasable({ ownTerminal: false }, bound))).toBe("406");
    expect(restCodeOf(() => checkReleasable({ ownTerminal: false }, { ...bound, callerAccountId: "" }))).toBe("406");
    expect(
      restCodeOf(() => checkReleasable({ ownTerminal: false }, { ...bound, callerAccountId: "1" })),
    ).toBeUndefined();
    expect(
      restCodeOf(() => checkReleasable({ ownTerminal: false }, { boundAccountId: undefined, callerAccountId: "" })),
    ).toBeUndefined();
  });
});

describe("slots", () => {
  it("gives the lowest free slot below the limit", () => {
    expect(freeSlot(3, [])).toBe(0);
    expect(freeSlot(3, [{ slot: 0 }, { slot: 2 }])).toBe(1);
    expect(freeSlot(3, [{ slot: 0 }, { slot: 1 }, { slot: 2 }])).toBeUndefined();
  });
});

describe("issue orders", () => {
  it("refuse bad plans, activation counts and past expiries with 401", () => {
    expect(restCodeOf(() => checkIssueOrder({ plan: "pro", maxActivations: 1, expiresAt: null }, now))).toBeUndefined();
    expect(restCodeOf(() => checkIssueOrder({ plan: "", maxActivations: 1, expiresAt: null }, now))).toBe("401");
    expect(restCodeOf(() => checkIssueOrder({ plan: "pro", maxActivations: 1001, expiresAt: null }, now))).toBe("401");
    expect(restCodeOf(() => checkIssueOrder({ plan: "pro", maxActivations: 1.5, expiresAt: null }, now))).toBe("401");
    expect(restCodeOf(() => checkIssueOrder({ plan: "pro", maxActivations: 1, expiresAt: now }, now))).toBe("401");
  });
});

describe("codes at rest", () => {
  it("hash with the pepper: another pepper, another hash", () => {
    const code = "ABCDE-FGHJK-MNPQR-STVWX-YZ012";
    expect(licenceCodeHash(code, "pepper-one")).toMatch(/^[0-9a-f]{64}$/);
    expect(licenceCodeHash(code, "pepper-one")).not.toBe(licenceCodeHash(code, "pepper-two"));
  });
});

describe("the answer", () => {
  it("binds terminal and nonce, expires after its own TTL and carries the licence state", () => {
    const answer = licenceAnswerFor({
      licence: licence({ expiresAt: new Date("2027-01-01T00:00:00.000Z") }),
      activation: undefined,
      terminalCode: "T1-a",
      nonce: "n",
      channel: "offline",
      now,
      answerTtlDays: 90,
    });
    expect(answer).toMatchObject({
      serverTime: now.toISOString(),
      nonce: "n",
      terminalCode: "T1-a",
      validUntil: "2026-08-30T00:00:00.000Z",
      activation: null,
      licence: { state: "active", expiresAt: "2027-01-01T00:00:00.000Z", edition: "registered" },
    });
  });
});
