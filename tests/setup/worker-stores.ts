import { inject } from "vitest";
import type { TestStores } from "./stores.global.js";

/** The stores of the worker slot this test file runs in (see stores.global.ts). */
export function workerStores(): TestStores {
  const sets = inject("storeSets");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1") - 1;
  const stores = sets[slot % sets.length];
  if (!stores) throw new Error("no test stores were provided: run the tests through vitest's config");
  return stores;
}
