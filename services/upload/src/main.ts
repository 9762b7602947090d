import { BookPagesService } from "@turnleaf/contracts/book/v1/book_pages_pb";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  connectMongo,
  connectNats,
  createClient,
  createS3Client,
  ensureBuckets,
  ensureStreams,
  runGrpcService,
  s3SettingsFrom,
  streams,
} from "@turnleaf/kit";
import { assembleUploadDesk, startExpirySweep } from "./assemble.js";
import { readConfig } from "./config.js";
import { powerUploadAllowance } from "./domain/upload-allowance.js";
import { buildServices } from "./server.js";

runGrpcService(
  "upload",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const s3 = createS3Client(s3SettingsFrom(config));
    await ensureBuckets(s3, [config.S3_BUCKET_SOURCES], config.S3_REGION, log);
    const nats = await connectNats({ url: config.NATS_URL, name: "upload", log });
    // The upload service publishes conversion jobs: their stream must exist even before a worker starts.
    await ensureStreams(nats, [streams.upload, streams.conversion]);
    const book = createClient(BookService, config.BOOK_SERVICE_ADDR, { peer: "book", defaultDeadlineMs: 10_000 });
    const bookPages = createClient(BookPagesService, config.BOOK_SERVICE_ADDR, {
      peer: "book",
      defaultDeadlineMs: 10_000,
    });
    const power = createClient(PowerService, config.POWER_SERVICE_ADDR, { peer: "power", defaultDeadlineMs: 5_000 });
    const desk = await assembleUploadDesk({
      mongo,
      nats,
      s3,
      bucket: config.S3_BUCKET_SOURCES,
      book,
      bookPages,
      allowance: powerUploadAllowance(power),
      settings: {
        ttlMs: config.UPLOAD_TTL_SECONDS * 1000,
        partSizeBytes: config.UPLOAD_PART_SIZE_BYTES,
        openTaskLimit: config.UPLOAD_OPEN_TASK_LIMIT,
        reservedBytesLimit: config.UPLOAD_RESERVED_BYTES_LIMIT,
      },
      log,
    });
    const stopSweep = startExpirySweep(desk, config.UPLOAD_SWEEP_INTERVAL_SECONDS * 1000, log);
    return {
      services: buildServices({ desk, nats }),
      resources: [
        { name: "expiry sweep", close: stopSweep },
        { name: "book client", close: async () => book.close() },
        { name: "book pages client", close: async () => bookPages.close() },
        { name: "power client", close: async () => power.close() },
        { name: "nats", close: () => nats.drain() },
        { name: "mongodb", close: () => mongo.close() },
      ],
    };
  },
);
