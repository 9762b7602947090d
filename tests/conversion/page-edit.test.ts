/**
 * Page edits in the conversion worker against the real stores: a full-vector book gets a picture inserted as its
 * page 2 — its kept pages are copied (renditions derived since included, text renumbered), only the picture is
 * rendered, the kept source PDF follows; a redelivered edit changes nothing; an edit of a revision that is gone
 * fails with its reason and leaves nothing behind.
 */
import {
  type ConversionJobProgressed,
  ConversionJobState,
  ConversionPageLandedSchema,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { failureInEnglish, failureMessages, type PageText } from "@turnleaf/conversion/in-process";
import { createRenderPool, type RenderPool } from "@turnleaf/conversion/render";
import { decodeEvent, followSubject, type RunningConsumer } from "@turnleaf/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf, photo } from "../fixtures/pdf/generate.js";
import { createHarness, type Harness, startTestConsumer, uniqueId } from "./harness.js";

let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;

beforeAll(async () => {
  harness = await createHarness();
  pool = createRenderPool(2);
  consumer = await startTestConsumer(harness, pool, {
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

/** The book pages announced by work items of a job (page edits: pages of the inserted file), repeats included. */
async function landedPages(jobId: string): Promise<number[]> {
  const controller = new AbortController();
  const pages: number[] = [];
  const timer = setTimeout(() => controller.abort(), 1_500);
  try {
    for await (const message of followSubject(
      harness.nats,
      harness.subjects.stream,
      `${harness.prefix}.job.${jobId}.landed.*`,
      controller.signal,
    )) {
      const event = decodeEvent(ConversionPageLandedSchema, message);
      if (event.jpgWidth > 0) pages.push(event.page);
    }
  } catch {
    // aborted: every stored landing was read
  } finally {
    clearTimeout(timer);
  }
  return pages;
}

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

  it("splits a big inserted file into work items like a whole book: each page rendered once, placed in order", async () => {
    const editedBook = `b${uniqueId()}`;
    const basePdf = await labelledPdf("B", 2);
    const base = {
      jobId: uniqueId(),
      bookId: editedBook,
      revision: 1,
      sources: [{ key: await harness.upload(basePdf), kind: SourceKind.PDF, displayName: "b.pdf" }],
      options: { engine: Engine.HD_TEXT, maxSidePx: 600, importSearch: true },
    };
    expect(final(await run(base)).state).toBe(ConversionJobState.COMPLETED);
    // More pages than a work item (the consumer's default 16): the edit's coordinator publishes items.
    const insertedCount = 20;
    const inserted = await labelledPdf("I", insertedCount);
    const edit = {
      jobId: uniqueId(),
      bookId: editedBook,
      revision: 2,
      sources: [{ key: await harness.upload(inserted), kind: SourceKind.PDF, displayName: "i.pdf" }],
      options: {},
      pageEdit: {
        baseRevision: 1,
        pages: [
          keep(1),
          ...Array.from({ length: insertedCount }, (_, index) => ({ basePage: 0, insertedPage: index + 1 })),
          keep(2),
        ],
      },
    };
    const events = await run(edit);
    expect(final(events)).toMatchObject({ state: ConversionJobState.COMPLETED, revision: 2 });
    const done = events.map((event) => Number(event.pages?.done ?? 0));
    expect(done).toEqual([...done].sort((a, b) => a - b));

    // The inserted pages were rendered by work items (their landings), each page of the file once.
    const landed = await landedPages(edit.jobId);
    expect([...new Set(landed)].sort((a, b) => a - b)).toEqual(
      Array.from({ length: insertedCount }, (_, index) => index + 1),
    );
    expect(landed).toHaveLength(insertedCount);

    const manifest = await harness.manifest(editedBook, 2);
    expect(manifest).toMatchObject({ state: "ready", pageCount: insertedCount + 2 });
    const keys = await harness.keys(editedBook, 2);
    expect(keys.some((key) => key.includes("_inserted/"))).toBe(false);
    for (const [n, label] of [
      [1, "PAGE B1"],
      [2, "PAGE I1"],
      [19, "PAGE I18"],
      [21, "PAGE I20"],
      [22, "PAGE B2"],
    ] as const) {
      const text = JSON.parse((await harness.object(`books/${editedBook}/r2/text/${n}.json`)).toString()) as PageText;
      expect(text.page).toBe(n);
      expect(text.items.map((item) => item.text).join(" ")).toContain(label);
      expect(keys).toContain(
        `books/${editedBook}/r2/${manifest?.pages[n - 1]?.webp[String(manifest?.pages[n - 1]?.width)]}`,
      );
    }
  }, 180_000);

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
