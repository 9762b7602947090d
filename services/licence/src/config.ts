import { type Env, env, loadConfig } from "@turnleaf/kit";

export function readConfig(source: Env) {
  return loadConfig(
    "licence",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50055),
      MONGODB_URI: env.mongodbUri,
      MONGODB_DATABASE: env.text.default("turnleaf-licence"),
      /** PKCS#8 PEM of the Ed25519 signing key; when unset the service generates one and keeps it in MongoDB. */
      LICENCE_SIGNING_KEY_PEM: env.text.optional(),
      /** The secret licence codes are hashed with (HMAC-SHA256); when unset, generated and kept in MongoDB. */
      LICENCE_CODE_PEPPER: env.text.min(32, "at least 32 characters").optional(),
      /** How long an online answer grants the licence before the desktop tool must check in again. */
      LICENCE_ONLINE_ANSWER_TTL_DAYS: env.positiveInteger.default(30),
      /** How long an offline verification file grants it; a revocation reaches the machine at the latest then. */
      LICENCE_OFFLINE_ANSWER_TTL_DAYS: env.positiveInteger.default(90),
      /** Unknown or malformed licence codes one client address (or terminal) may try per window. */
      LICENCE_GUESS_LIMIT: env.positiveInteger.default(10),
      LICENCE_GUESS_WINDOW_SECONDS: env.positiveInteger.default(900),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
}

export type LicenceConfig = ReturnType<typeof readConfig>;

/** The operator command's settings: where the licence service listens. */
export function readCommandConfig(source: Env) {
  return loadConfig(
    "licence command",
    {
      LICENCE_SERVICE_ADDR: env.hostPort.default("127.0.0.1:50055"),
      LOG_LEVEL: env.logLevel.default("warn"),
    },
    source,
  );
}
