/**
 * How much of a scanned book's text search finds (issue 36: recall ≥ 90 % of tesseract's alone on every layout;
 * asserts nothing). Source PDFs with known text in four layouts (one column and two columns, English and
 * Chinese) are drawn by PDFium at 150 and 300 dpi, grey, saved as JPEGs and put one image a page into a PDF
 * without a text layer, as a scanner makes them. Each scanned PDF then goes through the real pipeline in this
 * process (convertJob: render pool, the ready book, then OCR of its pages without a text layer, as the service's
 * OCR queue does) and the book's search index is compared with the original text. Beside it, on the same scan
 * images: `tesseract` alone (default page segmentation, the layout's right language: eng, or chi_sim+eng for
 * Chinese) and the way before issue 36 (tesseract on the page's 1600 px display rendition, chi_sim+eng).
 * Units: Latin words of four letters or more (lower case), and CJK characters; each counted as often as it
 * occurs in both.
 *
 * Usage: node --conditions=source --import tsx scripts/bench/convert-ocr.ts [--pages 2] [--only "two columns"]
 *        [--dpi 150,300]
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { create } from "@bufbuild/protobuf";
import { bookKeys, type Manifest } from "@turnleaf/book-format";
import {
  ConversionJobRequestedSchema,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import sharp from "sharp";
import { FsBookStore } from "../../services/conversion/src/data/fs-book-store.js";
import { recognise } from "../../services/conversion/src/ocr/tesseract.js";
import { convertJob } from "../../services/conversion/src/pipeline/convert-job.js";
import { selectPdfium } from "../../services/conversion/src/render/pdfium.js";
import { choosePdfium } from "../../services/conversion/src/render/pdfium-native-library.js";
import { createRenderPool } from "../../services/conversion/src/render/pool.js";
import { hits, layouts, scannedPdf, scanPages, sourcePdf, units } from "../../tests/fixtures/pdf/scans.js";
import { pad } from "./convert-measure.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "2" },
    only: { type: "string", default: "" },
    dpi: { type: "string", default: "150,300" },
  },
});
const pageCount = Number(values.pages);
const out = (line = "") => process.stdout.write(`${line}\n`);
const pdfium = choosePdfium("auto");
selectPdfium(pdfium);

function tesseract(image: string, languages: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(
      "tesseract",
      [image, "stdout", "-l", languages],
      { env: { ...process.env, OMP_THREAD_LIMIT: "1" }, maxBuffer: 64 << 20 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    ),
  );
}

const percent = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1)} %`;

const dir = await mkdtemp(join(tmpdir(), "turnleaf-bench-ocr-"));
const pool = createRenderPool(Math.max(1, availableParallelism()), { pdfium });
const log = {
  info: () => undefined,
  warn: (...args: unknown[]) => process.stderr.write(`${JSON.stringify(args)}\n`),
  error: (...args: unknown[]) => process.stderr.write(`${JSON.stringify(args)}\n`),
  debug: () => undefined,
  child: () => log,
} as unknown as Parameters<typeof convertJob>[1]["log"];
try {
  out(`Word recall of scanned pages: the pipeline (convertJob + OCR of the ready book) beside tesseract alone`);
  out(
    `${pageCount} pages a layout; scans: PDFium at the dpi, grey, blurred, noise, 0.6° askew, JPEG q80, one image a page; ${pdfium.engine} PDFium`,
  );
  out(`tesseract alone: default page segmentation on the scan image, eng (English) or chi_sim+eng (Chinese)`);
  out(
    `before #36: the 1600 px display rendition, --psm 3 chi_sim+eng, words under confidence 30 dropped (as it was read)\n`,
  );
  out(
    `${pad("layout", 22)} | dpi | ${pad("units", 5)} | ${pad("pipeline", 9)} | ${pad("alone", 9)} | ${pad("pipeline/alone", 14)} | ${pad("before #36", 10)} | OCR s/page | ready s`,
  );
  for (const layout of layouts) {
    if (values.only && !layout.name.includes(values.only)) continue;
    const source = await sourcePdf(layout, pageCount);
    for (const dpi of values.dpi.split(",").map(Number)) {
      const pages = await scanPages(source, dpi, dir);
      const truth = pages.map((page) => page.truth);
      const scans: string[] = [];
      for (const [pageIndex, page] of pages.entries()) {
        const scan = join(dir, `scan-${dpi}-${pageIndex}.jpg`);
        await writeFile(scan, page.jpeg);
        scans.push(scan);
      }
      const scanned = join(dir, `scanned-${dpi}.pdf`);
      await writeFile(scanned, await scannedPdf(pages.map((page) => page.jpeg)));

      const bookId = `ocr${dpi}`;
      const booksDir = join(dir, `book-${dpi}`);
      await mkdir(booksDir, { recursive: true });
      const store = new FsBookStore({ sourcesDir: dir, booksDir, revisionPrefix: bookKeys.revisionPrefix(bookId, 1) });
      let readyAt = 0;
      const started = performance.now();
      await convertJob(
        create(ConversionJobRequestedSchema, {
          jobId: `bench-${dpi}`,
          bookId,
          revision: 1,
          sources: [{ key: scanned, kind: SourceKind.PDF, displayName: "scan.pdf" }],
          options: { engine: Engine.HD_IMAGE, maxSidePx: 1600, importSearch: true },
        }),
        {
          store,
          pool,
          log,
          settings: {
            webpEffort: 2,
            tmpDir: dir,
            ocr: {
              tesseract: "tesseract",
              languages: "chi_sim+eng",
              // At nice 19 on a shared machine a page may wait long for a core: no page is cut short here.
              timeoutMs: 1_800_000,
              concurrency: availableParallelism(),
            },
          },
          async onProgress({ done, total }) {
            if (done === total && !readyAt) readyAt = performance.now();
          },
          keepAlive: () => undefined,
        },
      );
      const ocrSeconds = (performance.now() - (readyAt || started)) / 1000 / pageCount;
      const manifest = JSON.parse(await readFile(join(booksDir, "manifest.json"), "utf8")) as Manifest;
      const index = JSON.parse(await readFile(join(booksDir, manifest.search ?? "search.json"), "utf8")) as {
        pages: { page: number; text: string }[];
      };
      let total = 0;
      let pipeline = 0;
      let alone = 0;
      let before = 0;
      for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
        const expected = truth[pageIndex] ?? [];
        total += expected.length;
        pipeline += hits(expected, units(index.pages[pageIndex]?.text ?? ""));
        const scan = scans[pageIndex] as string;
        alone += hits(expected, units(await tesseract(scan, layout.chinese ? "chi_sim+eng" : "eng")));
        // As render-pages.ts read a page before #36: the grey main rendition, recognise() with chi_sim+eng.
        const display = await sharp(scan).resize({ width: 1600, height: 1600, fit: "inside" }).png().toBuffer();
        const lines = await recognise(display, {
          tesseract: "tesseract",
          languages: "chi_sim+eng",
          timeoutMs: 1_800_000,
        });
        before += hits(expected, units(lines.map((line) => line.text).join(" ")));
      }
      out(
        `${pad(layout.name, 22)} | ${pad(String(dpi), 3)} | ${pad(String(total), 5)} | ${pad(percent(pipeline, total), 9)} | ${pad(percent(alone, total), 9)} | ${pad(percent(pipeline, alone), 14)} | ${pad(percent(before, total), 10)} | ${pad(ocrSeconds.toFixed(1), 10)} | ${((readyAt - started) / 1000).toFixed(1)}`,
      );
      await rm(booksDir, { recursive: true, force: true });
    }
  }
} finally {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
}
