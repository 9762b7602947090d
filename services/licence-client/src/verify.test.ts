import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clientCodes, LicenceError } from "./codes.js";
import { canonicalJson } from "./encoding.js";
import { answerFormat, keyIdOf, type LicenceAnswer, openLicenceAnswer, signLicenceAnswer } from "./licence-answer.js";
import { terminalCodeFromComponents } from "./terminal-code.js";
import {
  licenceGrant,
  openOnlineAnswer,
  readLicenceFile,
  readVerificationFile,
  type VerificationOptions,
} from "./verify.js";

function keyPair(): { privateKey: KeyObject; publicKeyPem: string; keyId: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return {
    privateKey,
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    keyId: keyIdOf(publicKey),
  };
}

const server = keyPair();
const machine = { machineId: "m-1", cpu: "cpu-1", disk: "disk-1", network: "mac-1" };
const terminalCode = terminalCodeFromComponents(machine);
const otherTerminal = terminalCodeFromComponents({ machineId: "m-2", cpu: "cpu-2", disk: "disk-1", network: "mac-1" });
const issuedAt = new Date("2026-03-01T10:00:00.000Z");
const minutes = (count: number) => count * 60_000;
const days = (count: number) => count * 86_400_000;
const at = (offsetMs: number) => new Date(issuedAt.getTime() + offsetMs);

function answer(overrides: Partial<LicenceAnswer> = {}): LicenceAnswer {
  return {
    serverTime: issuedAt.toISOString(),
    nonce: "nonce-of-the-request-1",
    terminalCode,
    channel: "online",
    validUntil: at(days(30)).toISOString(),
    licence: {
      id: "lic_1",
      plan: "pro-lifetime",
      edition: "registered",
      expiresAt: null,
      state: "active",
      maxActivations: 3,
    },
    activation: { id: "act_1", activatedAt: issuedAt.toISOString() },
    ...overrides,
  };
}

const signed = (value: LicenceAnswer = answer()) => signLicenceAnswer(value, server.privateKey, server.keyId);

const options = (
  overrides: Partial<VerificationOptions & { nonce: string }> = {},
): VerificationOptions & { nonce: string } => ({
  trustedPublicKeys: [server.publicKeyPem],
  terminalCode,
  now: at(minutes(1)),
  nonce: "nonce-of-the-request-1",
  ...overrides,
});

function failureCode(run: () => unknown): number | "accepted" {
  try {
    run();
    return "accepted";
  } catch (error) {
    if (error instanceof LicenceError) return error.code;
    throw error;
  }
}

async function asyncFailureCode(run: () => Promise<unknown>): Promise<number | "accepted"> {
  try {
    await run();
    return "accepted";
  } catch (error) {
    if (error instanceof LicenceError) return error.code;
    throw error;
  }
}

const onlineGrant = (text: string, verification = options()) =>
  licenceGrant(openOnlineAnswer(text, verification), verification.now);

