/**
 * What the conversion integration tests share: buckets, a JetStream stream and subjects of their own (so no
 * other test's conversion service sees these jobs), sources uploaded as the upload service would, and readers
 * for progress events and the books bucket.
 */
import { randomUUID } from "node:crypto";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { PubAck } from "@nats-io/jetstream";
import type { Manifest } from "@turnleaf/book-format";
import {
  type ConversionJobProgressed,
  ConversionJobProgressedSchema,
  ConversionJobRequestedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import {
  BookStore,
  type JobConsumerOptions,
  type JobSubjects,
  startJobConsumer,
} from "@turnleaf/conversion/in-process";
import type { RenderPool } from "@turnleaf/conversion/render";
import {
  connectNats,
  createLogger,
  createS3Client,
  decodeEvent,
  ensureBuckets,
  ensureStreams,
  followSubject,
  type NatsConnection,
  publishEvent,
  type RunningConsumer,
} from "@turnleaf/kit";
import { workerStores } from "../setup/worker-stores.js";
import { testSubjects } from "./harness-subjects.mjs";

export { testSubjects };

export const log = createLogger({ service: "conversion-test", level: process.env.TEST_LOG_LEVEL ?? "silent" });

export function uniqueId(): string {
  return randomUUID().replace(/-/g, "").slice(0, 12);
}

export interface Harness {
  nats: NatsConnection;
  store: BookStore;
  subjects: JobSubjects;
  prefix: string;
  buckets: { sources: string; books: string };
  upload(bytes: Buffer): Promise<string>;
  /** Publishes a job request; answers JetStream's ack (its stream sequence is the job's run). */
  publishJob(job: MessageInitShape<typeof ConversionJobRequestedSchema>): Promise<PubAck>;
  /** Every progress event of a job until (and including) the n-th final one. */
  events(jobId: string, finals?: number, timeoutMs?: number): Promise<ConversionJobProgressed[]>;
  manifest(bookId: string, revision: number): Promise<Manifest | undefined>;
  keys(bookId: string, revision: number): Promise<string[]>;
  /** An object of the books bucket. */
  object(key: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function createHarness(prefix = `c${uniqueId()}`): Promise<Harness> {
  const stores = workerStores();
  const s3 = createS3Client(stores.s3);
  const buckets = { sources: `${prefix}-sources`, books: `${prefix}-books` };
  await ensureBuckets(s3, [buckets.sources, buckets.books], stores.s3.region, log);
  const nats = await connectNats({ url: stores.natsUrl, name: "conversion-test", log });
  const subjects = testSubjects(prefix);
  await ensureStreams(nats, [{ name: subjects.stream, subjects: [`${prefix}.>`], maxAgeMs: 10 * 60_000 }]);
  const store = new BookStore(s3, buckets);
  return {
    nats,
    store,
    subjects,
    prefix,
    buckets,
    async upload(bytes) {
      const key = `sources/${uniqueId()}`;
      await s3.putObject(buckets.sources, key, bytes, bytes.length);
      return key;
    },
    publishJob: (job) =>
      publishEvent(nats, subjects.requested.replace("*", job.jobId ?? ""), ConversionJobRequestedSchema, job),
    async events(jobId, finals = 1, timeoutMs = 45_000) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const seen: ConversionJobProgressed[] = [];
      let finalCount = 0;
      try {
        for await (const message of followSubject(nats, subjects.stream, subjects.progress(jobId), controller.signal)) {
          const event = decodeEvent(ConversionJobProgressedSchema, message);
          seen.push(event);
          if (event.state === ConversionJobState.COMPLETED || event.state === ConversionJobState.FAILED) {
            finalCount++;
            if (finalCount >= finals) break;
          }
        }
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
      if (finalCount < finals) throw new Error(`job ${jobId}: ${finalCount} of ${finals} final events in time`);
      return seen;
    },
    manifest: (bookId, revision) => store.getManifest(`books/${bookId}/r${revision}/manifest.json`),
    keys: async (bookId, revision) => (await store.list(`books/${bookId}/r${revision}/`)).sort(),
    async object(key) {
      const chunks: Buffer[] = [];
      for await (const chunk of await s3.getObject(buckets.books, key)) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks);
    },
    close: () => nats.drain(),
  };
}

/**
 * A job consumer on the harness's stores and subjects with the tests' usual settings (WebP effort 2, 3 deliveries,
 * a 30 s ack wait, retries after 200 ms); a file names its durable and whatever it tests differently.
 */
export function startTestConsumer(
  harness: Harness,
  pool: RenderPool,
  options: Pick<JobConsumerOptions, "durable"> & Partial<JobConsumerOptions>,
): Promise<RunningConsumer> {
  return startJobConsumer({
    nats: harness.nats,
    store: harness.store,
    pool,
    log,
    settings: { webpEffort: 2 },
    maxDeliver: 3,
    ackWaitMs: 30_000,
    retryDelayMs: 200,
    subjects: harness.subjects,
    ...options,
  });
}
