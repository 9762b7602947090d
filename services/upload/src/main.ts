import {
  connectMongo,
  connectNats,
  createS3Client,
  ensureBuckets,
  ensureStreams,
  runGrpcService,
  s3SettingsFrom,
  streams,
} from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { buildServices } from "./server.js";

runGrpcService(
  "upload",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    await ensureBuckets(createS3Client(s3SettingsFrom(config)), [config.S3_BUCKET_SOURCES], config.S3_REGION, log);
    const nats = await connectNats({ url: config.NATS_URL, name: "upload", log });
    await ensureStreams(nats, [streams.upload]);
    return {
      services: buildServices(),
      resources: [
        { name: "nats", close: () => nats.drain() },
        { name: "mongodb", close: () => mongo.close() },
      ],
    };
  },
);
