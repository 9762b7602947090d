import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { freeServicePorts, type RunningServices, startServices } from "../../scripts/src/services.js";
import type { TestStores } from "../setup/stores.global.js";

/**
 * The seven built processes on free ports, on the run's stores (which outlive them), with the demo user and book
 * seeded, healthy before it returns. Each process logs to `<logDir>/<name>.log`: read them when a test fails.
 */
export async function startSystem(
  stores: TestStores,
  name: string,
  healthyWithinMs = 60_000,
): Promise<RunningServices & { logDir: string }> {
  const logDir = await mkdtemp(join(tmpdir(), `turnleaf-${name}-`));
  const services = await startServices({
    stores: { ...stores, stop: async () => undefined },
    ports: await freeServicePorts(),
    demo: true,
    log: pino({ level: "warn" }),
    logDir,
  });
  await services.waitHealthy(healthyWithinMs);
  return Object.assign(services, { logDir });
}

export interface Reply {
  code: string;
  msg: string;
  data: Record<string, unknown> | null;
}

/** A POST to the gateway (form-encoded unless told), answered with its envelope. */
export async function postTo(
  gatewayUrl: string,
  path: string,
  body: string | Blob,
  contentType = "application/x-www-form-urlencoded",
): Promise<Reply> {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
  return (await response.json()) as Reply;
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
