import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "pino";
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
 * The worker's system as a test file sees it: the seven built processes on its stores, started once for the whole
 * run. A file may not stop, kill or reconfigure them; one that does starts a system of its own (startSystem). With
 * external stores no system is shared (a file's own services would share its consumers): each file starts its own.
 */
export interface SharedSystem {
  /** Stores of its own: a file's own system on the worker's stores would share its streams' consumers. */
  stores: TestStores;
  gatewayUrl: string;
  ports: ServicePorts;
  /** Each process logs to `<logDir>/<name>.log`, every file's requests in one log. */
  logDir: string;
}

/**
 * Starts a worker's shared system. Sign-ups are not limited per address (10,000): the files that share it register
 * their users from the same loopback address over the whole run (tests/security checks the limit on its own stack).
 */
export async function startSharedSystem(
  stores: TestStores,
  log: Logger,
): Promise<{ system: SharedSystem; services: RunningServices }> {
  const logDir = await mkdtemp(join(tmpdir(), "turnleaf-shared-system-"));
  const services = await startServices({
    stores: { ...stores, stop: async () => undefined },
    ports: await freeServicePorts(),
    demo: true,
    log,
    logDir,
    environment: { ...sharedStoreEnvironment, SIGN_UP_LIMIT: "10000" },
  });
  await services.waitHealthy(120_000);
  return { system: { stores, gatewayUrl: services.gatewayUrl, ports: services.ports, logDir }, services };
}
