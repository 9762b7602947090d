import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { waitForHttp } from "../../scripts/src/processes.js";
import {
  freeServicePorts,
  type RunningServices,
  type ServicePorts,
  startServices,
} from "../../scripts/src/services.js";
import type { TestStores } from "./stores.global.js";

/**
 * For stacks on the run's shared stores: every test file acts as the same demo user, so its unfinished uploads add
 * up over a whole run and would meet the per-user limit (10) that tests/security checks on a stack of its own.
 */
export const sharedStoreEnvironment = { UPLOAD_OPEN_TASK_LIMIT: "1000" };

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
};

/**
 * The worker's system as a test file sees it: the seven built processes on its stores, started once for the whole
 * run. A file may not stop, kill or reconfigure them; one that does starts a system of its own (startSystem). With
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
}

/**
 * The seven built processes on free ports, on the run's stores (which outlive them), with the demo user and book
 * seeded, healthy before it returns. Each process logs to `<logDir>/<name>.log`: read them when a test fails.
 */
export async function startSystem(
  stores: TestStores,
  name: string,
  healthyWithinMs = 60_000,
  environment: Record<string, string> = {},
): Promise<RunningServices & { logDir: string; metricsPorts: ServicePorts }> {
  const logDir = await mkdtemp(join(tmpdir(), `turnleaf-${name}-`));
  const metricsPorts = await freeServicePorts();
  const services = await startServices({
    metricsPorts,
    stores: { ...stores, stop: async () => undefined },
    ports: await freeServicePorts(),
    demo: true,
    log: pino({ level: "warn" }),
    logDir,
    environment: { ...sharedStoreEnvironment, ...environment },
  });
  await services.waitHealthy(healthyWithinMs);
  return Object.assign(services, { logDir, metricsPorts });
}

/**
 * Begins a worker's shared system and answers at once with what its files need to reach it (its ports are chosen
 * first); `ready` settles once it is healthy. The run's first files (the longest, none of them on a shared system)
 * start beside it instead of after it; `workerSystem()` waits for health. Its settings: sharedSystemSettings.
 */
export async function beginSharedSystem(
  stores: TestStores,
): Promise<{ system: SharedSystem; ready: Promise<RunningServices> }> {
  const logDir = await mkdtemp(join(tmpdir(), "turnleaf-shared-system-"));
  const metricsPorts = await freeServicePorts();
  const ports = await freeServicePorts();
  const ready = (async () => {
    const services = await startServices({
      metricsPorts,
      stores: { ...stores, stop: async () => undefined },
      ports,
      demo: true,
      log: pino({ level: "warn" }),
      logDir,
      environment: { ...sharedStoreEnvironment, ...sharedSystemSettings },
    });
    try {
      await services.waitHealthy(sharedSystemHealthyWithinMs);
    } catch (error) {
      await services.stopAll();
      throw error;
    }
    return services;
  })();
  const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
  return { system: { stores, gatewayUrl, ports, metricsPorts, logDir }, ready };
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
