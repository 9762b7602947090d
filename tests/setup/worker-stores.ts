import { afterAll, inject } from "vitest";
import { type SharedSystem, sharedSystemHealthy, sharedSystemSettings, startSystem } from "./shared-system.js";
import type { TestStores } from "./stores.global.js";

const slot = () => Number(process.env.VITEST_POOL_ID ?? "1") - 1;

/** The stores of the worker slot this test file runs in (see stores.global.ts). */
export function workerStores(): TestStores {
  const sets = inject("storeSets");
  const stores = sets[slot() % sets.length];
  if (!stores) throw new Error("no test stores were provided: run the tests through vitest's config");
  return stores;
}

/**
 * The running system every worker slot's files share, through the slot's gateway and as its owner (see
 * shared-system.ts), once healthy: not to be stopped or reconfigured.
 * Where none is shared (external stores), a system of this file's own, stopped after its tests.
 */
export async function workerSystem(): Promise<SharedSystem> {
  const systems = inject("systems");
  const system = systems[slot() % Math.max(1, systems.length)];
  if (system) {
    await sharedSystemHealthy(system);
    return system;
  }
  const stores = workerStores();
  const own = await startSystem(stores, "file", undefined, sharedSystemSettings);
  afterAll(() => own.stopAll());
  const { gatewayUrl, ports, metricsPorts, logDir, owner } = own;
  return { stores, gatewayUrl, ports, metricsPorts, logDir, owner };
}
