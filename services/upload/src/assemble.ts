import { BookPagesService } from "@turnleaf/contracts/book/v1/book_pages_pb";
import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  type Connection,
  connectMongo,
  connectNats,
  createClient,
  createS3Client,
  ensureBuckets,
  ensureStreams,
  type Logger,
  type NatsConnection,
  type S3Client,
  type ServiceParts,
  s3SettingsFrom,
  streams,
} from "@turnleaf/kit";
import type { UploadConfig } from "./config.js";
import { UploadOutcomeRepository, UploadTaskRepository, UploadWriteRepository } from "./data/upload.repositories.js";
import { powerUploadAllowance } from "./domain/upload-allowance.js";
import { UploadEvents } from "./events/upload-events.js";
import { UploadDesk, type UploadDeskDependencies } from "./handlers/upload-desk.js";
import { buildServices } from "./server.js";
import { SourceStore } from "./sources/source-store.js";

/** Wires the upload desk to its stores and peers; the unique indexes must exist before any call. */
export async function assembleUploadDesk({
  mongo,
  nats,
  s3,
  bucket,
  now,
  ...peers
}: Pick<UploadDeskDependencies, "book" | "bookPages" | "allowance" | "settings" | "log"> & {
  mongo: Connection;
  nats: NatsConnection;
  s3: S3Client;
  bucket: string;
  now?: () => Date;
}): Promise<UploadDesk> {
  const repositories = {
    tasks: new UploadTaskRepository(mongo),
    writes: new UploadWriteRepository(mongo),
    outcomes: new UploadOutcomeRepository(mongo),
  };
  await Promise.all(Object.values(repositories).map((repository) => repository.ensureIndexes()));
  return new UploadDesk({
    ...peers,
    ...repositories,
    store: new SourceStore(s3, bucket),
    events: new UploadEvents(nats),
    now: now ?? (() => new Date()),
  });
}

/** Runs the expiry sweep every interval; answers a stop function for shutdown. */
export function startExpirySweep(desk: UploadDesk, intervalMs: number, log: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = desk.expireUnfinished().catch((error: unknown) => log.warn({ err: error }, "upload expiry sweep failed"));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * Wires the upload service: the sources bucket, the streams, the book and power clients, the desk
 * (assembleUploadDesk) and its expiry sweep, under the gRPC handlers (server.ts). main.ts runs it; what it opens is
 * closed, in order, at shutdown.
 */
export async function assemble(config: UploadConfig, log: Logger): Promise<ServiceParts> {
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
}
