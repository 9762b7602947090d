/**
 * What the licence tests (tests/licence/licence-*.test.ts) share: `useLicenceService()` starts the licence service in
 * this process (on a clock the tests move, `moveClock`) behind the real gateway for one file (stopped, its database
 * removed, after it), and the desktop tool's side: issuing codes, machines and online registration.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
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
  type RunningGrpcServer,
  startGrpcServer,
  type TypedClient,
} from "@turnleaf/kit";
import { assembleLicenceDesk, buildServices, runLicenceCommand } from "@turnleaf/licence/in-process";
import {
  createNonce,
  LicenceError,
  licenceReplyData,
  openOnlineAnswer,
  terminalCodeFromComponents,
} from "@turnleaf/licence-client";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { workerStores } from "../setup/worker-stores.js";
import { testGatewayConfig } from "../support/gateway-config.js";
import { licenceTestSettings } from "../support/in-process-stack.js";

// The licence service in this process (so its clock can be moved) on the run's real MongoDB-wire server, the real
// gateway in front of it, and the desktop side played by the licence-client library, as the desktop tool uses it.
export const stores = workerStores();
export const log = createLogger({ service: "licence-test", level: "silent" });
export const day = 86_400_000;
export const settings = licenceTestSettings;

export let clockOffsetMs = 0;
/** Moves the licence service's clock by `deltaMs` (an importing file cannot assign `clockOffsetMs`). */
export function moveClock(deltaMs: number): void {
  clockOffsetMs += deltaMs;
}
export const now = () => new Date(Date.now() + clockOffsetMs);
export let database: string;
export let mongo: Connection;
export let server: RunningGrpcServer;
export let admin: TypedClient<typeof LicenceAdminService>;
export let licenceClient: TypedClient<typeof LicenceService>;
export let peers: Peers;
export let storeProbes: StoreProbes;
export let gateway: FastifyInstance;
export let publicKeyPem: string;
export let workDir: string;

/** Starts the service for the calling file's tests; stops it and removes its database after them. */
export function useLicenceService(): void {
  beforeAll(async () => {
    clockOffsetMs = 0;
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
}

export interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

export let addressCounter = 0;
/** A fresh client address per test, so the guess limit of one test never counts another's refusals. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.9.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

export async function post(path: string, fields: Record<string, string>, remoteAddress = "10.0.0.1") {
  const response = await gateway.inject({
    method: "POST",
    url: path,
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, body: response.body, reply: response.json() as Reply };
}

export async function issue(args: string[] = []): Promise<{ licenceId: string; licenceCode: string }> {
  const printed = JSON.parse(
    await runLicenceCommand(["issue", "--plan", "pro", "--max-activations", "2", ...args], admin),
  );
  return { licenceId: printed.licence.licenceId, licenceCode: printed.licenceCode };
}

export let machineCounter = 0;
export function machine(name?: string) {
  machineCounter += 1;
  name ??= `machine-${machineCounter}`;
  const components = { machineId: `${name}-id`, cpu: `${name}-cpu`, disk: `${name}-disk`, network: `${name}-mac` };
  return { components, terminalCode: terminalCodeFromComponents(components) };
}

/** The desktop tool's online registration: post, read the envelope, verify the signed answer. */
export async function registerOnline(licenceCode: string, terminalCode: string, remoteAddress = freshAddress()) {
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

export async function refusalOf(promise: Promise<unknown>): Promise<LicenceError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(LicenceError);
  return error as LicenceError;
}
