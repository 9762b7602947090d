import { type Env, env, loadConfig } from "@turnleaf/kit";

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
      S3_BUCKET_BOOKS: env.text.default("turnleaf-books"),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
    },
    source,
  );
}
