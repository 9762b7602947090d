/**
 * No document takes the service down: a PDF whose page never finishes rendering fails its book within the
 * page budget with a clear message, and one whose page explodes in memory fails with the memory budget's coded
 * message, while another user's book converts beside it on the same replica; the stuck or spent render lane is
 * replaced, so the replica converts at full strength afterwards.
 */
import { ConversionJobState, Engine, SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { createGuardedPool, failureMessages } from "@turnleaf/conversion/in-process";
import { createRenderPool, type RenderPool } from "@turnleaf/conversion/render";
import type { RunningConsumer } from "@turnleaf/kit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { labelledPdf } from "../fixtures/pdf/generate.js";
import { memoryBombPdf, runawayPdf } from "../fixtures/pdf/runaway-pdf.js";
import { createHarness, type Harness, startTestConsumer, uniqueId } from "./harness.js";

// Generous for a normal page on a busy 2-core machine; the runaway page needs minutes.
const pageBudgetMs = 10_000;
// A normal page at 800 px grows PDFium's heap by a few MB; the memory bomb needs about 250 MB.
const pageMemoryMb = 64;
let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;

beforeAll(async () => {
  harness = await createHarness();
  pool = createGuardedPool({
    size: 2,
    pageBudgetMs,
    createLane: () => createRenderPool(1, { pageMemoryBytes: pageMemoryMb * 1024 * 1024 }),
  });
  consumer = await startTestConsumer(harness, pool, {
    maxDeliver: 2,
    durable: "budgets",
  });
  // Lanes beyond the first start on the first page asked for (#32): a first book of two pages starts and warms the
  // second, so the budgets below meet two warm lanes, as in a replica that has converted before (on this busy
  // machine a thread's start alone can take most of a 10 s budget).
  const warming = await publish(await labelledPdf("W", 2), "warm-up.pdf");
  expect((await warming.events).at(-1)?.state).toBe(ConversionJobState.COMPLETED);
}, 120_000);

afterAll(async () => {
  await consumer?.stop();
  await pool?.close();
  await harness?.close();
});

async function publish(bytes: Buffer, name: string) {
  const jobId = uniqueId();
  const bookId = `b${uniqueId()}`;
  const key = await harness.upload(bytes);
  const events = harness.events(jobId, 1, 60_000);
  await harness.publishJob({
    jobId,
    bookId,
    revision: 1,
    sources: [{ key, kind: SourceKind.PDF, displayName: name }],
    options: { engine: Engine.HD_TEXT, maxSidePx: 800 },
  });
  return { bookId, events };
}

it("fails a PDF that never finishes rendering within its budget while another book converts", {
  timeout: 120_000,
}, async () => {
  const runaway = runawayPdf();
  expect(runaway.length).toBeLessThan(200_000);
  const started = Date.now();
  const stuck = await publish(runaway, "runaway.pdf");
  const other = await publish(await labelledPdf("N", 6), "normal.pdf");

  const failed = await stuck.events;
  const failedAfterMs = Date.now() - started;
  expect(failed.at(-1)).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.pageBudget(1, pageBudgetMs / 1000),
  });
  // Within the budget and the time to read and plan the file, not the minutes the page would take.
  expect(failedAfterMs).toBeLessThan(pageBudgetMs + 15_000);
  await expect.poll(() => harness.keys(stuck.bookId, 1), { timeout: 10_000 }).toEqual([]);

  const converted = await other.events;
  expect(converted.at(-1)).toMatchObject({ state: ConversionJobState.COMPLETED });
  expect(await harness.manifest(other.bookId, 1)).toMatchObject({ state: "ready", pagesDone: 6 });

  // Both threads work again: a book of many pages converts without any page waiting on the runaway's thread.
  const after = await publish(await labelledPdf("A", 8), "after.pdf");
  expect((await after.events).at(-1)?.state).toBe(ConversionJobState.COMPLETED);
});

it("fails a PDF whose page explodes in memory with the memory budget's message while another book converts", {
  timeout: 120_000,
}, async () => {
  const bomb = memoryBombPdf();
  expect(bomb.length).toBeLessThan(100_000);
  const exploding = await publish(bomb, "bomb.pdf");
  const other = await publish(await labelledPdf("M", 6), "normal.pdf");

  const failed = await exploding.events;
  expect(failed.at(-1)).toMatchObject({
    state: ConversionJobState.FAILED,
    message: failureMessages.pageMemory(1, pageMemoryMb),
  });
  await expect.poll(() => harness.keys(exploding.bookId, 1), { timeout: 10_000 }).toEqual([]);
  expect((await other.events).at(-1)).toMatchObject({ state: ConversionJobState.COMPLETED });
  expect(await harness.manifest(other.bookId, 1)).toMatchObject({ state: "ready", pagesDone: 6 });

  // The lane whose PDFium gave up takes a fresh one: the next books convert on both lanes.
  const after = await Promise.all([
    publish(await labelledPdf("B", 4), "b.pdf"),
    publish(await labelledPdf("C", 4), "c.pdf"),
  ]);
  for (const book of after) expect((await book.events).at(-1)?.state).toBe(ConversionJobState.COMPLETED);
});
