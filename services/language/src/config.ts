import { type Env, env, loadConfig } from "@turnleaf/kit";

export function readConfig(source: Env) {
  return loadConfig(
    "language",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50056),
      MONGODB_URI: env.mongodbUri,
      MONGODB_DATABASE: env.text.default("turnleaf-language"),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
}
export type LanguageConfig = ReturnType<typeof readConfig>;
