import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import type { TestProject } from "vitest/node";
import type { RunningServices } from "../../scripts/src/services.js";
import { type RunningStores, startStores } from "../../scripts/src/stores.js";
import { externalStores } from "./external-stores.js";
import { type SharedSystem, startSharedSystem } from "./shared-system.js";

export interface TestStores {
  mongodbUri: string;
  natsUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; region: string };
  /** FerretDB's SQLite files, when FerretDB serves MongoDB (not with a mongod or external stores). */
  sqliteDir?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One set of stores per worker slot: set `n - 1` serves the files that run with VITEST_POOL_ID `n`. */
    storeSets: TestStores[];
    /** One shared system per worker slot, on stores of its own (see shared-system.ts). */
    systems: SharedSystem[];
  }
}

/**
 * A set of real stores (MongoDB-wire, NATS JetStream, MinIO) on free ports for each test worker, for the whole run.
 * With two workers (the default) two files run at once, and every system would share its stores' database names,
 * streams and buckets, so each worker gets a set (`workerStores()`); files on one worker run one after another.
 *
 * Each worker also has a system the files that need no settings of their own share (`workerSystem()`), on a second
 * set of stores: a system's start costs about ten seconds of two cores, and its consumers must not take the work of
 * a file's own services (conversion items, beacons) from the first set's streams. With external stores there is no
 * second set, and no shared system.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const log = pino({ level: "warn" });
  const started: { stores: RunningStores; dataDir: string }[] = await Promise.all(
    Array.from({ length: externalStores ? workers : workers * 2 }, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-test-stores-"));
      return { stores: await startStores({ dataDir, log }), dataDir };
    }),
  );
  const storeSets: TestStores[] = started.map(({ stores }) => ({
    mongodbUri: stores.mongodbUri,
    natsUrl: stores.natsUrl,
    s3: stores.s3,
    ...(stores.sqliteDir ? { sqliteDir: stores.sqliteDir } : {}),
  }));
  const systems: { system: SharedSystem; services: RunningServices }[] = [];
  const stop = async () => {
    for (const { services } of systems) await services.stopAll();
    for (const { stores, dataDir } of started) {
      await stores.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  try {
    for (const stores of storeSets.slice(workers)) systems.push(await startSharedSystem(stores));
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide("storeSets", storeSets.slice(0, workers));
  project.provide(
    "systems",
    systems.map(({ system }) => system),
  );
  return stop;
}
