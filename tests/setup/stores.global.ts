import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import type { TestProject } from "vitest/node";
import { type RunningStores, startStores } from "../../scripts/src/stores.js";

export interface TestStores {
  mongodbUri: string;
  natsUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; region: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One set of stores per worker slot: set `n - 1` serves the files that run with VITEST_POOL_ID `n`. */
    storeSets: TestStores[];
  }
}

/**
 * A set of real stores (MongoDB-wire, NATS JetStream, MinIO) on free ports for each test worker, for the whole run.
 * With TEST_WORKERS=2 two files run at once, and every system would share its stores' database names, streams and
 * buckets, so each worker gets a set (`workerStores()`); files on one worker run one after another.
 */
export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const log = pino({ level: "warn" });
  const started: { stores: RunningStores; dataDir: string }[] = await Promise.all(
    Array.from({ length: workers }, async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-test-stores-"));
      return { stores: await startStores({ dataDir, log }), dataDir };
    }),
  );
  project.provide(
    "storeSets",
    started.map(({ stores }) => ({ mongodbUri: stores.mongodbUri, natsUrl: stores.natsUrl, s3: stores.s3 })),
  );
  return async () => {
    for (const { stores, dataDir } of started) {
      await stores.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}
