import type { HealthStatus } from "@turnleaf/kit";
import type { FastifyInstance } from "fastify";
import { type StoreStatus, summariseHealth } from "../domain/health-report.js";
import { type Peers, serviceNames } from "../peers.js";
import type { StoreProbes } from "../stores.js";

const probeTimeoutMs = 1_500;

async function probe(check: () => Promise<void>): Promise<StoreStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<StoreStatus>((resolve) => {
    timer = setTimeout(() => resolve("down"), probeTimeoutMs);
  });
  const outcome = check().then(
    (): StoreStatus => "ok",
    (): StoreStatus => "down",
  );
  const status = await Promise.race([outcome, timeout]);
  clearTimeout(timer);
  return status;
}

export function registerHealthRoutes(app: FastifyInstance, peers: Peers, stores: StoreProbes): void {
  app.get("/livez", async () => ({ status: "ok" }));

  app.get("/healthz", async (_request, reply) => {
    const [serviceStatuses, mongodb, s3, nats] = await Promise.all([
      Promise.all(serviceNames.map((name) => peers.health[name].check("", probeTimeoutMs))),
      probe(stores.mongodb),
      probe(stores.s3),
      probe(stores.nats),
    ]);
    const services = Object.fromEntries(serviceNames.map((name, index) => [name, serviceStatuses[index]])) as Record<
      string,
      HealthStatus
    >;
    const report = summariseHealth({ gateway: "SERVING", ...services }, { mongodb, s3, nats });
    return reply.status(report.status === "ok" ? 200 : 503).send(report);
  });
}
