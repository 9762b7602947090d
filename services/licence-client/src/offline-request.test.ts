import { describe, expect, it } from "vitest";
import { createNonce, createOfflineRequest, parseOfflineRequest } from "./offline-request.js";

describe("an offline request file", () => {
  const request = {
    licenceCode: "ABCDE-FGHJK-MNPQR-STVWX-YZ012",
    terminalCode: "T1-aaaaaaaaaaaa-bbbbbbbbbbbb-cccccccccccc-dddddddddddd",
    nonce: createNonce(),
    terminalLabel: "studio-pc",
    createdAt: "2026-03-01T10:00:00.000Z",
  };

  it("round-trips through its one-line versioned text", () => {
    const text = createOfflineRequest(request);
    expect(text).toMatch(/^TLREQ1\.[A-Za-z0-9_-]+$/);
    expect(parseOfflineRequest(text)).toEqual(request);
    expect(parseOfflineRequest(`${text}\r\n`)).toEqual(request);
  });

  it("is refused when it is anything else", () => {
    const text = createOfflineRequest(request);
    expect(parseOfflineRequest("")).toBeUndefined();
    expect(parseOfflineRequest(text.replace("TLREQ1", "TLREQ9"))).toBeUndefined();
    expect(parseOfflineRequest(`${text}.extra`)).toBeUndefined();
    expect(parseOfflineRequest(`TLREQ1.${Buffer.from("[1,2]").toString("base64url")}`)).toBeUndefined();
    expect(
      parseOfflineRequest(`TLREQ1.${Buffer.from(JSON.stringify({ ...request, nonce: 5 })).toString("base64url")}`),
    ).toBeUndefined();
  });

  it("gets a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    expect([...nonces][0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
