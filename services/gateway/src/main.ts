import { randomBytes } from "node:crypto";
import { closeOnSignals, createLogger, createS3Client, exitOnStartupFailure, s3SettingsFrom } from "@turnleaf/kit";
import { buildApp } from "./app.js";
import { bookAssets } from "./book-assets.js";
import { readConfig } from "./config.js";
import { connectPeers } from "./peers.js";
import { connectStoreProbes } from "./stores.js";

async function main() {
  const config = readConfig(process.env);
  const log = createLogger({ service: "gateway", level: config.LOG_LEVEL });
  const stores = await connectStoreProbes(config, log);
  const peers = connectPeers(config);
  const app = await buildApp({
    log,
    peers,
    stores,
    devActorUserId: config.DEV_ACTOR_USER_ID,
    allowedOrigins: config.ALLOWED_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    productHosts: config.PRODUCT_HOSTS,
    publicUrl: config.PUBLIC_URL,
    editorDistDir: config.EDITOR_DIST_DIR,
    reader: {
      assets: bookAssets(createS3Client(s3SettingsFrom(config)), config.S3_BUCKET_BOOKS),
      distDir: config.READER_DIST_DIR,
      grantSecret: config.READER_GRANT_SECRET ?? randomBytes(32).toString("base64url"),
    },
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  closeOnSignals(
    log,
    [
      { name: "http", close: () => app.close() },
      { name: "peers", close: async () => peers.close() },
      { name: "stores", close: () => stores.close() },
    ],
    config.SHUTDOWN_GRACE_MS,
  );
}

main().catch((error: unknown) => exitOnStartupFailure("gateway", error));
