/**
 * A store outage never strands a book: with MinIO (a server of this test's own) killed for 4 s mid-conversion
 * (past the first retry's 2 s delay; with its restart, near the sum of the first two: 8 s only made the file wait,
 * down and then through the last 8 s delay), retries back off across the outage (2, 4, 8 s) and every book ends
 * COMPLETED with all its pages, or FAILED with its reason (the failure needs only NATS) — never `processing` for good.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConversionJobProgressed,
  ConversionJobProgressedSchema,
  ConversionJobRequestedSchema,
  ConversionJobState,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { BookStore, startJobConsumer } from "@turnleaf/conversion/in-process";
import { createRenderPool } from "@turnleaf/conversion/render";
import {
  connectNats,
  createS3Client,
  decodeEvent,
  ensureBuckets,
  ensureStreams,
  followSubject,
  publishEvent,
} from "@turnleaf/kit";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../../scripts/src/ports.js";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerStores } from "../setup/worker-stores.js";
import { log, uniqueId } from "./harness.js";
import { testSubjects } from "./harness-subjects.mjs";

const credentials = { accessKey: "outage", secretKey: "outage-test-secret", region: "us-east-1" };

/** A MinIO server of this test's own, which it can kill and start again on the same port and data. */
async function privateMinio() {
  const dir = await mkdtemp(join(tmpdir(), "turnleaf-outage-minio-"));
  const port = await freePort();
  const consolePort = await freePort();
  const binary = join(process.env.TURNLEAF_TOOLS_DIR ?? join(homedir(), ".cache", "turnleaf", "bin"), "minio");
  const endpoint = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn(
      binary,
      ["server", join(dir, "data"), "--address", `127.0.0.1:${port}`, "--console-address", `127.0.0.1:${consolePort}`],
      {
        env: {
          ...process.env,
          MINIO_ROOT_USER: credentials.accessKey,
          MINIO_ROOT_PASSWORD: credentials.secretKey,
          MINIO_UPDATE: "off",
          MINIO_CALLHOME_ENABLE: "off",
          HOME: dir,
        },
        stdio: "ignore",
      },
    );
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const ready = await fetch(`${endpoint}/minio/health/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error("the test's MinIO did not start");
  };
  const kill = async () => {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server?.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    s3: { endpoint, ...credentials },
    start,
    kill,
    async close() {
      if (server?.exitCode === null) await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const minio = await privateMinio();
const stores = workerStores();
const prefix = `o${uniqueId()}`;
const nats = await connectNats({ url: stores.natsUrl, name: "outage-test", log });
const subjects = testSubjects(prefix);
await ensureStreams(nats, [{ name: subjects.stream, subjects: [`${prefix}.>`], maxAgeMs: 10 * 60_000 }]);
const s3 = createS3Client(minio.s3);
const buckets = { sources: `${prefix}-sources`, books: `${prefix}-books` };
await ensureBuckets(s3, [buckets.sources, buckets.books], credentials.region, log);
const store = new BookStore(s3, buckets);
const pool = createRenderPool(1);

afterAll(async () => {
  await pool.close();
  await nats.drain();
  await minio.close();
});

function finalEvent(jobId: string, onEvent: (event: ConversionJobProgressed) => void) {
  const controller = new AbortController();
  const done = (async () => {
    for await (const message of followSubject(nats, subjects.stream, subjects.progress(jobId), controller.signal)) {
      const event = decodeEvent(ConversionJobProgressedSchema, message);
      onEvent(event);
      if (event.state === ConversionJobState.COMPLETED || event.state === ConversionJobState.FAILED) return event;
    }
    return undefined;
  })();
  return { done, stop: () => controller.abort() };
}

it("ends every book complete or failed with its reason when MinIO is down for 4 s mid-conversion", {
  timeout: 240_000,
}, async () => {
  const consumer = await startJobConsumer({
    nats,
    store,
    pool,
    log,
    settings: { webpEffort: 2 },
    maxDeliver: 4,
    ackWaitMs: 20_000,
    retryDelayMs: 2_000,
    subjects,
    durable: "outage",
    pagesPerItem: 8,
  });
  try {
    const books = [
      { pages: 24, name: "split.pdf" },
      { pages: 6, name: "small.pdf" },
    ];
    let started = false;
    let startOutage: () => void = () => undefined;
    const outage = new Promise<void>((resolve) => {
      startOutage = resolve;
    });
    const jobs = [];
    for (const book of books) {
      const bytes = await labelledPdf("O", book.pages);
      const key = `sources/${uniqueId()}`;
      await s3.putObject(buckets.sources, key, bytes, bytes.length);
      const jobId = uniqueId();
      const bookId = `b${uniqueId()}`;
      const watcher = finalEvent(jobId, (event) => {
        if (!started && (event.pages?.done ?? 0n) >= 3n) {
          started = true;
          startOutage();
        }
      });
      await publishEvent(nats, subjects.requested.replace("*", jobId), ConversionJobRequestedSchema, {
        jobId,
        bookId,
        revision: 1,
        sources: [{ key, kind: SourceKind.PDF, displayName: book.name }],
        options: { engine: Engine.HD_TEXT, maxSidePx: 700 },
      });
      jobs.push({ ...book, jobId, bookId, watcher });
    }
    await outage;
    await minio.kill();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await minio.start();

    const deadline = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 150_000));
    for (const job of jobs) {
      const last = await Promise.race([job.watcher.done, deadline]);
      job.watcher.stop();
      expect(last, `${job.name} never ended`).toBeDefined();
      if (last?.state === ConversionJobState.COMPLETED) {
        expect(await store.getManifest(`books/${job.bookId}/r1/manifest.json`)).toMatchObject({
          state: "ready",
          pagesDone: job.pages,
        });
      } else {
        expect(last?.state).toBe(ConversionJobState.FAILED);
        expect(last?.message).not.toBe("");
      }
      log.info({ book: job.name, state: last?.state }, "outcome after the outage");
    }
  } finally {
    await consumer.stop();
  }
});
