import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LicenceAdminService } from "@turnleaf/contracts/licence/v1/licence_admin_service_pb";
import { LicenceService } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import { buildApp, connectPeers, connectStoreProbes, type Peers, type StoreProbes } from "@turnleaf/gateway/in-process";
import {
  type Connection,
  connectMongo,
  createClient,
  createLogger,
  DomainError,
  type RunningGrpcServer,
  startGrpcServer,
  type TypedClient,
} from "@turnleaf/kit";
import { assembleLicenceDesk, buildServices, runLicenceCommand } from "@turnleaf/licence/in-process";
import {
  clientCodes,
  createNonce,
  createOfflineRequest,
  LicenceError,
  licenceGrant,
  licenceReplyData,
  openOnlineAnswer,
  readLicenceFile,
  readVerificationFile,
  terminalCodeFromComponents,
} from "@turnleaf/licence-client";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { licenceTestSettings } from "../support/in-process-stack.js";

// The licence service in this process (so its clock can be moved) on the run's real MongoDB-wire server, the real
// gateway in front of it, and the desktop side played by the licence-client library, as the desktop tool uses it.
const stores = workerStores();
const log = createLogger({ service: "licence-test", level: "silent" });
const day = 86_400_000;
const settings = licenceTestSettings;

let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
let database: string;
let mongo: Connection;
let server: RunningGrpcServer;
let admin: TypedClient<typeof LicenceAdminService>;
let licenceClient: TypedClient<typeof LicenceService>;
let peers: Peers;
let storeProbes: StoreProbes;
let gateway: FastifyInstance;
let publicKeyPem: string;
let workDir: string;

beforeAll(async () => {
  database = `turnleaf-licence-test-${randomBytes(4).toString("hex")}`;
  mongo = await connectMongo({ uri: stores.mongodbUri, database, log });
  const { desk, signingKey } = await assembleLicenceDesk(mongo, settings, now);
  publicKeyPem = signingKey.publicKeyPem;
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: buildServices({ desk, signingKey, now }),
    log,
  });
  server.setServing(true);
  const address = `127.0.0.1:${server.port}`;
  admin = createClient(LicenceAdminService, address, { peer: "licence" });
  licenceClient = createClient(LicenceService, address, { peer: "licence" });
  const config = testGatewayConfig(stores, { licence: address });
  peers = connectPeers(config);
  storeProbes = await connectStoreProbes(config, log);
  gateway = await buildApp({ log, peers, stores: storeProbes, devActorUserId: undefined });
  workDir = await mkdtemp(join(tmpdir(), "turnleaf-licence-"));
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  peers?.close();
  await storeProbes?.close();
  admin?.close();
  licenceClient?.close();
  await server?.stop(1_000);
  await mongo?.dropDatabase();
  await mongo?.close();
  await rm(workDir, { recursive: true, force: true });
});

interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

let addressCounter = 0;
/** A fresh client address per test, so the guess limit of one test never counts another's refusals. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.9.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

async function post(path: string, fields: Record<string, string>, remoteAddress = "10.0.0.1") {
  const response = await gateway.inject({
    method: "POST",
    url: path,
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, body: response.body, reply: response.json() as Reply };
}

async function issue(args: string[] = []): Promise<{ licenceId: string; licenceCode: string }> {
  const printed = JSON.parse(
    await runLicenceCommand(["issue", "--plan", "pro", "--max-activations", "2", ...args], admin),
  );
  return { licenceId: printed.licence.licenceId, licenceCode: printed.licenceCode };
}

let machineCounter = 0;
function machine(name?: string) {
  machineCounter += 1;
  name ??= `machine-${machineCounter}`;
  const components = { machineId: `${name}-id`, cpu: `${name}-cpu`, disk: `${name}-disk`, network: `${name}-mac` };
  return { components, terminalCode: terminalCodeFromComponents(components) };
}

/** The desktop tool's online registration: post, read the envelope, verify the signed answer. */
async function registerOnline(licenceCode: string, terminalCode: string, remoteAddress = freshAddress()) {
  const nonce = createNonce();
  const { status, body } = await post(
    "/api/licence/register",
    { licenceCode, terminalCode, nonce, terminalLabel: "Studio PC" },
    remoteAddress,
  );
  const data = licenceReplyData(status, body);
  const verified = openOnlineAnswer(String(data.licence), {
    trustedPublicKeys: [publicKeyPem],
    terminalCode,
    nonce,
    now: now(),
  });
  return { data, verified, signed: String(data.licence), nonce };
}

async function refusalOf(promise: Promise<unknown>): Promise<LicenceError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(LicenceError);
  return error as LicenceError;
}

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
    clockOffsetMs += (settings.LICENCE_GUESS_WINDOW_SECONDS + 1) * 1000;
    try {
      await registerOnline(licenceCode, machine().terminalCode, address);
    } finally {
      clockOffsetMs -= (settings.LICENCE_GUESS_WINDOW_SECONDS + 1) * 1000;
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
    clockOffsetMs += 11 * day;
    try {
      const refused = await refusalOf(registerOnline(licenceCode, machine().terminalCode));
      expect(refused.code).toBe(407);
      expect(refused.details?.expiresAt).toBe(expiresAt.toISOString());
    } finally {
      clockOffsetMs -= 11 * day;
    }
  });
});

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
