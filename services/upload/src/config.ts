import { type Env, env, loadConfig, s3Env } from "@turnleaf/kit";

const mebibyte = 1024 * 1024;

export function readConfig(source: Env) {
  return loadConfig(
    "upload",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50053),
      MONGODB_URI: env.mongodbUri,
      MONGODB_DATABASE: env.text.default("turnleaf-upload"),
      NATS_URL: env.natsUrl,
      ...s3Env,
      S3_BUCKET_SOURCES: env.text.default("turnleaf-sources"),
      /** The book service (its name on a compose network by default; the chart and the local stack set it). */
      BOOK_SERVICE_ADDR: env.hostPort.default("book:50051"),
      /** The power service, asked for the power limits of every upload (the compose name by default). */
      POWER_SERVICE_ADDR: env.hostPort.default("power:50052"),
      /** How long an unfinished upload lives before the sweep removes it and its stored parts. */
      UPLOAD_TTL_SECONDS: env.positiveInteger.default(24 * 60 * 60),
      UPLOAD_SWEEP_INTERVAL_SECONDS: env.positiveInteger.default(300),
      /** S3 multipart part size: S3 wants at least 5 MiB for every part but the last; gRPC carries up to 16 MiB. */
      UPLOAD_PART_SIZE_BYTES: env.positiveInteger
        .min(5 * mebibyte)
        .max(15 * mebibyte)
        .default(5 * mebibyte),
      /** Unfinished uploads one user may hold at once, and the bytes they may declare together (2 GiB). */
      UPLOAD_OPEN_TASK_LIMIT: env.positiveInteger.default(10),
      UPLOAD_RESERVED_BYTES_LIMIT: env.positiveInteger.default(2 * 1024 * mebibyte),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
}

export type UploadConfig = ReturnType<typeof readConfig>;
