import {
  closeOnSignals,
  connectMongo,
  connectNats,
  createLogger,
  createS3Client,
  ensureBuckets,
  ensureStreams,
  exitOnStartupFailure,
  startGrpcServer,
  streams,
} from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { buildServices } from "./server.js";

async function main() {
  const config = readConfig(process.env);
  const log = createLogger({ service: "conversion", level: config.LOG_LEVEL });
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const s3 = createS3Client({
    endpoint: config.S3_ENDPOINT,
    accessKey: config.S3_ACCESS_KEY_ID,
    secretKey: config.S3_SECRET_ACCESS_KEY,
    region: config.S3_REGION,
  });
  await ensureBuckets(s3, [config.S3_BUCKET_BOOKS], config.S3_REGION, log);
  const nats = await connectNats({ url: config.NATS_URL, name: "conversion", log });
  await ensureStreams(nats, [streams.conversion]);
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: buildServices({ nats }),
    log,
  });
  server.setServing(true);
  closeOnSignals(
    log,
    [
      { name: "grpc", close: () => server.stop(config.SHUTDOWN_GRACE_MS) },
      { name: "nats", close: () => nats.drain() },
      { name: "mongodb", close: () => mongo.close() },
    ],
    config.SHUTDOWN_GRACE_MS,
  );
}

main().catch((error: unknown) => exitOnStartupFailure("conversion", error));
