/**
 * A scanned page (an image-only PDF page, no text layer) gets OCR when the import asks for search: its words
 * become the page's positioned text and search finds them; a page with a text layer keeps its own text.
 */
import { ConversionJobState, Engine, SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { RunningConsumer } from "@turnleaf/kit";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PageText } from "../../services/conversion/src/domain/page-content.js";
import { createRenderPool, type RenderPool } from "../../services/conversion/src/render/pool.js";
import { a4 } from "../fixtures/pdf/generate.js";
import { createHarness, type Harness, startTestConsumer, uniqueId } from "./harness.js";

let harness: Harness;
let pool: RenderPool;
let consumer: RunningConsumer;

beforeAll(async () => {
  harness = await createHarness();
  pool = createRenderPool(1);
  consumer = await startTestConsumer(harness, pool, {
    settings: { webpEffort: 2, ocr: { tesseract: "tesseract", languages: "chi_sim+eng", timeoutMs: 60_000 } },
    maxDeliver: 2,
    durable: "scanned",
  });
});

afterAll(async () => {
  await consumer?.stop();
  await pool?.close();
  await harness?.close();
});

/** A "scan": the words drawn into a 150 DPI greyscale image, nothing else on the page. */
async function scan(): Promise<Buffer> {
  const width = 1240;
  const height = 1754;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f4f1ea"/>
    <text x="120" y="420" font-family="DejaVu Sans" font-size="72" fill="#1a1a1a">Zeppelin harbour</text>
    <text x="120" y="620" font-family="WenQuanYi Micro Hei" font-size="72" fill="#1a1a1a">翻页电子书</text>
  </svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

async function scannedPdf(): Promise<Buffer> {
  const image = await scan();
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.addPage({ size: [a4.width, a4.height], margin: 0 });
  doc.image(image, 0, 0, { width: a4.width, height: a4.height });
  doc.addPage({ size: [a4.width, a4.height], margin: 50 });
  doc.fontSize(30).text("Typed lighthouse page", 80, 200);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

it("reads a scanned page with OCR so search finds its words, in place on the page", { timeout: 120_000 }, async () => {
  const jobId = uniqueId();
  const bookId = `b${uniqueId()}`;
  const key = await harness.upload(await scannedPdf());
  const events = harness.events(jobId, 1, 120_000);
  await harness.publishJob({
    jobId,
    bookId,
    revision: 1,
    sources: [{ key, kind: SourceKind.PDF, displayName: "scan.pdf" }],
    options: { engine: Engine.HD_IMAGE, maxSidePx: 1600, importSearch: true },
  });
  expect((await events).at(-1)?.state).toBe(ConversionJobState.COMPLETED);

  const manifest = await harness.manifest(bookId, 1);
  expect(manifest?.pages.map((page) => page.text)).toEqual(["text/1.json", "text/2.json"]);
  const search = JSON.parse((await harness.object(`books/${bookId}/r1/search.json`)).toString()) as {
    pages: { page: number; text: string }[];
  };
  expect(search.pages[0]?.text).toMatch(/Zeppelin/);
  expect(search.pages[0]?.text.replace(/\s/g, "")).toContain("电子书");
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
