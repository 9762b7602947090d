/**
 * One book, many replicas: a book bigger than a work item is split into runs of pages on the JetStream work
 * queue, and every conversion process renders some. Two processes share a book; one is killed (SIGKILL) mid-book;
 * the survivor finishes it: COMPLETED exactly once, every page once, progress never shrinking. A job whose
 * attempts all end with a dead worker ends FAILED with the reason, and its revision is removed; sent again, it is
 * converted anew (its items are not skipped for the earlier failure). The replica that splits a book renders its
 * items from the preparation it split it with (one download of the source).
 */

import { type JsMsg, jetstreamManager } from "@nats-io/jetstream";
import {
  ConversionJobProgressedSchema,
  ConversionJobState,
  ConversionPageLandedSchema,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { BookStore, failureInEnglish } from "@turnleaf/conversion/in-process";
import { createRenderPool } from "@turnleaf/conversion/render";
import { createS3Client, decodeEvent, followSubject, type RunningConsumer } from "@turnleaf/kit";
import { afterAll, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { workerStores } from "../setup/worker-stores.js";
import { createHarness, startTestConsumer, uniqueId } from "./harness.js";
import { startWorkerProcess } from "./worker-process.js";

const harness = await createHarness();
const pool = createRenderPool(1);
afterAll(async () => {
  await pool.close();
  await harness.close();
});

function watch(jobId: string, onEvent: (done: number) => void = () => undefined) {
  const controller = new AbortController();
  const states: { state: ConversionJobState; done: number; message: string }[] = [];
  const finished = (async () => {
    for await (const message of followSubject(
      harness.nats,
      harness.subjects.stream,
      harness.subjects.progress(jobId),
      controller.signal,
    )) {
      const event = decodeEvent(ConversionJobProgressedSchema, message);
      states.push({ state: event.state, done: Number(event.pages?.done ?? 0), message: event.message });
      onEvent(Number(event.pages?.done ?? 0));
    }
  })().catch(() => undefined);
  return { states, stop: () => controller.abort(), finished };
}

/**
 * Every message stored on a subject (wildcards allowed): as many as the stream counts on it, read from its start
 * (reading until none came for 1.5 s made each call wait those 1.5 s).
 */
async function stored(subject: string): Promise<JsMsg[]> {
  const manager = await jetstreamManager(harness.nats);
  const info = await manager.streams.info(harness.subjects.stream, { subjects_filter: subject });
  const count = Object.values(info.state.subjects ?? {}).reduce((sum, each) => sum + each, 0);
  const messages: JsMsg[] = [];
  if (count === 0) return messages;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    for await (const message of followSubject(harness.nats, harness.subjects.stream, subject, controller.signal)) {
      messages.push(message);
      if (messages.length >= count) break;
    }
  } catch {
    // aborted: fewer read than stored, which the assertions on them show
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return messages;
}

/** Every landed-page event of a job (any run), with the replica that rendered the page. */
async function landings(jobId: string): Promise<{ page: number; worker: string }[]> {
  return (await stored(`${harness.prefix}.job.${jobId}.landed.*`))
    .map((message) => decodeEvent(ConversionPageLandedSchema, message))
    .filter((event) => event.jpgWidth > 0)
    .map((event) => ({ page: event.page, worker: event.worker }));
}

/** The stream sequences of the messages stored on a subject. */
const storedSequences = async (subject: string) => (await stored(subject)).map((message) => message.seq);

it("converts one book on two processes, one killed mid-book: complete once, every page, monotonic progress", {
  timeout: 180_000,
}, async () => {
  const ackWaitMs = 3_000;
  const durable = "split";
  // Enough pages that the child (started cold) has rendered some while the book is still far from done: grey pages
  // convert fast since they are drawn in grey, and with 40 the survivor once finished before the child had two.
  const pageCount = 80;
  const child = await startWorkerProcess(harness, { durable, ackWaitMs, pagesPerItem: 4 });
  let survivor: RunningConsumer | undefined;
  try {
    survivor = await startTestConsumer(harness, pool, {
      maxDeliver: 4,
      ackWaitMs,
      durable,
      pagesPerItem: 4,
    });
    const jobId = uniqueId();
    const bookId = `b${uniqueId()}`;
    const key = await harness.upload(await labelledPdf("S", pageCount));
    // The child is killed mid-book once it has rendered pages of its own (it starts cold and may be slower).
    let killedAt = -1;
    let childPages = 0;
    let reported = 0;
    const killWhenBothWorked = () => {
      if (killedAt < 0 && childPages >= 2 && reported >= 8 && reported < pageCount - 8) {
        killedAt = reported;
        child.kill();
      }
    };
    const watcher = watch(jobId, (done) => {
      reported = done;
      killWhenBothWorked();
    });
    const childLandings = new AbortController();
    void (async () => {
      for await (const message of followSubject(
        harness.nats,
        harness.subjects.stream,
        `${harness.prefix}.job.${jobId}.landed.*`,
        childLandings.signal,
      )) {
        const event = decodeEvent(ConversionPageLandedSchema, message);
        if (event.worker.endsWith(`:${child.child.pid}`) && event.jpgWidth > 0) childPages++;
        killWhenBothWorked();
      }
    })().catch(() => undefined);
    await harness.publishJob({
      jobId,
      bookId,
      revision: 1,
      sources: [{ key, kind: SourceKind.PDF, displayName: "big.pdf" }],
      options: { engine: Engine.HD_TEXT, maxSidePx: 700, importSearch: true },
    });
    await harness.events(jobId, 1, 120_000);
    childLandings.abort();
    // Anything a duplicate delivery would add shows up within another ack wait.
    await new Promise((resolve) => setTimeout(resolve, ackWaitMs + 1_000));
    watcher.stop();
    await watcher.finished;

    expect(killedAt).toBeGreaterThanOrEqual(8);
    const completed = watcher.states.filter((event) => event.state === ConversionJobState.COMPLETED);
    expect(completed).toHaveLength(1);
    expect(watcher.states.some((event) => event.state === ConversionJobState.FAILED)).toBe(false);
    const done = watcher.states.map((event) => event.done);
    for (let index = 1; index < done.length; index++) expect(done[index]).toBeGreaterThanOrEqual(done[index - 1] ?? 0);
    expect(done.at(-1)).toBe(pageCount);

    const manifest = await harness.manifest(bookId, 1);
    expect(manifest).toMatchObject({ state: "ready", pageCount, pagesDone: pageCount });
    expect(manifest?.pages.map((page) => page.n)).toEqual(Array.from({ length: pageCount }, (_, index) => index + 1));
    expect(manifest?.pages.every((page) => page.ready && page.text)).toBe(true);
    const keys = await harness.keys(bookId, 1);
    expect(keys.filter((name) => name.includes("/thumbs/"))).toHaveLength(pageCount);
    expect(keys.filter((name) => name.includes("/text/"))).toHaveLength(pageCount);
    // The main rendition each page's manifest entry names (PNG, JPEG or WebP, as the replica that rendered it
    // chose and announced) is the file that was written.
    for (const page of manifest?.pages ?? [])
      expect(keys).toContain(`books/${bookId}/r1/${page.webp[String(page.width)]}`);
    const search = JSON.parse((await harness.object(`books/${bookId}/r1/search.json`)).toString()) as {
      pages: { page: number; text: string }[];
    };
    expect(search.pages).toHaveLength(pageCount);
    expect(search.pages[pageCount - 1]?.text).toContain(`S${pageCount}`);

    // Both processes rendered pages of the book.
    const workers = new Set((await landings(jobId)).map((landing) => landing.worker));
    expect(workers.size).toBe(2);
  } finally {
    child.kill();
    await survivor?.stop();
  }
});

it("ends a job whose workers died on every attempt FAILED with the reason, its revision removed; sent again, it converts anew", {
  timeout: 180_000,
}, async () => {
  const ackWaitMs = 2_000;
  const durable = "doomed";
  const maxDeliver = 2;
  const jobId = uniqueId();
  const bookId = `b${uniqueId()}`;
  const key = await harness.upload(await labelledPdf("D", 30));
  const watcher = watch(jobId);
  const job = {
    jobId,
    bookId,
    revision: 3,
    sources: [{ key, kind: SourceKind.PDF, displayName: "doomed.pdf" }],
    options: { engine: Engine.HD_TEXT, maxSidePx: 600 },
  };
  await harness.publishJob(job);
  // Two workers in turn take the job and die with it (SIGKILL once it started converting).
  for (let attempt = 1; attempt <= maxDeliver; attempt++) {
    // Only this attempt's progress counts: the earlier worker's events are already in the list.
    const seenBefore = watcher.states.length;
    const child = await startWorkerProcess(harness, { durable, ackWaitMs, maxDeliver, pagesPerItem: 0 });
    try {
      await expect
        .poll(
          () =>
            watcher.states
              .slice(seenBefore)
              .some((event) => event.state === ConversionJobState.CONVERTING && event.done >= 1),
          { timeout: 30_000, interval: 100 },
        )
        .toBe(true);
    } finally {
      child.kill();
      await child.exited;
    }
  }
  // A healthy worker now gets the job's extra delivery: it converts nothing and records the failure.
  const healthy = await startTestConsumer(harness, pool, {
    maxDeliver,
    ackWaitMs,
    durable,
  });
  try {
    const events = await harness.events(jobId, 1, 30_000);
    const last = events.at(-1);
    expect(last?.state).toBe(ConversionJobState.FAILED);
    expect(failureInEnglish(last?.message ?? "")).toMatch(/stopped 2 times/);
    expect(last?.bookId).toBe(bookId);
    // The failure is published first (it needs only NATS), then the revision's files are removed.
    await expect.poll(() => harness.keys(bookId, 3), { timeout: 10_000 }).toEqual([]);

    // The job delivered again after its failure (published again): it is split and converted anew. Its first
    // progress event goes out before its items: an item that found the earlier run's FAILED would skip its pages,
    // and the coordinator would wait for them until its budget.
    const again = await harness.publishJob(job);
    const rerun = await harness.events(jobId, 2, 60_000);
    expect(rerun.at(-1)?.state).toBe(ConversionJobState.COMPLETED);
    expect(await harness.manifest(bookId, 3)).toMatchObject({ state: "ready", pageCount: 30, pagesDone: 30 });
    const firstProgress = (await storedSequences(harness.subjects.progress(jobId))).find((seq) => seq > again.seq);
    const items = await storedSequences(`${harness.prefix}.job.${jobId}.pages.${again.seq}.*`);
    expect(items.length).toBeGreaterThan(1);
    expect(firstProgress).toBeLessThan(Math.min(...items));
  } finally {
    watcher.stop();
    await healthy.stop();
  }
});

it("reads a split book's source once in the replica that splits it: its items render from the same preparation", {
  timeout: 60_000,
}, async () => {
  // The real store, counting the source downloads that go through it.
  const downloads: string[] = [];
  const counted = new (class extends BookStore {
    override async downloadSource(key: string, file: string): Promise<void> {
      downloads.push(key);
      await super.downloadSource(key, file);
    }
  })(createS3Client(workerStores().s3), harness.buckets);
  const consumer = await startTestConsumer(harness, pool, { durable: "once", pagesPerItem: 4, store: counted });
  try {
    const jobId = uniqueId();
    const bookId = `b${uniqueId()}`;
    const key = await harness.upload(await labelledPdf("O", 12));
    await harness.publishJob({
      jobId,
      bookId,
      revision: 1,
      sources: [{ key, kind: SourceKind.PDF, displayName: "once.pdf" }],
      options: { engine: Engine.HD_TEXT, maxSidePx: 600 },
    });
    const last = (await harness.events(jobId, 1, 45_000)).at(-1);
    expect(last?.state).toBe(ConversionJobState.COMPLETED);
    expect(await harness.manifest(bookId, 1)).toMatchObject({ state: "ready", pageCount: 12, pagesDone: 12 });
    // Three work items of four pages, all rendered here, one download.
    expect(new Set((await landings(jobId)).map((landing) => landing.page)).size).toBe(12);
    expect(downloads.filter((downloaded) => downloaded === key)).toHaveLength(1);
  } finally {
    await consumer.stop();
  }
});
