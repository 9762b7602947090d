import { readConfig as readGatewayConfig } from "@turnleaf/gateway/in-process";
import type { TestStores } from "../setup/stores.global.js";

export type PeerName = "book" | "power" | "upload" | "conversion" | "licence" | "language" | "insight";

/** No service listens on port 1: a peer a test does not start answers "unavailable" at once. */
const nowhere = "127.0.0.1:1";

/**
 * The gateway's configuration for a test: the run's real stores, the peers the test started (by address), every
 * other peer nowhere, and any extra settings (e.g. ALLOWED_ORIGINS).
 */
export function testGatewayConfig(
  stores: TestStores,
  peers: Partial<Record<PeerName, string>>,
  extra: Record<string, string> = {},
) {
  return readGatewayConfig({
    LOG_LEVEL: "silent",
    HOST: "127.0.0.1",
    BOOK_SERVICE_ADDR: peers.book ?? nowhere,
    POWER_SERVICE_ADDR: peers.power ?? nowhere,
    UPLOAD_SERVICE_ADDR: peers.upload ?? nowhere,
    CONVERSION_SERVICE_ADDR: peers.conversion ?? nowhere,
    LICENCE_SERVICE_ADDR: peers.licence ?? nowhere,
    LANGUAGE_SERVICE_ADDR: peers.language ?? nowhere,
    INSIGHT_SERVICE_ADDR: peers.insight ?? nowhere,
    MONGODB_URI: stores.mongodbUri,
    NATS_URL: stores.natsUrl,
    S3_ENDPOINT: stores.s3.endpoint,
    S3_ACCESS_KEY_ID: stores.s3.accessKey,
    S3_SECRET_ACCESS_KEY: stores.s3.secretKey,
    ...extra,
  });
}
