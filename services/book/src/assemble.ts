import { ConversionJobRequestedSchema } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  connectMongo,
  connectNats,
  createClient,
  createS3Client,
  ensureBuckets,
  type Logger,
  publishEvent,
  type ServiceParts,
  s3SettingsFrom,
  subjects,
} from "@turnleaf/kit";
import type { BookConfig } from "./config.js";
import { BookRepository } from "./data/book.repository.js";
import { BookCommentRepository } from "./data/book-comment.repository.js";
import { BookContentRepository } from "./data/book-content.repository.js";
import { BookRevisionRepository } from "./data/book-revision.repository.js";
import { FileStore } from "./data/file-store.js";
import { MediaRepository } from "./data/media.repository.js";
import { PageAudioRepository } from "./data/page-audio.repository.js";
import { demoBook } from "./domain/demo.js";
import { catalogueUnknownSettings } from "./domain/setting-validation.js";
import { runConversionConsumers } from "./events/conversion.consumer.js";
import { runHostingConsumer } from "./events/hosting.consumer.js";
import { pageEditOnReady } from "./events/page-edit-ready.js";
import { startRevisionSweep } from "./events/revision-sweep.js";
import { buildServices } from "./server.js";

/**
 * Wires the book service: its repositories (indexes ensured before any call), the file store, the NATS consumers
 * (hosting suspensions, conversion outcomes), the power client and the revision sweep, under the gRPC handlers
 * (server.ts). main.ts runs it; what it opens is closed, in order, at shutdown.
 */
export async function assemble(config: BookConfig, log: Logger): Promise<ServiceParts> {
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const books = new BookRepository(mongo);
  const revisions = new BookRevisionRepository(mongo);
  const content = new BookContentRepository(mongo);
  const comments = new BookCommentRepository(mongo);
  // The unique indexes are what make "create book from upload" idempotent: they must exist before any call.
  await Promise.all([
    books.ensureIndexes(),
    revisions.ensureIndexes(),
    content.ensureIndexes(),
    comments.ensureIndexes(),
  ]);
  // Spec 000 §5: settings whose parser (type) this code does not know are only logged, and left out.
  for (const setting of catalogueUnknownSettings())
    log.warn(setting, "unknown setting parser: left out of the catalogue");
  const moved = await books.moveSettingsTexts();
  if (moved > 0) log.info({ books: moved }, "settings texts moved to book_settings");
  if (config.DEMO_SEED) {
    await books.upsert(demoBook);
    log.info({ number: demoBook.number }, "demo book seeded");
  }
  let files: FileStore | undefined;
  if (config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    const s3 = createS3Client(
      s3SettingsFrom({
        S3_ENDPOINT: config.S3_ENDPOINT,
        S3_REGION: config.S3_REGION,
        S3_ACCESS_KEY_ID: config.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY,
      }),
    );
    await ensureBuckets(s3, [config.S3_BUCKET_ASSETS], config.S3_REGION, log);
    files = new FileStore(s3, config.S3_BUCKET_ASSETS, config.S3_BUCKET_BOOKS, config.S3_BUCKET_SOURCES);
  } else {
    log.warn("S3_ENDPOINT is not set: upload-file and the PDF download answer 'file storage is not configured'");
  }
  const nats = config.NATS_URL ? await connectNats({ url: config.NATS_URL, name: "book", log }) : undefined;
  const hosting = nats ? await runHostingConsumer(nats, books, log) : undefined;
  const media = new MediaRepository(mongo);
  const pageAudio = new PageAudioRepository(mongo);
  const conversions = nats
    ? await runConversionConsumers(nats, books, log, {
        beforeReady: pageEditOnReady({ books, revisions, media, pageAudio, files, log }),
      })
    : undefined;
  if (!nats) {
    log.warn("NATS_URL is not set: hosting suspensions and conversion outcomes are not followed");
  }
  const power = createClient(PowerService, config.POWER_SERVICE_ADDR, { peer: "power", defaultDeadlineMs: 5_000 });
  const stopSweep = files
    ? startRevisionSweep(
        { books, revisions, files, log, now: () => new Date(), graceMs: config.REVISION_GRACE_SECONDS * 1000 },
        config.REVISION_SWEEP_INTERVAL_SECONDS * 1000,
      )
    : undefined;
  return {
    services: buildServices({
      books,
      revisions,
      power,
      content,
      comments,
      files,
      log,
      media,
      pageAudio,
      pdfDownloadHosts: config.PDF_DOWNLOAD_HOSTS ?? [],
      ...(nats
        ? {
            requestConversion: async (job) => {
              await publishEvent(
                nats,
                subjects.conversionJobRequested(job.jobId ?? ""),
                ConversionJobRequestedSchema,
                job,
                {
                  messageId: job.jobId,
                },
              );
            },
          }
        : {}),
      videoMaxBytes: config.MEDIA_VIDEO_MAX_BYTES,
      remotePictures: {
        maxBytes: config.REMOTE_PICTURE_MAX_BYTES,
        timeoutMs: config.REMOTE_PICTURE_TIMEOUT_MS,
        allowed: config.REMOTE_PICTURE_PRIVATE_NETWORKS,
      },
    }),
    resources: [
      ...(stopSweep ? [{ name: "revision sweep", close: stopSweep }] : []),
      ...(hosting ? [{ name: "hosting consumer", close: () => hosting.stop() }] : []),
      ...(conversions ? [{ name: "conversion consumers", close: () => conversions.stop() }] : []),
      ...(nats ? [{ name: "nats", close: () => nats.drain() }] : []),
      { name: "power client", close: async () => power.close() },
      { name: "mongodb", close: () => mongo.close() },
    ],
  };
}
