/**
 * What the system benches share: the whole system as `npm start` runs it (embedded stores in a temporary folder,
 * every service a process of its own on free loopback ports, the demo seed), healthy before it is handed over, and
 * an autocannon run reduced to the numbers the benches print.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { type Logger, pino } from "pino";
import { freeServicePorts, startServices, startStores } from "../src/index.js";

export type BenchStack = Awaited<ReturnType<typeof startBenchStack>>;

/** Stores and services for a bench named `name` (its logs go to the data folder); stop() removes everything. */
export async function startBenchStack(name: string, options: { environment?: Record<string, string> } = {}) {
  const log: Logger = pino({ name: `bench-${name}`, level: process.env.LOG_LEVEL ?? "warn" });
  const dataDir = await mkdtemp(join(tmpdir(), `turnleaf-bench-${name}-`));
  const stores = await startStores({
    dataDir,
    log,
  });
  const services = await startServices({
    stores,
    ports: await freeServicePorts(),
    demo: true,
    log,
    logLevel: "warn",
    logDir: dataDir,
    ...(options.environment ? { environment: options.environment } : {}),
  });
  const stop = async () => {
    await services.stopAll();
    await stores.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await services.waitHealthy(90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { log, dataDir, stores, services, gatewayUrl: services.gatewayUrl, stop };
}

export interface Load {
  p50: number;
  p99: number;
  max: number;
  /** Requests per second, on average over the run. */
  rate: number;
  requests: number;
  failed: number;
}

/** One autocannon run (GET unless told), as latency percentiles, rate and failures. */
export async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon(options);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rate: result.requests.average,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}
