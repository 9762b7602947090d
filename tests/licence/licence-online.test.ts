/**
 * Licence codes and online registration through the real gateway: codes issued by the operator command, online
 * registration (idempotent, drifting machines, the activation limit, deactivation) and the refusals with the codes
 * of spec 001 §8, including the guess limit (licence-fixtures.ts starts the service).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildApp } from "@turnleaf/gateway/in-process";
import { DomainError } from "@turnleaf/kit";
import { runLicenceCommand } from "@turnleaf/licence/in-process";
import {
  clientCodes,
  createNonce,
  type LicenceError,
  licenceGrant,
  licenceReplyData,
  openOnlineAnswer,
  readLicenceFile,
  terminalCodeFromComponents,
} from "@turnleaf/licence-client";
import { describe, expect, it } from "vitest";
import {
  admin,
  day,
  freshAddress,
  issue,
  licenceClient,
  log,
  machine,
  mongo,
  moveClock,
  now,
  peers,
  post,
  publicKeyPem,
  refusalOf,
  registerOnline,
  settings,
  storeProbes,
  useLicenceService,
  workDir,
} from "./licence-fixtures.js";

useLicenceService();

describe("licence codes issued by the operator command", () => {
  it("prints the code once and stores only its hash", async () => {
    const { licenceId, licenceCode } = await issue(["--expires", "2099-01-01"]);
    expect(licenceCode).toMatch(/^([0-9A-Z]{5}-){4}[0-9A-Z]{5}$/);
    const stored = await mongo.collection("licences").findOne({ _id: licenceId as never });
    expect(stored).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(licenceCode);
    expect(JSON.stringify(stored)).not.toContain(licenceCode.replaceAll("-", ""));
    const shown = JSON.parse(await runLicenceCommand(["show", "--code", licenceCode], admin));
    expect(shown.licence).toMatchObject({ licenceId, state: "LICENCE_STATE_ACTIVE", maxActivations: 2, plan: "pro" });
    expect(shown.licence.expiresAt).toBe("2099-01-01T00:00:00Z");
  });

  it("refuses bad orders with parameter errors", async () => {
    await expect(runLicenceCommand(["issue", "--plan", "bad plan!", "--max-activations", "2"], admin)).rejects.toThrow(
      /plan/,
    );
    await expect(runLicenceCommand(["issue", "--plan", "pro", "--max-activations", "0"], admin)).rejects.toThrow(
      /maxActivations/,
    );
    await expect(
      runLicenceCommand(["issue", "--plan", "pro", "--max-activations", "1", "--expires", "2001-01-01"], admin),
    ).rejects.toMatchObject({
      messageKey: "licence.parameterError",
      details: { field: "expiresAt", problem: /future/ },
    });
    await expect(runLicenceCommand(["revoke"], admin)).rejects.toThrow(/--id or --code/);
  });
});

describe("online registration", () => {
  it("answers a signed licence the desktop verifies, granting the registered edition", async () => {
    const { licenceCode } = await issue();
    const { terminalCode } = machine();
    const { data, verified } = await registerOnline(licenceCode, terminalCode);
    expect(data).toMatchObject({ state: "active" });
    const grant = licenceGrant(verified, now());
    expect(grant.licence.edition).toBe("registered");
    expect(grant.activation.id).toBe(data.activationId);
    // The answer is bound to this machine: another terminal cannot use it.
    expect(() =>
      openOnlineAnswer(String(data.licence), {
        trustedPublicKeys: [publicKeyPem],
        terminalCode: machine().terminalCode,
        nonce: verified.answer.nonce,
        now: now(),
      }),
    ).toThrow(expect.objectContaining({ code: clientCodes.terminalMismatch }));
  });

  it("is idempotent for the same terminal, also when one machine component changed", async () => {
    const { licenceCode, licenceId } = await issue(["--max-activations", "1"]);
    const first = machine("idem");
    const a = await registerOnline(licenceCode, first.terminalCode);
    const b = await registerOnline(licenceCode, first.terminalCode);
    expect(b.data.activationId).toBe(a.data.activationId);
    const newAdapter = terminalCodeFromComponents({ ...first.components, network: "vpn-adapter" });
    const c = await registerOnline(licenceCode, newAdapter);
    expect(c.data.activationId).toBe(a.data.activationId);
    const newMachine = terminalCodeFromComponents({ ...first.components, network: "vpn", disk: "new-disk" });
    const refused = await refusalOf(registerOnline(licenceCode, newMachine));
    expect(refused.code).toBe(404);
    const shown = JSON.parse(await runLicenceCommand(["show", "--id", licenceId], admin));
    expect(shown.activations).toHaveLength(1);
    expect(shown.events.map((event: { action: string }) => event.action)).toEqual([
      "LICENCE_EVENT_ACTION_ISSUE",
      "LICENCE_EVENT_ACTION_ACTIVATE",
      "LICENCE_EVENT_ACTION_REACTIVATE",
      "LICENCE_EVENT_ACTION_REACTIVATE",
    ]);
  });

  it("follows a terminal whose components drift one at a time; its first code is then another machine", async () => {
    const { licenceCode } = await issue(["--max-activations", "2"]);
    const original = machine("drift");
    const first = await registerOnline(licenceCode, original.terminalCode);
    const oneChanged = terminalCodeFromComponents({ ...original.components, network: "new-adapter" });
    const twoChanged = terminalCodeFromComponents({ ...original.components, network: "new-adapter", disk: "new-disk" });
    expect((await registerOnline(licenceCode, oneChanged)).data.activationId).toBe(first.data.activationId);
    expect((await registerOnline(licenceCode, twoChanged)).data.activationId).toBe(first.data.activationId);
    const again = await registerOnline(licenceCode, original.terminalCode);
    expect(again.data.activationId).not.toBe(first.data.activationId);
  });

  it("holds the activation limit under 100 simultaneous activations: exactly k succeed, the rest get 404", async () => {
    const k = 3;
    const { licenceCode, licenceId } = await issue(["--max-activations", String(k)]);
    const attempts = await Promise.allSettled(
      Array.from({ length: 100 }, (_, index) => registerOnline(licenceCode, machine(`crowd-${index}`).terminalCode)),
    );
    const succeeded = attempts.filter((attempt) => attempt.status === "fulfilled");
    const refused = attempts.flatMap((attempt) =>
      attempt.status === "rejected" ? [attempt.reason as LicenceError] : [],
    );
    expect(succeeded).toHaveLength(k);
    expect(refused).toHaveLength(100 - k);
    expect(new Set(refused.map((error) => error.code))).toEqual(new Set([404]));
    expect(refused[0]?.details?.messageKey).toBe("licence.activationLimit");
    expect(refused[0]?.details?.activations).toHaveLength(k);
    const shown = JSON.parse(await runLicenceCommand(["show", "--id", licenceId], admin));
    expect(shown.activations).toHaveLength(k);
  }, 120_000);

  it("lets a refused user free another activation from the 404's list, then register", async () => {
    const { licenceCode } = await issue(["--max-activations", "1"]);
    const office = machine();
    const laptop = machine();
    await registerOnline(licenceCode, office.terminalCode);
    const refused = await refusalOf(registerOnline(licenceCode, laptop.terminalCode));
    expect(refused.code).toBe(404);
    const [listed] = (refused.details?.activations ?? []) as { activationId: string; terminalLabel: string }[];
    expect(listed?.terminalLabel).toBe("Studio PC");
    const nonce = createNonce();
    const freed = await post("/api/licence/deactivate", {
      licenceCode,
      terminalCode: laptop.terminalCode,
      nonce,
      activationId: listed?.activationId ?? "",
    });
    expect(freed.reply.code).toBe("OK");
    const { data } = await registerOnline(licenceCode, laptop.terminalCode);
    expect(data.activationId).not.toBe(listed?.activationId);
  });

  it("deactivation frees the slot and returns the terminal to trial (101)", async () => {
    const { licenceCode } = await issue(["--max-activations", "1"]);
    const mine = machine();
    await registerOnline(licenceCode, mine.terminalCode);
    const nonce = createNonce();
    const { status, body } = await post("/api/licence/deactivate", {
      licenceCode,
      terminalCode: mine.terminalCode,
      nonce,
    });
    const verified = openOnlineAnswer(String(licenceReplyData(status, body).licence), {
      trustedPublicKeys: [publicKeyPem],
      terminalCode: mine.terminalCode,
      nonce,
      now: now(),
    });
    expect(() => licenceGrant(verified, now())).toThrow(
      expect.objectContaining({ code: clientCodes.licenceFileNotFound }),
    );
    // Deactivating again is no error, and the freed slot takes another machine.
    const again = await post("/api/licence/deactivate", {
      licenceCode,
      terminalCode: mine.terminalCode,
      nonce: createNonce(),
    });
    expect(again.reply.code).toBe("OK");
    await registerOnline(licenceCode, machine().terminalCode);
  });
});

describe("refusals with the codes of spec 001 §8", () => {
  it("401 for missing or malformed parameters; the spec's text for an empty code", async () => {
    const { terminalCode } = machine();
    const empty = await post("/api/licence/register", { licenceCode: " ", terminalCode, nonce: createNonce() });
    // The texts themselves (Chinese by default, English on request) are asserted in tests/messages/server-texts.
    expect(empty.reply).toMatchObject({ code: "401", data: { messageKey: "licence.enterValidCode" } });
    const noTerminal = await post("/api/licence/register", { licenceCode: "X", nonce: createNonce() });
    expect(noTerminal.reply.code).toBe("401");
    expect(noTerminal.reply.msg).toContain("terminalCode");
    const badNonce = await post("/api/licence/register", { licenceCode: "X", terminalCode, nonce: "short" });
    expect(badNonce.reply.code).toBe("401");
    const tooLong = await post("/api/licence/status", {
      licenceCode: "X".repeat(600),
      terminalCode,
      nonce: createNonce(),
    });
    expect(tooLong.reply.code).toBe("401");
    expect(tooLong.status).toBe(200);
  });

  it("402 alike for unknown and malformed codes, and a guess limit per address and terminal", async () => {
    const address = freshAddress();
    const { licenceCode } = await issue();
    const unknown = await post(
      "/api/licence/register",
      { licenceCode: "ABCDE-FGHJK-MNPQR-STVWX-YZ012", terminalCode: machine().terminalCode, nonce: createNonce() },
      address,
    );
    const malformed = await post(
      "/api/licence/register",
      { licenceCode: "not-a-code", terminalCode: machine().terminalCode, nonce: createNonce() },
      address,
    );
    expect(unknown.reply).toMatchObject({
      code: "402",
      data: { messageKey: "licence.codeError", messageParams: {} },
    });
    expect(malformed.reply).toEqual(unknown.reply);
    for (let guess = 2; guess < settings.LICENCE_GUESS_LIMIT; guess += 1) {
      await post(
        "/api/licence/register",
        { licenceCode: `guess-${guess}`, terminalCode: machine().terminalCode, nonce: createNonce() },
        address,
      );
    }
    // At the limit even the right code is refused from that address, with the time to wait.
    const limited = await post(
      "/api/licence/register",
      { licenceCode, terminalCode: machine().terminalCode, nonce: createNonce() },
      address,
    );
    expect(limited.reply.code).toBe("402");
    expect(limited.reply.data?.messageKey).toBe("licence.tooManyGuesses");
    expect(Number(limited.reply.data?.retryAfterSeconds)).toBeGreaterThan(0);
    // Another address is not limited; once the window has passed, neither is this one.
    await registerOnline(licenceCode, machine().terminalCode);
    moveClock((settings.LICENCE_GUESS_WINDOW_SECONDS + 1) * 1000);
    try {
      await registerOnline(licenceCode, machine().terminalCode, address);
    } finally {
      moveClock(-((settings.LICENCE_GUESS_WINDOW_SECONDS + 1) * 1000));
    }
  });

  it("keys the guess limit on the forwarded client address behind a trusted proxy", async () => {
    const behindIngress = await buildApp({ log, peers, stores: storeProbes, devActorUserId: undefined, trustProxy: 1 });
    const { licenceCode } = await issue();
    const guess = (forwardedFor: string, code: string) =>
      behindIngress.inject({
        method: "POST",
        url: "/api/licence/status",
        remoteAddress: "10.0.0.254",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": forwardedFor },
        payload: new URLSearchParams({
          licenceCode: code,
          terminalCode: machine().terminalCode,
          nonce: createNonce(),
        }).toString(),
      });
    try {
      for (let attempt = 0; attempt < settings.LICENCE_GUESS_LIMIT; attempt += 1) await guess("203.0.113.7", "wrong");
      expect((await guess("203.0.113.7", licenceCode)).json().data.messageKey).toBe("licence.tooManyGuesses");
      expect((await guess("203.0.113.8", licenceCode)).json().code).toBe("OK");
    } finally {
      await behindIngress.close();
    }
  });

  it("403 (not retryable) to register a revoked licence; status answers revoked, which the desktop shows as 108", async () => {
    const { licenceCode } = await issue();
    const mine = machine();
    await registerOnline(licenceCode, mine.terminalCode);
    await runLicenceCommand(["revoke", "--code", licenceCode, "--reason", "refunded"], admin);
    const refused = await refusalOf(registerOnline(licenceCode, machine().terminalCode));
    expect(refused.code).toBe(403);
    expect(refused.details).toMatchObject({ retryable: false });
    const nonce = createNonce();
    const { status, body } = await post("/api/licence/status", { licenceCode, terminalCode: mine.terminalCode, nonce });
    const data = licenceReplyData(status, body);
    expect(data.state).toBe("revoked");
    const verified = openOnlineAnswer(String(data.licence), {
      trustedPublicKeys: [publicKeyPem],
      terminalCode: mine.terminalCode,
      nonce,
      now: now(),
    });
    expect(() => licenceGrant(verified, now())).toThrow(expect.objectContaining({ code: clientCodes.licenceRevoked }));
  });

  it("406 when the code is bound to another account, or sent without the bound account's session", async () => {
    const { licenceCode } = await issue(["--account", "20001"]);
    const caller = (accountId: string) => ({ clientAddress: freshAddress(), accountId });
    const request = (accountId: string) => ({
      licenceCode,
      terminalCode: machine().terminalCode,
      nonce: createNonce(),
      terminalLabel: "",
      caller: caller(accountId),
    });
    const other = await licenceClient.register(request("20002")).then(
      () => undefined,
      (error: unknown) => error as DomainError,
    );
    expect(other).toBeInstanceOf(DomainError);
    expect(other?.restCode).toBe("406");
    await expect(licenceClient.register(request("20001"))).resolves.toBeDefined();
    // Without a session a bound code is refused too: knowing the code is not being its account (issue 16).
    const anonymous = await licenceClient.register(request("")).then(
      () => undefined,
      (error: unknown) => error as DomainError,
    );
    expect(anonymous?.restCode).toBe("406");
    // An unbound licence becomes the first activating account's.
    const unbound = await issue();
    await licenceClient.register({ ...request("30001"), licenceCode: unbound.licenceCode });
    const taken = await licenceClient.register({ ...request("30002"), licenceCode: unbound.licenceCode }).then(
      () => undefined,
      (error: unknown) => error as DomainError,
    );
    expect(taken?.restCode).toBe("406");
  });

  it("407 once the licence has expired (frozen clock); the desktop's stored licence says 107", async () => {
    const expiresAt = new Date(now().getTime() + 10 * day);
    const { licenceCode } = await issue(["--expires", expiresAt.toISOString()]);
    const mine = machine();
    const { signed } = await registerOnline(licenceCode, mine.terminalCode);
    const licenceFile = join(workDir, "expiring.lic");
    await writeFile(licenceFile, signed, "latin1");
    const verifyAt = (at: Date) =>
      readLicenceFile(licenceFile, { trustedPublicKeys: [publicKeyPem], terminalCode: mine.terminalCode, now: at });
    await expect(verifyAt(new Date(expiresAt.getTime() - day))).resolves.toMatchObject({
      licence: { state: "active" },
    });
    expect((await refusalOf(verifyAt(new Date(expiresAt.getTime() + 1)))).code).toBe(clientCodes.licenceExpired);
    moveClock(11 * day);
    try {
      const refused = await refusalOf(registerOnline(licenceCode, machine().terminalCode));
      expect(refused.code).toBe(407);
      expect(refused.details?.expiresAt).toBe(expiresAt.toISOString());
    } finally {
      moveClock(-(11 * day));
    }
  });
});
