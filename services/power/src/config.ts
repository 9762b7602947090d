import { type Env, env, loadConfig } from "@turnleaf/kit";

export function readConfig(source: Env) {
  return loadConfig(
    "power",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50052),
      MONGODB_URI: env.mongodbUri,
      MONGODB_DATABASE: env.text.default("turnleaf-power"),
      DEMO_SEED: env.booleanFlag.default(false),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
    },
    source,
  );
}

export type PowerConfig = ReturnType<typeof readConfig>;
