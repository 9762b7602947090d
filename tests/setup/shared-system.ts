import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { PowerAdminService } from "@turnleaf/contracts/power/v1/power_admin_service_pb";
import { PlanKind } from "@turnleaf/contracts/power/v1/power_service_pb";
import { createClient } from "@turnleaf/kit";
import { demoPassword, demoPlan, demoUser } from "@turnleaf/power/in-process";
import { pino } from "pino";
import { freePort } from "../../scripts/src/ports.js";
import { type ProcessHandle, startProcess, waitForHttp } from "../../scripts/src/processes.js";
import {
  freeServicePorts,
  type RunningServices,
  repositoryRoot,
  type ServicePorts,
  serviceArguments,
  serviceEnvironment,
  startServices,
} from "../../scripts/src/services.js";
import { testPasswordEnvironment } from "../support/password-cost.js";
import { form, postTo } from "../support/system.js";
import type { TestStores } from "./stores.global.js";

/**
 * For stacks on the run's shared stores: every test file acts as the same demo user, so its unfinished uploads add
 * up over a whole run and would meet the per-user limit (10) that tests/security checks on a stack of its own.
 */
export const sharedStoreEnvironment = { UPLOAD_OPEN_TASK_LIMIT: "1000" };

/** The one loopback address the shared system lets lead webhooks reach: tests/leads' receivers listen there. */
export const webhookReceiverHost = "127.0.0.2";

/**
 * What the shared system sets beyond the defaults, so that the files needing these settings share it instead of
 * starting seven processes of their own. Sign-ups are not limited per address (10,000): its files register their
 * users from the same loopback address over the whole run (tests/security checks the limit on its own stack).
 */
export const sharedSystemSettings = {
  SIGN_UP_LIMIT: "10000",
  // Readers' addresses from X-Forwarded-For, as behind a proxy: tests/statistics/flood.test.ts sends beacons as many
  // readers. Requests without the header keep the loopback address.
  TRUST_PROXY: "loopback",
  // The support QR's link (tests/editor/editor-panels-toolbar.test.ts).
  SUPPORT_CONTACT: "https://support.example.com/turnleaf?from=qr",
  // Pictures typed as URLs are fetched by the book service from tests' own hosts on loopback: that one private
  // network is allowed, 10.0.0.0/8 and the rest stay refused; a short limit for the host that stalls
  // (tests/messages/server-texts.test.ts).
  REMOTE_PICTURE_PRIVATE_NETWORKS: "127.0.0.0/8",
  REMOTE_PICTURE_TIMEOUT_MS: "1500",
  // Lead webhooks may reach one loopback address, where tests/leads' receivers listen (webhookReceiverHost);
  // 127.0.0.1 and every other private address stay refused (tests/leads/webhook-targets.test.ts).
  WEBHOOK_PRIVATE_NETWORKS: `${webhookReceiverHost}/32`,
};

/** An account that may log in: the demo seed's, or a worker slot's owner on the shared system. */
export interface Owner {
  email: string;
  password: string;
}

/** The account the demo seed creates (services/power/src/domain/demo.ts), with a VIP plan. */
export const demoOwner: Owner = { email: demoUser.email, password: demoPassword };

/**
 * The shared system as a worker slot's test file sees it: the eight built processes on their stores, started once for
 * the whole run, reached through the slot's own gateway, which acts as the slot's owner for requests without a session.
 * A file may not stop, kill or reconfigure them; one that does starts a system of its own (startSystem). With
 * external stores no system is shared (a file's own services would share its consumers): each file starts its own.
 */
export interface SharedSystem {
  /** Stores of its own: a file's own system on the worker's stores would share its streams' consumers. */
  stores: TestStores;
  gatewayUrl: string;
  ports: ServicePorts;
  /** Where each process answers `GET /metrics` (Prometheus). */
  metricsPorts: ServicePorts;
  /** Each process logs to `<logDir>/<name>.log`, every file's requests in one log. */
  logDir: string;
  /**
   * The slot's owner: the account its files log in as and its gateway acts as without a session, a VIP like the
   * demo user (the first slot's is the demo user). Files of other slots, running at the same time, act as others.
   */
  owner: Owner;
}

/** A system a file started for itself (startSystem): its processes, where they log, and the demo owner. */
export type OwnSystem = RunningServices & { logDir: string; metricsPorts: ServicePorts; owner: Owner };

/**
 * The eight built processes on free ports, on the run's stores (which outlive them), with the demo user and book
 * seeded, healthy before it returns. Each process logs to `<logDir>/<name>.log`: read them when a test fails.
 */
export async function startSystem(
  stores: TestStores,
  name: string,
  healthyWithinMs = 60_000,
  environment: Record<string, string> = {},
): Promise<OwnSystem> {
  const logDir = await mkdtemp(join(tmpdir(), `turnleaf-${name}-`));
  const metricsPorts = await freeServicePorts();
  const services = await startServices({
    metricsPorts,
    stores: { ...stores, stop: async () => undefined },
    ports: await freeServicePorts(),
    demo: true,
    log: pino({ level: "warn" }),
    logDir,
    environment: { ...sharedStoreEnvironment, ...testPasswordEnvironment, ...environment },
  });
  await services.waitHealthy(healthyWithinMs);
  return Object.assign(services, { logDir, metricsPorts, owner: demoOwner });
}

