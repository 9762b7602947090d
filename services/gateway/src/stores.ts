import {
  type Connection,
  connectMongo,
  connectNats,
  createS3Client,
  type Logger,
  type NatsConnection,
  pingMongo,
  type S3Client,
  s3SettingsFrom,
} from "@turnleaf/kit";
import type { GatewayConfig } from "./config.js";

/**
 * Store connections held to report their health. The gateway's only data, the accounts' APK signatures, has its
 * own connection (signatures/signature-store.ts).
 */
export interface StoreProbes {
  mongodb(): Promise<void>;
  s3(): Promise<void>;
  nats(): Promise<void>;
  close(): Promise<void>;
}

export async function connectStoreProbes(config: GatewayConfig, log: Logger): Promise<StoreProbes> {
  const mongo: Connection = await connectMongo({ uri: config.MONGODB_URI, database: "turnleaf-gateway", log });
  const nats: NatsConnection = await connectNats({ url: config.NATS_URL, name: "gateway", log });
  const s3: S3Client = createS3Client(s3SettingsFrom(config));
  return {
    mongodb: () => pingMongo(mongo),
    s3: async () => {
      await s3.listBuckets();
    },
    nats: async () => {
      await nats.flush();
    },
    close: async () => {
      await nats.drain();
      await mongo.close();
    },
  };
}
