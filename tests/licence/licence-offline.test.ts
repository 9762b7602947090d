/**
 * Licences away from the online path: replayed or late answers and a clock set back, offline registration with
 * request and verification files (tampered files refused, revocation on expiry), and the signing key served to
 * clients across a restart (licence-fixtures.ts starts the service).
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { assembleLicenceDesk, runLicenceCommand } from "@turnleaf/licence/in-process";
import {
  clientCodes,
  createNonce,
  createOfflineRequest,
  licenceReplyData,
  openOnlineAnswer,
  readLicenceFile,
  readVerificationFile,
} from "@turnleaf/licence-client";
import { describe, expect, it } from "vitest";
import {
  admin,
  day,
  freshAddress,
  gateway,
  issue,
  machine,
  mongo,
  now,
  post,
  publicKeyPem,
  refusalOf,
  registerOnline,
  settings,
  useLicenceService,
  workDir,
} from "./licence-fixtures.js";

useLicenceService();

describe("replay", () => {
  it("rejects an answer to another request (nonce), for another machine, or received too late", async () => {
    const { licenceCode } = await issue();
    const mine = machine();
    const { signed, nonce } = await registerOnline(licenceCode, mine.terminalCode);
    const options = { trustedPublicKeys: [publicKeyPem], terminalCode: mine.terminalCode, now: now() };
    expect(() => openOnlineAnswer(signed, { ...options, nonce: createNonce() })).toThrow(
      expect.objectContaining({ code: clientCodes.timestampError }),
    );
    expect(() => openOnlineAnswer(signed, { ...options, nonce, terminalCode: machine().terminalCode })).toThrow(
      expect.objectContaining({ code: clientCodes.terminalMismatch }),
    );
    expect(() => openOnlineAnswer(signed, { ...options, nonce, now: new Date(now().getTime() + day) })).toThrow(
      expect.objectContaining({ code: clientCodes.timestampError }),
    );
  });

  it("detects a clock set back below the last trusted time", async () => {
    const { licenceCode } = await issue();
    const mine = machine();
    const { signed, verified } = await registerOnline(licenceCode, mine.terminalCode);
    const file = join(workDir, "rollback.lic");
    await writeFile(file, signed, "latin1");
    const later = new Date(verified.trustedTime.getTime() + 5 * day);
    const opened = await readLicenceFile(file, {
      trustedPublicKeys: [publicKeyPem],
      terminalCode: mine.terminalCode,
      now: later,
    });
    const rolledBack = await refusalOf(
      readLicenceFile(file, {
        trustedPublicKeys: [publicKeyPem],
        terminalCode: mine.terminalCode,
        now: new Date(later.getTime() - 2 * day),
        trustedTime: opened.trustedTime,
      }),
    );
    expect(rolledBack.code).toBe(clientCodes.timestampError);
  });
});

describe("offline registration", () => {
  async function offlineExchange(licenceCode: string, terminalCode: string) {
    const nonce = createNonce();
    const requestFile = createOfflineRequest({
      licenceCode,
      terminalCode,
      nonce,
      terminalLabel: "Air-gapped PC",
      createdAt: now().toISOString(),
    });
    const { status, body } = await post("/api/licence/offline-answer", { requestFile }, freshAddress());
    const data = licenceReplyData(status, body);
    const path = join(workDir, `${nonce}.tlv`);
    await writeFile(path, String(data.licence), "latin1");
    return { nonce, path, data };
  }

  it("answers a request file with a verification file bound to the terminal, with an expiry", async () => {
    const { licenceCode } = await issue();
    const mine = machine();
    const { nonce, path, data } = await offlineExchange(licenceCode, mine.terminalCode);
    const options = { trustedPublicKeys: [publicKeyPem], terminalCode: mine.terminalCode, nonce, now: now() };
    const grant = await readVerificationFile(path, options);
    expect(grant.activation.id).toBe(data.activationId);
    expect(grant.validUntil.getTime() - now().getTime()).toBeGreaterThan(89 * day);
    expect(
      (await refusalOf(readVerificationFile(path, { ...options, terminalCode: machine().terminalCode }))).code,
    ).toBe(clientCodes.terminalMismatch);
    expect((await refusalOf(readVerificationFile(join(workDir, "missing.tlv"), options))).code).toBe(
      clientCodes.verificationFileNotFound,
    );
    const garbage = join(workDir, "garbage.tlv");
    await writeFile(garbage, "MD5:0123456789abcdef");
    expect((await refusalOf(readVerificationFile(garbage, options))).code).toBe(
      clientCodes.verificationFileParseFailed,
    );
  });

  it("rejects every tampered or truncated verification file (fuzz loop of mutated files)", async () => {
    const { licenceCode } = await issue();
    const mine = machine();
    const { nonce, path } = await offlineExchange(licenceCode, mine.terminalCode);
    const original = await readFile(path);
    const options = { trustedPublicKeys: [publicKeyPem], terminalCode: mine.terminalCode, nonce, now: now() };
    const mutated = join(workDir, "mutated.tlv");
    let seed = 0x2f6e2b1;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed % below;
    };
    const rejectedCodes = new Map<number, number>();
    const rounds = 400;
    let mutations = 0;
    for (let round = 0; round < rounds; round += 1) {
      const bytes = Buffer.from(original);
      let candidate: Buffer;
      switch (round % 4) {
        case 0: // flip one bit
          {
            const at = random(bytes.length);
            bytes[at] = (bytes[at] ?? 0) ^ (1 << random(8));
          }
          candidate = bytes;
          break;
        case 1: // truncate
          candidate = bytes.subarray(0, random(bytes.length));
          break;
        case 2: // replace one byte with another printable one
          bytes[random(bytes.length)] = 0x21 + random(94);
          candidate = bytes;
          break;
        default:
          {
            // insert a byte
            const at = random(bytes.length);
            candidate = Buffer.concat([bytes.subarray(0, at), Buffer.from([0x20 + random(95)]), bytes.subarray(at)]);
          }
          break;
      }
      if (candidate.equals(original)) continue;
      mutations += 1;
      await writeFile(mutated, candidate);
      const refusal = await refusalOf(readVerificationFile(mutated, options));
      rejectedCodes.set(refusal.code, (rejectedCodes.get(refusal.code) ?? 0) + 1);
    }
    const rejected = [...rejectedCodes.values()].reduce((sum, count) => sum + count, 0);
    expect(mutations).toBeGreaterThan(rounds * 0.9);
    expect(rejected).toBe(mutations);
    expect(
      [...rejectedCodes.keys()].every((code) =>
        [clientCodes.fileModified, clientCodes.verificationFileParseFailed].includes(code as 3 | 5),
      ),
    ).toBe(true);
  });

  it("lets a revocation reach an offline machine when its verification file expires", async () => {
    const { licenceCode } = await issue();
    const mine = machine();
    const { nonce, path } = await offlineExchange(licenceCode, mine.terminalCode);
    await runLicenceCommand(["revoke", "--code", licenceCode], admin);
    const options = { trustedPublicKeys: [publicKeyPem], terminalCode: mine.terminalCode, nonce };
    // Offline, the machine cannot know yet ...
    await expect(
      readVerificationFile(path, { ...options, now: new Date(now().getTime() + 30 * day) }),
    ).resolves.toBeDefined();
    // ... until its file expires and it must ask again, when the answer says revoked.
    const expired = await refusalOf(
      readVerificationFile(path, { ...options, now: new Date(now().getTime() + 91 * day) }),
    );
    expect(expired.code).toBe(clientCodes.timestampError);
    const renewal = await refusalOf(offlineExchange(licenceCode, mine.terminalCode));
    expect(renewal.code).toBe(403);
  });

  it("the operator command answers a request file for a user without an account page", async () => {
    const { licenceCode } = await issue();
    const mine = machine();
    const nonce = createNonce();
    const requestPath = join(workDir, "request.tlreq");
    const answerPath = join(workDir, "answer.tlv");
    await writeFile(
      requestPath,
      createOfflineRequest({
        licenceCode,
        terminalCode: mine.terminalCode,
        nonce,
        terminalLabel: "",
        createdAt: now().toISOString(),
      }),
    );
    await runLicenceCommand(["answer-offline", "--request", requestPath, "--out", answerPath], admin);
    const grant = await readVerificationFile(answerPath, {
      trustedPublicKeys: [publicKeyPem],
      terminalCode: mine.terminalCode,
      nonce,
      now: now(),
    });
    expect(grant.activation.id).toMatch(/^act_/);
    const bad = await post("/api/licence/offline-answer", { requestFile: "TLREQ1.not-json" });
    expect(bad.reply.code).toBe("401");
  });
});

describe("the signing key", () => {
  it("is served to clients and survives a restart of the service", async () => {
    const response = await gateway.inject({ method: "GET", url: "/api/licence/public-key" });
    expect(response.json().data.publicKeyPem).toBe(publicKeyPem);
    const again = await assembleLicenceDesk(mongo, settings, now);
    expect(again.signingKey.publicKeyPem).toBe(publicKeyPem);
  });
});