/**
 * Begins the run's shared system, one per run for every worker slot, and answers at once with what each slot's files
 * need to reach it (its ports are chosen first); `ready` settles once it is healthy. The run's first files (the
 * longest, none of them on the shared system) start beside it instead of after it; `workerSystem()` waits for health.
 * Its settings: sharedSystemSettings.
 *
 * Each slot has a gateway and an owner of its own: files change their owner's powers through the power admin API
 * and act as the gateway's user without a session, and files of different slots run at the same time. The first slot
 * has the system's gateway and the demo owner; every other slot's owner is registered and given the demo's plan once
 * the system is healthy, and its gateway started then. One system instead of one per slot: its eight processes idle
 * at ~1.5 CPU-s a minute and take ~6 CPU-s to start (docs/benchmarks/test-suite.md).
 */
export async function beginSharedSystem(
  stores: TestStores,
  slots: number,
): Promise<{ systems: SharedSystem[]; ready: Promise<{ stopAll(): Promise<void> }> }> {
  const logDir = await mkdtemp(join(tmpdir(), "turnleaf-shared-system-"));
  const metricsPorts = await freeServicePorts();
  const ports = await freeServicePorts();
  const environment = { ...sharedStoreEnvironment, ...testPasswordEnvironment, ...sharedSystemSettings };
  const systems: SharedSystem[] = [
    { stores, gatewayUrl: gatewayUrlOf(ports), ports, metricsPorts, logDir, owner: demoOwner },
  ];
  for (let slot = 2; slot <= slots; slot++) {
    const slotPorts = { ...ports, gateway: await freePort() };
    const slotOwner = { email: `owner-${slot}@turnleaf.local`, password: demoOwner.password };
    systems.push({
      stores,
      gatewayUrl: gatewayUrlOf(slotPorts),
      ports: slotPorts,
      metricsPorts: { ...metricsPorts, gateway: await freePort() },
      logDir,
      owner: slotOwner,
    });
  }
  const ready = (async () => {
    const services = await startServices({
      metricsPorts,
      stores: { ...stores, stop: async () => undefined },
      ports,
      demo: true,
      log: pino({ level: "warn" }),
      logDir,
      environment,
    });
    const gateways: ProcessHandle[] = [];
    const stopAll = async () => {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
      await services.stopAll();
    };
    try {
      await services.waitHealthy(sharedSystemHealthyWithinMs);
      for (const [index, system] of systems.slice(1).entries()) {
        const name = `gateway-${index + 2}`;
        const userId = await registerVipOwner(gatewayUrlOf(ports), ports.power, system.owner);
        gateways.push(
          await startProcess({
            name,
            command: process.execPath,
            args: serviceArguments("gateway"),
            env: serviceEnvironment("gateway", { ...stores, stop: async () => undefined }, system.ports, {
              demo: true,
              actorUserId: userId,
              logLevel: "info",
              environment,
              metricsPort: system.metricsPorts.gateway,
            }),
            cwd: repositoryRoot,
            log: pino({ level: "warn" }),
            logFile: join(logDir, `${name}.log`),
          }),
        );
      }
    } catch (error) {
      await stopAll();
      throw error;
    }
    return { stopAll };
  })();
  return { systems, ready };
}

const gatewayUrlOf = (ports: ServicePorts) => `http://127.0.0.1:${ports.gateway}`;

/** Registers `owner` through the gateway and gives it the demo user's plan (VIP for a year); answers its user id. */
async function registerVipOwner(gatewayUrl: string, powerPort: number, owner: Owner): Promise<string> {
  const reply = await postTo(gatewayUrl, "/api/user/register", form({ ...owner }));
  const userId = String(reply.data?.userId ?? "");
  if (reply.code !== "OK" || !userId) throw new Error(`registering ${owner.email} answered ${reply.code}`);
  const admin = createClient(PowerAdminService, `127.0.0.1:${powerPort}`, { peer: "power" });
  try {
    const { vipExpiresAt } = demoPlan(new Date());
    await admin.setPlan({
      account: { userId },
      plan: {
        kind: PlanKind.VIP_ANNUAL,
        points: 0,
        ...(vipExpiresAt ? { vipExpiresAt: timestampFromDate(vipExpiresAt) } : {}),
      },
      actor: "test set-up",
    });
  } finally {
    admin.close();
  }
  return userId;
}

/** How long a shared system may take to become healthy (it starts beside the run's first files). */
export const sharedSystemHealthyWithinMs = 180_000;

/** Waits until the shared system answers healthy (it may still be starting when a file begins). */
export async function sharedSystemHealthy(system: SharedSystem): Promise<void> {
  try {
    await waitForHttp(
      `${system.gatewayUrl}/healthz`,
      (response) => response.status === 200,
      sharedSystemHealthyWithinMs,
    );
  } catch (error) {
    throw new Error(`the worker's shared system is not healthy (its logs: ${system.logDir}): ${String(error)}`);
  }
}
