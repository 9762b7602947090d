import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import type { TestProject } from "vitest/node";
import { startStores } from "../../scripts/src/stores.js";

export interface TestStores {
  mongodbUri: string;
  natsUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; region: string };
}

declare module "vitest" {
  export interface ProvidedContext {
    stores: TestStores;
  }
}

/** One set of real stores (MongoDB-wire, NATS JetStream, MinIO) on free ports for the whole run. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-test-stores-"));
  const log = pino({ level: "warn" });
  const stores = await startStores({ dataDir, log });
  project.provide("stores", { mongodbUri: stores.mongodbUri, natsUrl: stores.natsUrl, s3: stores.s3 });
  return async () => {
    await stores.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
