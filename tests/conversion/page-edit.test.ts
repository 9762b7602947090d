/**
 * Page edits in the conversion worker against the real stores: a full-vector book gets a picture inserted as its
 * page 2 — its kept pages are copied (renditions derived since included, text renumbered), only the picture is
 * rendered, the kept source PDF follows; a redelivered edit changes nothing; an edit of a revision that is gone
 * fails with its reason and leaves nothing behind.
 */
import {
  type ConversionJobProgressed,
  ConversionJobState,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { RunningConsumer } from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureInEnglish, failureMessages } from "../../services/conversion/src/domain/failures.js";
import type { PageText } from "../../services/conversion/src/domain/page-content.js";
import { startJobConsumer } from "../../services/conversion/src/events/job-consumer.js";
import { createRenderPool, type RenderPool } from "../../services/conversion/src/render/pool.js";
import { labelledPdf, photo } from "../fixtures/pdf/generate.js";
import { createHarness, type Harness, log, uniqueId } from "./harness.js";

let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;

beforeAll(async () => {
  harness = await createHarness();
  pool = createRenderPool(2);
  consumer = await startJobConsumer({
    nats: harness.nats,
    store: harness.store,
    pool,
    log,
    settings: { webpEffort: 2 },
    maxDeliver: 3,
    ackWaitMs: 30_000,
    retryDelayMs: 200,
    subjects: harness.subjects,
    durable: "page-edit-jobs",
  });
});

afterAll(async () => {
  await consumer?.stop();
  await pool?.close();
  await harness?.close();
});

const final = (events: ConversionJobProgressed[]) => events.at(-1) as ConversionJobProgressed;
const keep = (page: number) => ({ basePage: page, insertedPage: 0 });

async function run(job: Parameters<Harness["publishJob"]>[0], finals = 1) {
  const events = harness.events(String(job.jobId), finals);
  await harness.publishJob(job);
  return events;
}

describe("page edits", () => {
  const bookId = `b${uniqueId()}`;

  it("inserts a picture into a full-vector book: kept pages copied, only the picture rendered", async () => {
    const pdf = await labelledPdf("V", 3);
    const base = {
      jobId: uniqueId(),
      bookId,
      revision: 1,
      sources: [
        {
          key: await harness.upload(pdf),
          kind: SourceKind.PDF,
          displayName: "v.pdf",
          sizeBytes: BigInt(pdf.length),
        },
      ],
      options: { engine: Engine.VECTOR, maxSidePx: 800, quality: 85, importSearch: true },
    };
    expect(final(await run(base)).state).toBe(ConversionJobState.COMPLETED);
    // A rendition the gateway derived on first request since (it lives beside the main one).
    await harness.store.put(`books/${bookId}/r1/pages/2/123.webp`, Buffer.from("derived"));

    const picture = await photo(600, 800, 3);
    const edit = {
      jobId: uniqueId(),
      bookId,
      revision: 2,
      sources: [
        {
          key: await harness.upload(picture),
          kind: SourceKind.IMAGE,
          displayName: "p.jpg",
          sizeBytes: BigInt(picture.length),
        },
      ],
      options: { quality: 85 },
      pageEdit: { baseRevision: 1, pages: [keep(1), { basePage: 0, insertedPage: 1 }, keep(2), keep(3)] },
    };
    const events = await run(edit);
    expect(final(events)).toMatchObject({ state: ConversionJobState.COMPLETED, revision: 2 });

    const manifest = await harness.manifest(bookId, 2);
    expect(manifest).toMatchObject({ state: "ready", jobId: edit.jobId, pageCount: 4, engine: "vector" });
    const keys = await harness.keys(bookId, 2);
    expect(keys).toContain(`books/${bookId}/r2/pages/3/123.webp`);
    expect(keys.some((key) => key.includes("_inserted/"))).toBe(false);
    expect(manifest?.sourcePdfs).toEqual(["source-1.pdf", null]);
    expect(keys).toContain(`books/${bookId}/r2/source-1.pdf`);
    expect(manifest?.pages.map((page) => page.source.index)).toEqual([0, 1, 0, 0]);
    const text = JSON.parse((await harness.object(`books/${bookId}/r2/text/3.json`)).toString()) as PageText;
    expect(text.page).toBe(3);
    expect(text.items.map((item) => item.text).join(" ")).toContain("PAGE V2");
    const search = JSON.parse((await harness.object(`books/${bookId}/r2/search.json`)).toString()) as {
      pages: { page: number; text: string }[];
    };
    expect(search.pages.map((entry) => entry.page)).toEqual([1, 2, 3, 4]);
    expect(search.pages[3]?.text).toContain("PAGE V3");
    // The base revision is untouched: readers keep it until the new one is ready.
    expect((await harness.manifest(bookId, 1))?.pageCount).toBe(3);

    // A redelivery (the same job again) finds the edit done and renders nothing.
    const again = await run(edit, 2);
    expect(final(again).state).toBe(ConversionJobState.COMPLETED);
    const afterFirst = again.slice(again.findIndex((event) => event.state === ConversionJobState.COMPLETED) + 1);
    expect(afterFirst.map((event) => event.state)).toEqual([ConversionJobState.COMPLETED]);
    expect((await harness.manifest(bookId, 2))?.updatedAt).toBe(manifest?.updatedAt);
  }, 120_000);

  it("an edit of a revision that is gone fails with its reason and leaves nothing", async () => {
    const job = {
      jobId: uniqueId(),
      bookId,
      revision: 9,
      pageEdit: { baseRevision: 7, pages: [keep(1)] },
    };
    const events = await run(job);
    expect(final(events).state).toBe(ConversionJobState.FAILED);
    expect(failureInEnglish(final(events).message)).toBe(failureInEnglish(failureMessages.internal));
    expect(await harness.keys(bookId, 9)).toEqual([]);
  });

  it("a layout naming a page the base does not have fails and leaves nothing", async () => {
    const job = {
      jobId: uniqueId(),
      bookId,
      revision: 3,
      pageEdit: { baseRevision: 2, pages: [keep(1), keep(5)] },
    };
    const events = await run(job);
    expect(final(events).state).toBe(ConversionJobState.FAILED);
    expect(final(events).message).toBe(failureMessages.internal);
    expect(await harness.keys(bookId, 3)).toEqual([]);
  });
});
