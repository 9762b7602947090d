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
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
    },
    source,
  );
}
