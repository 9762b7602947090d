import { randomBytes } from "node:crypto";
import { ReadingEventsBatchSchema } from "@turnleaf/contracts/insight/v1/insight_events_pb";
import {
  closeOnSignals,
  connectNats,
  createLogger,
  createS3Client,
  exitOnStartupFailure,
  publishEvent,
  s3SettingsFrom,
  startMetricsServer,
  subjects,
} from "@turnleaf/kit";
import { buildApp } from "./app.js";
import { bookAssets } from "./book-assets.js";
import { readConfig } from "./config.js";
import { connectPeers } from "./peers.js";
import { beaconBatcher } from "./plugins/beacon-batcher.js";
import { connectPackageStore } from "./publish/package-store.js";
import { defaultDesktopRelease } from "./routes/desktop.routes.js";
import { connectSignatureStore } from "./signatures/signature-store.js";
import { connectStoreProbes } from "./stores.js";

async function main() {
  const config = readConfig(process.env);
  const log = createLogger({ service: "gateway", level: config.LOG_LEVEL });
  const stores = await connectStoreProbes(config, log);
  const peers = connectPeers(config);
  const signatures = await connectSignatureStore(config.MONGODB_URI, log);
  const packages = await connectPackageStore(config.MONGODB_URI, log);
  const s3 = createS3Client(s3SettingsFrom(config));
  const assets = bookAssets(s3, config.S3_BUCKET_BOOKS);
  // Readers' events go to the insight service over JetStream (its own connection: the probe's only flushes).
  const insightNats = await connectNats({ url: config.NATS_URL, name: "gateway-insight", log });
  // A book's beacons of a few milliseconds go as one message, each answered once JetStream has stored it.
  const beacons = beaconBatcher({
    publish: async (bookId, batch, messageId) => {
      await publishEvent(
        insightNats,
        subjects.bookRead(bookId),
        ReadingEventsBatchSchema,
        { beacons: batch },
        { messageId },
      );
    },
  });
  const app = await buildApp({
    log,
    peers,
    stores,
    signatures,
    publish: {
      store: packages,
      signatures,
      log,
      builder: {
        assets,
        s3,
        bucket: config.S3_BUCKET_BOOKS,
        cliMain: config.TURNLEAF_CLI_MAIN,
        serverUrl: `http://127.0.0.1:${config.PORT}`,
        timeoutMs: config.PUBLISH_TIMEOUT_MS,
      },
    },
    devActorUserId: config.DEV_ACTOR_USER_ID,
    allowedOrigins: config.ALLOWED_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    productHosts: config.PRODUCT_HOSTS,
    publicUrl: config.PUBLIC_URL,
    supportContact: config.SUPPORT_CONTACT,
    desktopRelease: {
      version: config.DESKTOP_LATEST_VERSION ?? defaultDesktopRelease.version,
      download: config.DESKTOP_DOWNLOAD_URL ?? defaultDesktopRelease.download,
    },
    editorDistDir: config.EDITOR_DIST_DIR,
    insight: {
      publish: (beacon) => beacons.add(beacon),
      saltSecret: config.STATISTICS_SALT_SECRET ?? randomBytes(32).toString("base64url"),
      eventsPerMinute: config.BEACON_EVENTS_PER_MINUTE,
    },
    reader: {
      assets,
      distDir: config.READER_DIST_DIR,
      grantSecret: config.READER_GRANT_SECRET ?? randomBytes(32).toString("base64url"),
    },
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  // Apart from the port users reach: the ingress never exposes the metrics.
  const metrics =
    config.METRICS_PORT === undefined
      ? undefined
      : await startMetricsServer({ host: config.HOST, port: config.METRICS_PORT, log });
  closeOnSignals(
    log,
    [
      { name: "http", close: () => app.close() },
      { name: "peers", close: async () => peers.close() },
      { name: "reading-beacons", close: () => beacons.close() },
      { name: "insight-nats", close: () => insightNats.drain() },
      { name: "signatures", close: () => signatures.close() },
      { name: "packages", close: () => packages.close() },
      { name: "stores", close: () => stores.close() },
      ...(metrics ? [{ name: "metrics", close: () => metrics.close() }] : []),
    ],
    config.SHUTDOWN_GRACE_MS,
  );
}

main().catch((error: unknown) => exitOnStartupFailure("gateway", error));
