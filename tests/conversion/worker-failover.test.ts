/**
 * A conversion worker killed mid-book (SIGKILL: no ack, no clean-up) leaves its job unacknowledged; JetStream
 * redelivers it after the ack wait to another worker, which resumes from the manifest and finishes the book.
 */
import type { ChildProcess } from "node:child_process";
import {
  ConversionJobProgressedSchema,
  ConversionJobState,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { startJobConsumer } from "@turnleaf/conversion/in-process";
import { createRenderPool } from "@turnleaf/conversion/render";
import { decodeEvent, followSubject } from "@turnleaf/kit";
import { afterAll, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { typedAndPicture } from "../fixtures/pdf/scans.js";
import { createHarness, log, uniqueId } from "./harness.js";
import { startWorkerProcess } from "./worker-process.js";

const harness = await createHarness();
const pool = createRenderPool(1);
afterAll(async () => {
  await pool.close();
  await harness.close();
});

/** A worker in a process of its own on the harness's stores and the durable consumer `failover`; resolves once ready. */
const childWorker = (ackWaitMs: number, options: { ocr?: boolean } = {}) =>
  startWorkerProcess(harness, { durable: "failover", ackWaitMs, ...options });

/** Follows a job's progress, kills `child` once `killAt` pages are done; resolves at its end with every state seen. */
function killMidway(jobId: string, child: ChildProcess, killAt: number, signal: AbortSignal) {
  const states: { state: ConversionJobState; done: number }[] = [];
  let killed = false;
  const watching = (async () => {
    for await (const message of followSubject(
      harness.nats,
      harness.subjects.stream,
      harness.subjects.progress(jobId),
      signal,
    )) {
      const event = decodeEvent(ConversionJobProgressedSchema, message);
      states.push({ state: event.state, done: Number(event.pages?.done ?? 0) });
      if (!killed && event.pages && event.pages.done >= BigInt(killAt)) {
        killed = true;
        child.kill("SIGKILL");
      }
      if (event.state === ConversionJobState.COMPLETED || event.state === ConversionJobState.FAILED) return;
    }
  })();
  return { states, watching, killed: () => killed };
}

/**
 * The survivor: joins the same durable consumer, gets the job once the ack wait has passed and works until the job's
 * progress ends (`watching`); then stops.
 */
async function survive(ackWaitMs: number, watching: Promise<void>, controller: AbortController): Promise<void> {
  const survivor = await startJobConsumer({
    nats: harness.nats,
    store: harness.store,
    pool,
    log,
    settings: { webpEffort: 2 },
    maxDeliver: 4,
    ackWaitMs,
    retryDelayMs: 200,
    subjects: harness.subjects,
    durable: "failover",
  });
  try {
    await watching;
  } finally {
    controller.abort();
    await survivor.stop();
  }
}

it("lets another worker finish a book whose worker was killed mid-way", async () => {
  const ackWaitMs = 3_000;
  const { child, exited } = await childWorker(ackWaitMs);
  try {
    const jobId = uniqueId();
    const bookId = `b${uniqueId()}`;
    const pageCount = 16;
    const key = await harness.upload(await labelledPdf("K", pageCount));
    const controller = new AbortController();
    const { states, watching, killed } = killMidway(jobId, child, 3, controller.signal);
    await harness.publishJob({
      jobId,
      bookId,
      revision: 2,
      sources: [{ key, kind: SourceKind.PDF, displayName: "book.pdf" }],
      options: { engine: Engine.HD_TEXT, maxSidePx: 900 },
    });
    await exited;
    expect(killed()).toBe(true);
    const before = await harness.manifest(bookId, 2);
    expect(before?.state).toBe("converting");

    await survive(ackWaitMs, watching, controller);
    expect(states.at(-1)?.state).toBe(ConversionJobState.COMPLETED);
    const manifest = await harness.manifest(bookId, 2);
    expect(manifest).toMatchObject({ state: "ready", pageCount, pagesDone: pageCount });
    const keys = await harness.keys(bookId, 2);
    expect(keys.filter((name) => name.includes("/thumbs/"))).toHaveLength(pageCount);
    // Every page's fallback (its main PNG or JPEG, or a JPEG beside a WebP) is stored.
    for (const page of manifest?.pages ?? []) expect(keys).toContain(`books/${bookId}/r2/${page.jpg}`);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

it("keeps the OCR a killed worker's landed pages still owe (IMAGEINPDF) in the book its survivor completes", async () => {
  const ackWaitMs = 3_000;
  const { child, exited } = await childWorker(ackWaitMs, { ocr: true });
  try {
    const jobId = uniqueId();
    const bookId = `b${uniqueId()}`;
    const key = await harness.upload(await typedAndPicture(8));
    const controller = new AbortController();
    const { states, watching, killed } = killMidway(jobId, child, 3, controller.signal);
    await harness.publishJob({
      jobId,
      bookId,
      revision: 1,
      sources: [{ key, kind: SourceKind.PDF, displayName: "posters.pdf" }],
      options: { engine: Engine.HD_IMAGE, maxSidePx: 900, importSearch: true, imageInPdf: true },
    });
    await exited;
    expect(killed()).toBe(true);
    const before = await harness.manifest(bookId, 1);
    expect(before?.state).toBe("converting");
    const landed = (before?.pages ?? []).filter((page) => page.ready).map((page) => page.n);
    expect(landed.length).toBeGreaterThan(0);
    // Each landed page has its text layer and waits for the words in its picture.
    expect(before?.ocrPending).toEqual(landed);

    // The survivor reads no pictures itself (no OCR settings): what it completes still lists the pages taken over.
    await survive(ackWaitMs, watching, controller);
    expect(states.at(-1)?.state).toBe(ConversionJobState.COMPLETED);
    const ready = await harness.manifest(bookId, 1);
    expect(ready?.state).toBe("ready");
    expect(ready?.ocrPending).toEqual(landed);
    expect(ready?.pages.every((page) => page.text === `text/${page.n}.json`)).toBe(true);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});
