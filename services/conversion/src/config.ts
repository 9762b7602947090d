import { availableParallelism } from "node:os";
import { type Env, env, loadConfig } from "@turnleaf/kit";

/** A whole number from 0 (the kit's port schema is exactly that, bounded above). */
const wholeNumber = env.port;

export function readConfig(source: Env) {
  return loadConfig(
    "conversion",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50054),
      MONGODB_URI: env.mongodbUri,
      MONGODB_DATABASE: env.text.default("turnleaf-conversion"),
      NATS_URL: env.natsUrl,
      S3_ENDPOINT: env.url,
      S3_REGION: env.text.default("us-east-1"),
      S3_ACCESS_KEY_ID: env.text,
      S3_SECRET_ACCESS_KEY: env.text,
      S3_BUCKET_SOURCES: env.text.default("turnleaf-sources"),
      S3_BUCKET_BOOKS: env.text.default("turnleaf-books"),
      /** Render worker threads per replica (0 renders in the main thread). */
      CONVERSION_WORKERS: wholeNumber.max(64).default(availableParallelism()),
      /** Deliveries of a job before it is dead-lettered. */
      CONVERSION_MAX_DELIVER: env.positiveInteger.default(4),
      /** Without an in-progress ack for this long, JetStream hands the job to another replica. */
      CONVERSION_ACK_WAIT_MS: env.positiveInteger.min(1_000).default(60_000),
      /** WebP encoder effort 0 (fast) to 6 (small). */
      CONVERSION_WEBP_EFFORT: wholeNumber.max(6).default(2),
      /** Where sources are downloaded while a job runs. */
      CONVERSION_TMP_DIR: env.text.optional(),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
    },
    source,
  );
}

export type ConversionConfig = ReturnType<typeof readConfig>;