const scratch = await mkdtemp(join(tmpdir(), "turnleaf-licence-client-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function fileWith(name: string, content: string): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, content, "latin1");
  return path;
}

describe("a licence answer", () => {
  it("verifies with the server's public key and grants the registered edition until it expires", () => {
    const grant = onlineGrant(signed());
    expect(grant.licence).toMatchObject({ id: "lic_1", edition: "registered", state: "active" });
    expect(grant.activation.id).toBe("act_1");
    expect(grant.validUntil).toEqual(at(days(30)));
    // The server's clock becomes the client's anchor.
    expect(grant.trustedTime).toEqual(issuedAt);
  });

  it("is one line of the versioned format, its payload canonical JSON", () => {
    const text = signed();
    const [format, keyId, payload, signature] = text.split(".");
    expect(format).toBe(answerFormat);
    expect(keyId).toBe(server.keyId);
    expect(Buffer.from(payload ?? "", "base64url").toString()).toBe(canonicalJson(answer()));
    expect(signature).toHaveLength(86);
    expect(text).not.toMatch(/\s/);
  });

  it("tolerates one changed machine component and refuses another machine with 1", () => {
    const newAdapter = terminalCodeFromComponents({ ...machine, network: "vpn-adapter" });
    expect(onlineGrant(signed(), options({ terminalCode: newAdapter })).activation.id).toBe("act_1");
    expect(failureCode(() => onlineGrant(signed(), options({ terminalCode: otherTerminal })))).toBe(
      clientCodes.terminalMismatch,
    );
  });

  it("answered to another request (a replay) fails with 2", () => {
    expect(failureCode(() => onlineGrant(signed(), options({ nonce: "a-newer-request-nonce" })))).toBe(
      clientCodes.timestampError,
    );
  });

  it("received long after it was signed fails with 2, and so does a clock set before the server's time", () => {
    expect(failureCode(() => onlineGrant(signed(), options({ now: at(minutes(16)) })))).toBe(
      clientCodes.timestampError,
    );
    expect(failureCode(() => onlineGrant(signed(), options({ now: at(-minutes(16)) })))).toBe(
      clientCodes.timestampError,
    );
    expect(onlineGrant(signed(), options({ now: at(-minutes(14)) })).licence.id).toBe("lic_1");
  });

  it("signed by another key, or edited and re-signed by one, fails with 3", () => {
    const stranger = keyPair();
    const forged = signLicenceAnswer(
      answer({ licence: { ...answer().licence, maxActivations: 99 } }),
      stranger.privateKey,
      server.keyId,
    );
    expect(failureCode(() => onlineGrant(forged))).toBe(clientCodes.fileModified);
    const foreignKey = signLicenceAnswer(answer(), stranger.privateKey, stranger.keyId);
    expect(failureCode(() => onlineGrant(foreignKey))).toBe(clientCodes.fileModified);
    // After a key rotation the client trusts both keys.
    expect(
      onlineGrant(foreignKey, options({ trustedPublicKeys: [server.publicKeyPem, stranger.publicKeyPem] })).licence.id,
    ).toBe("lic_1");
  });

  it("that is not an answer fails with 5", () => {
    expect(failureCode(() => onlineGrant("hello"))).toBe(clientCodes.verificationFileParseFailed);
    expect(failureCode(() => onlineGrant(""))).toBe(clientCodes.verificationFileParseFailed);
  });

  it("signed over a payload of the wrong shape fails with 5", () => {
    const wrongShape = { ...answer(), licence: { ...answer().licence, edition: "ultimate" } };
    const text = signLicenceAnswer(wrongShape as unknown as LicenceAnswer, server.privateKey, server.keyId);
    expect(openLicenceAnswer(text, [server.publicKeyPem])).toMatchObject({ ok: false, failure: "malformed" });
    expect(failureCode(() => onlineGrant(text))).toBe(clientCodes.verificationFileParseFailed);
  });

  it("of a revoked licence fails with 108, of an expired one with 107", () => {
    const revoked = signed(answer({ licence: { ...answer().licence, state: "revoked" } }));
    expect(failureCode(() => onlineGrant(revoked))).toBe(clientCodes.licenceRevoked);
    const expiredState = signed(answer({ licence: { ...answer().licence, state: "expired" } }));
    expect(failureCode(() => onlineGrant(expiredState))).toBe(clientCodes.licenceExpired);
  });

  it("of a dated licence stops granting at its expiry on a frozen clock (107), before the answer's own expiry", () => {
    const dated = signed(answer({ licence: { ...answer().licence, expiresAt: at(days(10)).toISOString() } }));
    const verified = openOnlineAnswer(dated, options());
    expect(licenceGrant(verified, at(days(10) - 1)).licence.id).toBe("lic_1");
    expect(failureCode(() => licenceGrant(verified, at(days(10))))).toBe(clientCodes.licenceExpired);
  });

  it("saying the terminal holds no activation (deactivated) fails with 101: back to trial", () => {
    expect(failureCode(() => onlineGrant(signed(answer({ activation: null }))))).toBe(clientCodes.licenceFileNotFound);
  });

  it("stops granting when its own validity ends, even for a lifetime licence (2): renew", () => {
    const verified = openOnlineAnswer(signed(), options());
    expect(licenceGrant(verified, at(days(30) - 1)).licence.id).toBe("lic_1");
    expect(failureCode(() => licenceGrant(verified, at(days(30))))).toBe(clientCodes.timestampError);
  });
});

describe("the licence file kept on the machine", () => {
  it("verifies at start-up and raises the trusted time to the local clock", async () => {
    const path = await fileWith("licence.tll", signed());
    const grant = await readLicenceFile(path, options({ now: at(days(3)) }));
    expect(grant.trustedTime).toEqual(at(days(3)));
  });

  it("detects a clock set back below the trusted time (2)", async () => {
    const path = await fileWith("licence-rollback.tll", signed());
    const code = await asyncFailureCode(() =>
      readLicenceFile(path, options({ now: at(days(2)), trustedTime: at(days(20)) })),
    );
    expect(code).toBe(clientCodes.timestampError);
  });

  it("answers 101 when missing and 105 when it cannot be decoded", async () => {
    expect(await asyncFailureCode(() => readLicenceFile(join(scratch, "none.tll"), options()))).toBe(
      clientCodes.licenceFileNotFound,
    );
    const garbage = await fileWith("garbage.tll", "\u0000\u00ffnot a licence");
    expect(await asyncFailureCode(() => readLicenceFile(garbage, options()))).toBe(clientCodes.decryptFailed);
  });
});

describe("an offline verification file", () => {
  it("imports when it answers the pending request of this machine", async () => {
    const path = await fileWith("verification.tlv", signed(answer({ channel: "offline" })));
    const grant = await readVerificationFile(path, options({ now: at(days(2)) }));
    expect(grant.answer.channel).toBe("offline");
  });

  it("answers 4 when missing and 5 when it is not a verification file", async () => {
    expect(await asyncFailureCode(() => readVerificationFile(join(scratch, "none.tlv"), options()))).toBe(
      clientCodes.verificationFileNotFound,
    );
    const text = await fileWith("text.tlv", "TLLIC1 is what I am, honest");
    expect(await asyncFailureCode(() => readVerificationFile(text, options()))).toBe(
      clientCodes.verificationFileParseFailed,
    );
  });

  it("of another request or another machine is refused (2, 1)", async () => {
    const path = await fileWith("old.tlv", signed());
    expect(await asyncFailureCode(() => readVerificationFile(path, options({ nonce: "the-pending-nonce" })))).toBe(
      clientCodes.timestampError,
    );
    expect(await asyncFailureCode(() => readVerificationFile(path, options({ terminalCode: otherTerminal })))).toBe(
      clientCodes.terminalMismatch,
    );
  });
});

/** Deterministic pseudo-random numbers (mulberry32), so a failing mutation can be reproduced. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text: string, random: () => number): string {
  const position = Math.floor(random() * text.length);
  const byte = String.fromCharCode(Math.floor(random() * 256));
  switch (Math.floor(random() * 7)) {
    case 0: {
      const code = text.charCodeAt(position) ^ (1 << Math.floor(random() * 8));
      return text.slice(0, position) + String.fromCharCode(code) + text.slice(position + 1);
    }
    case 1:
      return text.slice(0, position) + byte + text.slice(position + 1);
    case 2:
      return text.slice(0, position) + byte + text.slice(position);
    case 3:
      return text.slice(0, position) + text.slice(position + 1);
    case 4:
      return text.slice(0, position);
    case 5:
      return text + (random() < 0.5 ? "\n" : byte);
    default: {
      const base64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const replacement = base64url[Math.floor(random() * base64url.length)] ?? "A";
      return text.slice(0, position) + replacement + text.slice(position + 1);
    }
  }
}

describe("a tampered or truncated file", () => {
  it("is rejected every time: 2,000 mutations of an answer, 100 % refused with 3 or 5", () => {
    const original = signed();
    const random = seeded(20260301);
    const outcomes = new Map<number | "accepted", number>();
    let mutants = 0;
    while (mutants < 2_000) {
      let mutant = mutate(original, random);
      if (random() < 0.3) mutant = mutate(mutant, random);
      if (mutant === original) continue;
      mutants += 1;
      const outcome = failureCode(() => onlineGrant(mutant));
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(outcomes.get("accepted") ?? 0).toBe(0);
    expect([...outcomes.keys()].sort()).toEqual([clientCodes.fileModified, clientCodes.verificationFileParseFailed]);
  });

  it("is rejected when only the unused bits of its signature's last character change (same bytes, other text)", () => {
    const original = signed();
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(original.at(-1) ?? "");
    const sameBytes = original.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(sameBytes.split(".")[3] ?? "", "base64url")).toEqual(
      Buffer.from(original.split(".")[3] ?? "", "base64url"),
    );
    expect(failureCode(() => onlineGrant(sameBytes))).toBe(clientCodes.verificationFileParseFailed);
  });

  it("is rejected on disk too: every truncation of a licence file fails with 105", async () => {
    const original = signed();
    const path = join(scratch, "truncated.tll");
    const outcomes = new Set<number | "accepted">();
    for (let length = 0; length < original.length; length += 1) {
      await writeFile(path, original.slice(0, length), "latin1");
      outcomes.add(await asyncFailureCode(() => readLicenceFile(path, options())));
    }
    expect([...outcomes]).toEqual([clientCodes.decryptFailed]);
  });
});
