import { type Env, env, loadConfig } from "@turnleaf/kit";
import type { PrivateTargets } from "./delivery/webhook-target.js";

export function readConfig(source: Env) {
  return loadConfig(
    "insight",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50057),
      MONGODB_URI: env.mongodbUri,
      MONGODB_DATABASE: env.text.default("turnleaf-insight"),
      NATS_URL: env.natsUrl,
      /** Stream messages (each up to 500 beacons the gateway gathered) folded into the buckets per write. */
      STATISTICS_BATCH_SIZE: env.positiveInteger.max(10_000).default(1000),
      /** How long a delivered beacon message may stay unacknowledged before NATS delivers it again (a crashed fold). */
      STATISTICS_ACK_WAIT_SECONDS: env.positiveInteger.max(3_600).default(60),
      /** Lead submissions one reader (a daily salted hash of the address) may make per window. */
      LEAD_RATE_LIMIT: env.positiveInteger.default(5),
      LEAD_RATE_WINDOW_SECONDS: env.positiveInteger.default(600),
      /** The first retry of a failed webhook delivery waits this long, each later one twice the one before. */
      WEBHOOK_RETRY_BASE_MS: env.positiveInteger.default(2_000),
      /** On-premises: lead webhooks may reach loopback, private and link-local addresses (off: public internet only). */
      WEBHOOK_ALLOW_PRIVATE_TARGETS: env.booleanFlag.default(false),
      /**
       * Or only these private networks, CIDR blocks comma separated (a CRM inside the deployment's network, e.g.
       * "10.20.0.0/16"); every other private address stays refused.
       */
      WEBHOOK_PRIVATE_NETWORKS: env.privateNetworks.optional(),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
}

export type InsightConfig = ReturnType<typeof readConfig>;

/** The private networks lead webhooks may reach under this config: all, the listed ones, or none. */
export function webhookPrivateTargets(config: InsightConfig): PrivateTargets {
  return config.WEBHOOK_ALLOW_PRIVATE_TARGETS ? true : config.WEBHOOK_PRIVATE_NETWORKS;
}
