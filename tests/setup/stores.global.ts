import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import type { TestProject } from "vitest/node";
import type { RunningServices } from "../../scripts/src/services.js";
import { type RunningStores, startStores } from "../../scripts/src/stores.js";
import { launchChromiumServer } from "../browser.js";
import { externalStores } from "./external-stores.js";
import { beginSharedSystem, type SharedSystem } from "./shared-system.js";

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
    /** One Chromium per worker slot, which test files connect to (tests/browser.ts's launchChromium). */
    browserEndpoints: string[];
  }
}

/**
 * A set of real stores (MongoDB-wire, NATS JetStream, MinIO) on free ports for each test worker, for the whole run.
 * With several workers (three by default) files run at once, and every system would share its stores' database names,
 * streams and buckets, so each worker gets a set (`workerStores()`); files on one worker run one after another.
 *
 * Each worker also has a system the files that need no settings of their own share (`workerSystem()`), on a second
 * set of stores: a system's start costs about ten seconds of two cores, and its consumers must not take the work of
 * a file's own services (conversion items, beacons) from the first set's streams. With external stores there is no
 * second set, and no shared system.
 *
 * And each worker has a Chromium its files connect to (launchChromium), each file in contexts of its own. Stores
 * and browsers start side by side; the shared systems start in the background while the run's first files (the
 * longest, none of which uses one) begin.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const log = pino({ level: "warn" });
  const browsers: Awaited<ReturnType<typeof launchChromiumServer>>[] = [];
  const launches = Promise.allSettled(
    Array.from({ length: workers }, async () => browsers.push(await launchChromiumServer())),
  );
  const started: { stores: RunningStores; dataDir: string }[] = [];
  const starts = await Promise.allSettled(
    Array.from({ length: externalStores ? workers : workers * 2 }, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-test-stores-"));
      started.push({ stores: await startStores({ dataDir, log }), dataDir });
    }),
  );
  const storeSets: TestStores[] = started.map(({ stores }) => ({
    mongodbUri: stores.mongodbUri,
    natsUrl: stores.natsUrl,
    s3: stores.s3,
    ...(stores.sqliteDir ? { sqliteDir: stores.sqliteDir } : {}),
  }));
  const systems: { system: SharedSystem; ready: Promise<RunningServices> }[] = [];
  // Side by side: the browsers, and the systems before the stores they use. One after another, stopping three
  // browsers, three systems and six sets of stores took 3.3-5.4 s at every run's end; side by side 1.7-2.5 s.
  // A system that fails to stop is reported after the stores are stopped, not instead of stopping them.
  const stopSystemsThenStores = async () => {
    const systemsStopped = await Promise.allSettled(
      systems.map(async ({ ready }) => (await ready.catch(() => undefined))?.stopAll()),
    );
    await Promise.all(
      started.map(async ({ stores, dataDir }) => {
        await stores.stop();
        await rm(dataDir, { recursive: true, force: true });
      }),
    );
    const notStopped = systemsStopped.find((outcome) => outcome.status === "rejected");
    if (notStopped) throw notStopped.reason;
  };
  const stop = async () => {
    await Promise.all([...browsers.map((browser) => browser.close().catch(() => undefined)), stopSystemsThenStores()]);
  };
  const failed = [...starts, ...(await launches)].find((outcome) => outcome.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  // The shared systems start in the background: workerSystem() waits until its system is healthy.
  for (const stores of storeSets.slice(workers)) {
    const begun = await beginSharedSystem(stores);
    begun.ready.catch((error: unknown) => log.error({ err: error, logDir: begun.system.logDir }, "shared system"));
    systems.push(begun);
  }
  project.provide("storeSets", storeSets.slice(0, workers));
  project.provide(
    "systems",
    systems.map(({ system }) => system),
  );
  project.provide(
    "browserEndpoints",
    browsers.map((browser) => browser.wsEndpoint),
  );
  return stop;
}
