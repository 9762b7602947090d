/**
 * The conversion worker against the real stores: jobs go through JetStream, sources come from MinIO, page
 * assets and manifests land in MinIO, progress comes back on JetStream.
 */
import { jetstream } from "@nats-io/jetstream";
import { BookReadySchema } from "@turnleaf/contracts/book/v1/book_events_pb";
import {
  type ConversionJobProgressed,
  ConversionJobState,
  Cut,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { failureInEnglish, failureMessages, type PageText } from "@turnleaf/conversion/in-process";
import { createRenderPool, type RenderPool } from "@turnleaf/conversion/render";
import { decodeEvent, type RunningConsumer } from "@turnleaf/kit";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf, passwordPdf, photo, richPdf, spreadPdf } from "../fixtures/pdf/generate.js";
import { createHarness, type Harness, startTestConsumer, uniqueId } from "./harness.js";

let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;

beforeAll(async () => {
  harness = await createHarness();
  pool = createRenderPool(2);
  consumer = await startTestConsumer(harness, pool, {
    // Grey pages as 4-bit PNG (CONVERSION_PAPER_PAGES=png), the cheaper encoding, is what this file's pages check.
    settings: { webpEffort: 2, paperPages: "png" },
    durable: "jobs",
  });
});

afterAll(async () => {
  await consumer?.stop();
  await pool?.close();
  await harness?.close();
});

const final = (events: ConversionJobProgressed[]) => events.at(-1) as ConversionJobProgressed;

async function convert(
  sources: { bytes: Buffer; kind?: SourceKind; name?: string; password?: string }[],
  options: Record<string, unknown> = {},
  extra: { trial?: boolean } = {},
) {
  const jobId = uniqueId();
  const bookId = `b${uniqueId()}`;
  const uploaded = [];
  for (const [index, source] of sources.entries()) {
    uploaded.push({
      key: await harness.upload(source.bytes),
      kind: source.kind ?? SourceKind.PDF,
      displayName: source.name ?? `file${index + 1}.pdf`,
      password: source.password ?? "",
      sizeBytes: BigInt(source.bytes.length),
    });
  }
  const job = {
    jobId,
    bookId,
    revision: 1,
    sources: uploaded,
    options: { engine: Engine.HD_TEXT, maxSidePx: 1000, quality: 85, ...options },
    trial: extra.trial ?? false,
  };
  const events = harness.events(jobId);
  await harness.publishJob(job);
  return { jobId, bookId, job, events: await events };
}

async function pageText(bookId: string, n: number): Promise<string> {
  const text = (await harness.store.getJson(`books/${bookId}/r1/text/${n}.json`)) as PageText;
  return text.items.map((item) => item.text).join(" ");
}

