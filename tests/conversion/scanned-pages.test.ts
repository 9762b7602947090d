/**
 * Scanned pages (image-only PDF pages, no text layer) get OCR when the import asks for search, after the book is
 * ready: the job completes as soon as its pages land (the manifest lists the pages OCR still reads), then the OCR
 * work queue reads them at 300 dpi and their words reach the book's search index and positioned text; a page with
 * a text layer keeps its own text, and a photo without words is never handed to tesseract.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Manifest } from "@turnleaf/book-format";
import { ConversionJobState, Engine, SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { ocrPages, type PageText } from "@turnleaf/conversion/in-process";
import { createRenderPool, type RenderPool } from "@turnleaf/conversion/render";
import type { RunningConsumer } from "@turnleaf/kit";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { a4, photo } from "../fixtures/pdf/generate.js";
import {
  hits,
  layouts,
  scan,
  scannedPdf,
  scanPages,
  sourcePdf,
  typedAndPicture,
  units,
} from "../fixtures/pdf/scans.js";
import { createHarness, type Harness, startTestConsumer, uniqueId } from "./harness.js";

let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;

beforeAll(async () => {
  harness = await createHarness();
  pool = createRenderPool(1);
  consumer = await startTestConsumer(harness, pool, {
    settings: {
      webpEffort: 2,
      ocr: { tesseract: "tesseract", languages: "chi_sim+eng", timeoutMs: 600_000, concurrency: 2 },
    },
    maxDeliver: 2,
    durable: "scanned",
  });
});

afterAll(async () => {
  await consumer?.stop();
  await pool?.close();
  await harness?.close();
});

/** Pages of a PDF: each an image covering it, or typed text. */
async function pdfOf(pages: ({ image: Buffer } | { typed: string })[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  for (const page of pages) {
    doc.addPage({ size: [a4.width, a4.height], margin: 0 });
    if ("image" in page) doc.image(page.image, 0, 0, { width: a4.width, height: a4.height });
    else doc.fontSize(30).text(page.typed, 80, 200);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Converts a PDF with search; answers the manifest as it was when the job completed. */
async function convert(pdf: Buffer, bookId: string, imageInPdf = false): Promise<Manifest> {
  const jobId = uniqueId();
  const key = await harness.upload(pdf);
  const events = harness.events(jobId, 1, 180_000);
  await harness.publishJob({
    jobId,
    bookId,
    revision: 1,
    sources: [{ key, kind: SourceKind.PDF, displayName: "scan.pdf" }],
    options: { engine: Engine.HD_IMAGE, maxSidePx: 1600, importSearch: true, imageInPdf },
  });
  expect((await events).at(-1)?.state).toBe(ConversionJobState.COMPLETED);
  return (await harness.manifest(bookId, 1)) as Manifest;
}

/** The manifest once OCR has read every page it listed. */
async function afterOcr(bookId: string, timeoutMs = 1_500_000): Promise<Manifest> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const manifest = await harness.manifest(bookId, 1);
    if (manifest && !manifest.ocrPending) return manifest;
    if (Date.now() > until) throw new Error(`book ${bookId}: OCR did not finish in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function searchIndex(bookId: string, manifest: Manifest) {
  return JSON.parse((await harness.object(`books/${bookId}/r1/${manifest.search}`)).toString()) as {
    pages: { page: number; text: string }[];
  };
}

async function ocrCount(outcome: string): Promise<number> {
  return (await ocrPages.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

it("makes the book ready before OCR reads its scanned page; the words reach search and sit in place afterwards", {
  timeout: 1_700_000,
}, async () => {
  const bookId = `b${uniqueId()}`;
  const ready = await convert(await pdfOf([{ image: await scan() }, { typed: "Typed lighthouse page" }]), bookId);
  // Ready and complete: every page landed, the text layer's page searchable, the scanned page still to be read.
  expect(ready.state).toBe("ready");
  expect(ready.pagesDone).toBe(2);
  expect(ready.ocrPending).toEqual([1]);
  expect(ready.pages.map((page) => page.text)).toEqual([null, "text/2.json"]);
  const first = await searchIndex(bookId, ready);
  expect(first.pages[0]?.text).toBe("");
  expect(first.pages[1]?.text).toContain("lighthouse");

  const read = await afterOcr(bookId);
  expect(read.search).toBe("search-ocr.json");
  expect(read.pages.map((page) => page.text)).toEqual(["text/1.json", "text/2.json"]);
  const search = await searchIndex(bookId, read);
  expect(search.pages[0]?.text).toMatch(/Zeppelin/);
  // Not yet: the Chinese line of this sparse 150-dpi scan, read at 300 dpi, is lost (misread at 72 px, not found
  // at 40 px; read right at the scan's own resolution): docs/benchmarks/ocr.md, "Known limitation".
  expect(search.pages[1]?.text).toContain("lighthouse");

  // The line sits where it was drawn: baseline 420 of 1754 px, 120 px from the left of 1240.
  const text = JSON.parse((await harness.object(`books/${bookId}/r1/text/1.json`)).toString()) as PageText;
  const line = text.items.find((item) => item.text.includes("Zeppelin"));
  const [left = 0, top = 0, , height = 0] = line?.box ?? [];
  expect(left).toBeGreaterThan(0.07);
  expect(left).toBeLessThan(0.12);
  expect(top + height).toBeGreaterThan(0.22);
  expect(top).toBeLessThan(0.25);
});

it("finds the words of a 150-dpi scan of a two-column paper page in the book's search", {
  timeout: 1_700_000,
}, async () => {
  const layout = layouts.find((candidate) => candidate.columns === 2 && !candidate.chinese);
  if (!layout) throw new Error("no two-column layout");
  const dir = await mkdtemp(join(tmpdir(), "turnleaf-scan-"));
  const [page] = await scanPages(await sourcePdf(layout, 1), 150, dir).finally(() =>
    rm(dir, { recursive: true, force: true }),
  );
  if (!page) throw new Error("no scan");
  const bookId = `b${uniqueId()}`;
  await convert(await scannedPdf([page.jpeg]), bookId);
  const search = await searchIndex(bookId, await afterOcr(bookId));
  const found = hits(page.truth, units(search.pages[0]?.text ?? ""));
  // Measured 99-100 % (bench:ocr); the display rendition read with chi_sim+eng, as before #36, found <= 80 %.
  expect(page.truth.length).toBeGreaterThan(300);
  expect(found / page.truth.length).toBeGreaterThan(0.85);
});

it("never hands a photo without words to tesseract", { timeout: 1_700_000 }, async () => {
  const [readBefore, noWordsBefore] = [await ocrCount("read"), await ocrCount("no_words")];
  const bookId = `b${uniqueId()}`;
  const ready = await convert(await pdfOf([{ image: await photo(1240, 1754, 3) }, { image: await scan() }]), bookId);
  expect(ready.ocrPending).toEqual([1, 2]);
  const read = await afterOcr(bookId);
  expect(await ocrCount("no_words")).toBe(noWordsBefore + 1);
  expect(await ocrCount("read")).toBe(readBefore + 1);
  // The photo keeps no text; the scanned page has its words.
  expect(read.pages.map((page) => page.text)).toEqual([null, "text/2.json"]);
  const search = await searchIndex(bookId, read);
  expect(search.pages[0]?.text).toBe("");
  expect(search.pages[1]?.text).toMatch(/Zeppelin/);
});

it("reads the words in a text page's pictures with IMAGEINPDF, beside its text layer; not without it", {
  timeout: 1_700_000,
}, async () => {
  const plain = `b${uniqueId()}`;
  const without = await convert(await typedAndPicture(), plain);
  expect(without.ocrPending).toBeUndefined();
  expect((await searchIndex(plain, without)).pages[0]?.text).toBe("Typed lighthouse page");

  const bookId = `b${uniqueId()}`;
  const ready = await convert(await typedAndPicture(), bookId, true);
  // Ready with its text layer searchable at once; the picture's words follow.
  expect(ready.ocrPending).toEqual([1]);
  expect(ready.pages[0]?.text).toBe("text/1.json");
  expect((await searchIndex(bookId, ready)).pages[0]?.text).toBe("Typed lighthouse page");
  const read = await afterOcr(bookId);
  const search = (await searchIndex(bookId, read)).pages[0]?.text ?? "";
  expect(search).toMatch(/Zeppelin/);
  // The typed line once: OCR's reading of it is the layer's text again.
  expect(search.match(/lighthouse/g)).toHaveLength(1);
  const text = JSON.parse((await harness.object(`books/${bookId}/r1/text/1.json`)).toString()) as PageText;
  expect(text.items[0]?.text).toBe("Typed lighthouse page");
});
