/**
 * What OCR costs a scanned page (issue 13: "report its cost per page"; asserts nothing). The bench's text-heavy
 * and CJK documents are drawn by PDFium at about 150 dpi and saved as JPEGs, one image a page with no text layer,
 * as a scanner makes them. Each scanned page then goes the service's way: rendered like any page (the render
 * process, pixels kept), turned grey PNG and read by tesseract (`recognise`, one process at a time on one
 * thread, `chi_sim+eng`). Per document: the render's and OCR's wall time a page, tesseract's CPU a page (its
 * children's CPU from /proc), and how much of the original text layer OCR found (words of three letters or
 * more, or CJK characters). OCR runs after a page landed, so it adds nothing to page 1; it adds its time to the
 * moment the book's search finds every page.
 *
 * Usage: node --conditions=source --import tsx scripts/bench/convert-ocr.ts [--pages 6]
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { renditionSizes } from "../../services/conversion/src/domain/renditions.js";
import { recognise } from "../../services/conversion/src/ocr/tesseract.js";
import {
  type PagePixels,
  type PdfPageTask,
  releaseDocuments,
  renderPage,
} from "../../services/conversion/src/render/page-renderer.js";
import { selectPdfium } from "../../services/conversion/src/render/pdfium.js";
import { choosePdfium } from "../../services/conversion/src/render/pdfium-native-library.js";
import { readPdf } from "../../services/conversion/src/render/source-reader.js";
import { benchDocuments, build } from "./convert-documents.js";
import { pad } from "./convert-measure.js";

const { values } = parseArgs({ options: { pages: { type: "string", default: "6" } } });
const pageCount = Number(values.pages);
const out = (line = "") => process.stdout.write(`${line}\n`);
selectPdfium(choosePdfium("auto"));

const ocrSettings = { tesseract: "tesseract", languages: "chi_sim+eng", timeoutMs: 120_000 };
/** An A4 page scanned at about 150 dpi. */
const scanSide = 1754;

/** CPU ms of this process's finished children (tesseract), from /proc/self/stat's cutime and cstime. */
function childrenCpuMs(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[13] ?? 0) + Number(fields[14] ?? 0)) * 10;
}

/** Page `pageIndex` of a PDF whose page sizes were read (readPdf), rendered as a job renders it, pixels kept. */
function page(
  path: string,
  sizes: { width: number; height: number }[],
  pageIndex: number,
  maxSide: number,
  wantText: boolean,
) {
  const size = sizes[pageIndex] as { width: number; height: number };
  const region = { x: 0, y: 0, ...size };
  const task: PdfPageTask = {
    kind: "pdf",
    path,
    password: "",
    pageIndex,
    region,
    sizes: renditionSizes(region, maxSide, 0),
    quality: 75,
    jpegQuality: 85,
    webpEffort: 2,
    watermark: false,
    wantText,
    wantLinks: false,
    wantPixels: true,
  };
  return renderPage(task);
}

/** The units OCR should find: Latin words of three letters or more (lower case), and CJK characters. */
function units(text: string): string[] {
  const latin = text.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  const cjk = text.match(/[\u4e00-\u9fff]/g) ?? [];
  return [...latin, ...cjk];
}

/** The share of `truth`'s units found in `found` (each unit counted as often as it occurs in both). */
function recall(truth: string[], found: string[]): number {
  const left = new Map<string, number>();
  for (const unit of found) left.set(unit, (left.get(unit) ?? 0) + 1);
  let hits = 0;
  for (const unit of truth) {
    const count = left.get(unit) ?? 0;
    if (count > 0) {
      hits++;
      left.set(unit, count - 1);
    }
  }
  return truth.length ? hits / truth.length : 1;
}

/** One scan a page, covering it. */
const scannedPdf = (images: Buffer[]) =>
  build(images.length, (doc, index) => {
    doc.image(images[index] as Buffer, 0, 0, { width: 595.28, height: 841.89 });
  });

const jpegOf = (pixels: PagePixels) =>
  sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels ?? 4 } })
    .removeAlpha()
    .jpeg({ quality: 80 })
    .toBuffer();

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

const dir = await mkdtemp(join(tmpdir(), "turnleaf-bench-ocr-"));
try {
  const { documents } = await benchDocuments(pageCount);
  const chosen = documents.filter((document) => /text-heavy|CJK/.test(document.name) && document.bytes);
  out(`OCR of scanned pages (tesseract ${ocrSettings.languages}, one thread), ${pageCount} pages a document`);
  out("the scan: each page drawn at ~150 dpi, a JPEG q80, one image a page; OCR reads the 1600 px rendering\n");
  out(`${pad("document", 22)} | render ms/page | OCR wall ms/page (median, max) | tesseract CPU ms/page | text found`);
  for (const [index, document] of chosen.entries()) {
    const original = join(dir, `original-${index}.pdf`);
    await writeFile(original, document.bytes as Buffer);
    const originalSizes = (await readPdf(new Uint8Array(readFileSync(original)), "", false)).pages;
    const truth: string[][] = [];
    const scans: Buffer[] = [];
    for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
      const drawn = await page(original, originalSizes, pageIndex, scanSide, true);
      truth.push(units(drawn.text.map((run) => run.text).join(" ")));
      scans.push(await jpegOf(drawn.pixels as PagePixels));
    }
    await releaseDocuments(original);
    const scanned = join(dir, `scanned-${index}.pdf`);
    await writeFile(scanned, await scannedPdf(scans));
    const scannedSizes = (await readPdf(new Uint8Array(readFileSync(scanned)), "", false)).pages;
    const renderMs: number[] = [];
    const ocrMs: number[] = [];
    let tesseractCpu = 0;
    let found = 0;
    for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
      const renderStarted = performance.now();
      const rendered = await page(scanned, scannedSizes, pageIndex, 1600, true);
      renderMs.push(performance.now() - renderStarted);
      const pixels = rendered.pixels as PagePixels;
      const started = performance.now();
      const cpuBefore = childrenCpuMs();
      // As render-pages.ts hands a page to OCR.
      const grey = await sharp(pixels.data, {
        raw: { width: pixels.width, height: pixels.height, channels: pixels.channels ?? 4 },
      })
        .greyscale()
        .png({ compressionLevel: 1 })
        .toBuffer();
      const lines = await recognise(grey, ocrSettings);
      ocrMs.push(performance.now() - started);
      tesseractCpu += childrenCpuMs() - cpuBefore;
      found += recall(truth[pageIndex] ?? [], units(lines.map((line) => line.text).join(" ")));
    }
    await releaseDocuments(scanned);
    out(
      `${pad(document.name.replace(/ \d+ p$/, ""), 22)} | ${pad(median(renderMs).toFixed(0), 14)} | ${pad(`${median(ocrMs).toFixed(0)} (${Math.max(...ocrMs).toFixed(0)})`, 29)} | ${pad((tesseractCpu / pageCount).toFixed(0), 21)} | ${((found / pageCount) * 100).toFixed(0)} %`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