describe("conversion jobs", () => {
  it("converts a PDF with outline, links and text, growing the manifest and reporting every page", async () => {
    const { bookId, jobId, events } = await convert([{ bytes: await richPdf() }], {
      importToc: true,
      importLinks: true,
      importSearch: true,
    });
    const last = final(events);
    expect(last.state).toBe(ConversionJobState.COMPLETED);
    expect(last.manifestKey).toBe(`books/${bookId}/r1/manifest.json`);
    expect(last.pages?.done).toBe(3n);
    const converting = events.filter((event) => event.state === ConversionJobState.CONVERTING);
    expect(converting.map((event) => Number(event.pages?.done))).toEqual([0, 1, 2, 3]);
    expect(converting.every((event) => event.jobId === jobId && event.pages?.total === 3n)).toBe(true);

    const manifest = await harness.manifest(bookId, 1);
    expect(manifest?.state).toBe("ready");
    expect(manifest?.pageCount).toBe(3);
    expect(manifest?.pagesDone).toBe(3);
    expect(manifest?.outline).toEqual([
      { title: "Chapter One", page: 1, children: [] },
      { title: "Chapter Two", page: 2, children: [{ title: "Section 2.1", page: 2, children: [] }] },
    ]);
    const links = manifest?.pages[0]?.links ?? [];
    expect(links).toHaveLength(2);
    expect(links.find((link) => link.url)?.url).toBe("https://turnleaf.example/docs");
    expect(links.find((link) => link.page)?.page).toBe(3);
    for (const link of links) for (const value of link.box) expect(value).toBeGreaterThanOrEqual(0);

    expect(await pageText(bookId, 1)).toContain("Chapter One");
    const search = (await harness.store.getJson(`books/${bookId}/r1/search.json`)) as {
      pages: { page: number; text: string }[];
    };
    expect(search.pages.find((page) => page.text.includes("The zebra page"))?.page).toBe(3);

    const page = manifest?.pages[0];
    expect(page?.height).toBe(1000);
    // Page 1's blue link text makes it a coloured paper page: its main rendition is an indexed PNG.
    const mainKey = Object.values(page?.webp ?? {})[0] as string;
    expect(mainKey).toBe(`pages/1/${page?.width}.png`);
    expect(await sharp(await harness.object(`books/${bookId}/r1/${mainKey}`)).metadata()).toMatchObject({
      format: "png",
      channels: 3,
    });
    const keys = await harness.keys(bookId, 1);
    // A PNG page is its own fallback for browsers without WebP: no JPEG is made of it.
    expect(page?.jpg).toBe(mainKey);
    expect(keys).not.toContain(`books/${bookId}/r1/pages/1/${page?.width}.jpg`);
    expect(keys).toContain(`books/${bookId}/r1/thumbs/3.jpg`);
    // Page 3 (one width at this size): its main PNG alone, its own fallback.
    expect(keys.filter((key) => key.includes("/pages/3/"))).toEqual([
      `books/${bookId}/r1/${manifest?.pages[2]?.webp[String(manifest?.pages[2]?.width)]}`,
    ]);

    // The book's ready event for the book service.
    const ready = await jetstream(harness.nats).consumers.get(harness.subjects.stream, {
      filter_subjects: [harness.subjects.bookReady?.(bookId) ?? ""],
    });
    const readyMessage = await ready.next({ expires: 5_000 });
    expect(readyMessage && decodeEvent(BookReadySchema, readyMessage)).toMatchObject({
      bookId,
      revision: 1,
      pageCount: 3,
    });
  });

  it("writes real renditions at the planned sizes: a grey text page's main PNG (its own fallback) and its lighter WebP", async () => {
    const { bookId } = await convert([{ bytes: await labelledPdf("W", 1) }], {
      engine: Engine.HD_IMAGE,
      maxSidePx: 1600,
    });
    const manifest = await harness.manifest(bookId, 1);
    const page = manifest?.pages[0];
    expect(page?.text).toBeNull();
    const widths = Object.keys(page?.webp ?? {}).map(Number);
    expect(widths).toHaveLength(2);
    const s3Keys = await harness.keys(bookId, 1);
    const download = (key: string) => harness.object(key);
    // Black text only: the main rendition is a 4-bit grey PNG, the lighter width a WebP.
    expect(page?.webp[String(page?.width)]).toBe(`pages/1/${page?.width}.png`);
    const main = await sharp(await download(`books/${bookId}/r1/pages/1/${page?.width}.png`)).metadata();
    expect(main).toMatchObject({ format: "png", width: page?.width, height: 1600, channels: 1 });
    const lighter = Math.min(...widths);
    expect(page?.webp[String(lighter)]).toBe(`pages/1/${lighter}.webp`);
    expect((await sharp(await download(`books/${bookId}/r1/pages/1/${lighter}.webp`)).metadata()).format).toBe("webp");
    expect(page?.jpg).toBe(`pages/1/${page?.width}.png`);
    expect(s3Keys.some((key) => key.endsWith(".jpg") && key.includes("/pages/"))).toBe(false);
    expect(page?.thumb).toBe("thumbs/1.jpg");
    const thumb = await sharp(await download(`books/${bookId}/r1/thumbs/1.jpg`)).metadata();
    expect(thumb).toMatchObject({ format: "jpeg", width: 200 });
    expect(s3Keys.some((key) => key.endsWith("search.json"))).toBe(false);
  });

  it("splits a two-page spread under auto cut and keeps normal pages whole", async () => {
    const { bookId, events } = await convert([{ bytes: await spreadPdf() }], { cut: Cut.AUTO, importSearch: true });
    expect(final(events).state).toBe(ConversionJobState.COMPLETED);
    const manifest = await harness.manifest(bookId, 1);
    expect(manifest?.pageCount).toBe(4);
    expect(manifest?.pages.map((page) => page.source.part)).toEqual(["whole", "left", "right", "whole"]);
    expect(await pageText(bookId, 2)).toContain("LEFTHALF");
    expect(await pageText(bookId, 2)).not.toContain("RIGHTHALF");
    expect(await pageText(bookId, 3)).toContain("RIGHTHALF");
    // Halves of an A4 spread come out A4-shaped.
    const half = manifest?.pages[1];
    expect((half?.width ?? 0) / (half?.height ?? 1)).toBeCloseTo(595.28 / 841.89, 2);
  });

  it("merges several PDFs in order and honours the page range across them", async () => {
    const { bookId } = await convert([{ bytes: await labelledPdf("A", 2) }, { bytes: await labelledPdf("B", 3) }], {
      pageRange: "1,3-5",
    });
    const manifest = await harness.manifest(bookId, 1);
    expect(manifest?.pageCount).toBe(4);
    const texts = await Promise.all([1, 2, 3, 4].map((n) => pageText(bookId, n)));
    expect(texts).toEqual(["PAGE A1", "PAGE B1", "PAGE B2", "PAGE B3"]);
  });

  it("limits a trial book to 12 pages with a watermark", async () => {
    const { bookId } = await convert(
      [{ bytes: await labelledPdf("T", 14) }],
      { engine: Engine.HD_IMAGE },
      { trial: true },
    );
    const manifest = await harness.manifest(bookId, 1);
    expect(manifest?.pageCount).toBe(12);
    expect(manifest?.trial).toBe(true);
  });

  it("turns images into pages sized to the first image", async () => {
    const { bookId, events } = await convert(
      [
        { bytes: await photo(800, 600, 1), kind: SourceKind.IMAGE, name: "a.jpg" },
        { bytes: await photo(300, 700, 2), kind: SourceKind.IMAGE, name: "b.jpg" },
      ],
      { engine: Engine.HD_IMAGE },
    );
    expect(final(events).state).toBe(ConversionJobState.COMPLETED);
    const manifest = await harness.manifest(bookId, 1);
    expect(manifest?.pages.map((page) => [page.width, page.height])).toEqual([
      [1000, 750],
      [1000, 750],
    ]);
  });

  it("keeps the source PDF for the vector engine", async () => {
    const { bookId } = await convert([{ bytes: await labelledPdf("V", 1) }], { engine: Engine.VECTOR });
    const manifest = await harness.manifest(bookId, 1);
    expect(manifest?.sourcePdfs).toEqual(["source.pdf"]);
    expect(await harness.keys(bookId, 1)).toContain(`books/${bookId}/r1/source.pdf`);
  });

  it("opens a password PDF with the right password and answers 'Incorrect Password!' otherwise", async () => {
    const bytes = await passwordPdf("open-sesame");
    const right = await convert([{ bytes, password: "open-sesame" }]);
    expect(final(right.events).state).toBe(ConversionJobState.COMPLETED);
    expect(await pageText(right.bookId, 1)).toContain("SECRET PAGE");

    for (const password of ["wrong", ""]) {
      const wrong = await convert([{ bytes, password }]);
      expect(final(wrong.events)).toMatchObject({
        state: ConversionJobState.FAILED,
        message: failureMessages.incorrectPassword,
      });
      expect(await harness.keys(wrong.bookId, 1)).toEqual([]);
    }
  });

  it("fails a corrupt or non-PDF file with a clear message and writes nothing", async () => {
    const notPdf = await convert([{ bytes: Buffer.from("this is not a pdf at all"), name: "notes.pdf" }]);
    const failed = final(notPdf.events);
    expect(failed.state).toBe(ConversionJobState.FAILED);
    expect(failureInEnglish(failed.message)).toBe("PDF conversion failed: notes.pdf: not a PDF or corrupted");
    expect(await harness.keys(notPdf.bookId, 1)).toEqual([]);

    const good = await labelledPdf("C", 2);
    const truncated = await convert([{ bytes: good.subarray(0, 200), name: "cut.pdf" }]);
    expect(failureInEnglish(final(truncated.events).message)).toMatch(/^PDF conversion failed: cut\.pdf/);
    expect(await harness.manifest(truncated.bookId, 1)).toBeUndefined();

    const image = await convert([{ bytes: Buffer.from("not a png"), kind: SourceKind.IMAGE, name: "x.png" }]);
    expect(failureInEnglish(final(image.events).message)).toBe("image conversion failed");

    const merge = await convert([{ bytes: good }, { bytes: Buffer.from("garbage"), name: "bad.pdf" }]);
    expect(failureInEnglish(final(merge.events).message)).toBe("some files could not be converted: bad.pdf");
    expect(await harness.keys(merge.bookId, 1)).toEqual([]);
  });

  it("writes the same keys again for a redelivered job, never duplicate pages", async () => {
    const { bookId, jobId, job } = await convert([{ bytes: await labelledPdf("R", 3) }]);
    const before = await harness.keys(bookId, 1);
    const again = harness.events(jobId, 2);
    await harness.publishJob(job);
    const events = await again;
    expect(final(events).state).toBe(ConversionJobState.COMPLETED);
    const after = await harness.keys(bookId, 1);
    expect(after).toEqual(before);
    expect(after.filter((key) => key.includes("/thumbs/"))).toHaveLength(3);
    expect((await harness.manifest(bookId, 1))?.pages).toHaveLength(3);
  });
});
