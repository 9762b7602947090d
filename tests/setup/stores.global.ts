import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import type { TestProject } from "vitest/node";
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
    /** The shared system as each worker slot reaches it (one system, a gateway and owner per slot: shared-system.ts). */
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
 * The files that need no settings of their own share one system (`workerSystem()`), whichever worker runs them, on a
 * set of stores of its own: its consumers must not take the work of a file's own services (conversion items, beacons)
 * from a worker's streams. Each worker slot reaches it through a gateway of its own, as an owner of its own
 * (beginSharedSystem). With external stores there is no such set, and no shared system.
 *
 * And each worker has a Chromium its files connect to (launchChromium), each file in contexts of its own. Stores
 * and browsers start side by side; the shared system starts in the background while the run's first files (the
 * longest, none of which uses it) begin.
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
    Array.from({ length: externalStores ? workers : workers + 1 }, async () => {
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
  let systems: SharedSystem[] = [];
  let systemReady: Promise<{ stopAll(): Promise<void> }> | undefined;
  // Side by side: the browsers, and the system before the stores it uses. One after another, stopping three browsers,
  // three systems and six sets of stores took 3.3-5.4 s at every run's end; side by side 1.7-2.5 s.
  // A system that fails to stop is reported after the stores are stopped, not instead of stopping them.
  const stopSystemsThenStores = async () => {
    // A system that never became healthy has already stopped its processes (beginSharedSystem).
    const running = await systemReady?.catch(() => undefined);
    const systemStopped = await running?.stopAll().then(
      () => undefined,
      (error: unknown) => ({ error }),
    );
    await Promise.all(
      started.map(async ({ stores, dataDir }) => {
        await stores.stop();
        await rm(dataDir, { recursive: true, force: true });
      }),
    );
    if (systemStopped) throw systemStopped.error;
  };
  const stop = async () => {
    await Promise.all([...browsers.map((browser) => browser.close().catch(() => undefined)), stopSystemsThenStores()]);
  };
  const failed = [...starts, ...(await launches)].find((outcome) => outcome.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  // The shared system starts in the background: workerSystem() waits until its slot's gateway is healthy.
  const systemStores = storeSets[workers];
  if (systemStores) {
    const begun = await beginSharedSystem(systemStores, workers);
    systems = begun.systems;
    systemReady = begun.ready;
    const logDir = systems[0]?.logDir;
    begun.ready.catch((error: unknown) => log.error({ err: error, logDir }, "shared system"));
  }
  project.provide("storeSets", storeSets.slice(0, workers));
  project.provide("systems", systems);
  project.provide(
    "browserEndpoints",
    browsers.map((browser) => browser.wsEndpoint),
  );
  return stop;
}
