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
 * Usage: node --conditions=source --import tsx scripts/bench/convert-ocr.ts [--pages 2] [--only two-column]
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
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
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { FsBookStore } from "../../services/conversion/src/data/fs-book-store.js";
import { renditionSizes } from "../../services/conversion/src/domain/renditions.js";
import { recognise } from "../../services/conversion/src/ocr/tesseract.js";
import { convertJob } from "../../services/conversion/src/pipeline/convert-job.js";
import { type PagePixels, releaseDocuments, renderPage } from "../../services/conversion/src/render/page-renderer.js";
import { selectPdfium } from "../../services/conversion/src/render/pdfium.js";
import { choosePdfium } from "../../services/conversion/src/render/pdfium-native-library.js";
import { createRenderPool } from "../../services/conversion/src/render/pool.js";
import { readPdf } from "../../services/conversion/src/render/source-reader.js";
import { pad } from "./convert-measure.js";

const { values } = parseArgs({
  options: { pages: { type: "string", default: "2" }, only: { type: "string", default: "" } },
});
const pageCount = Number(values.pages);
const out = (line = "") => process.stdout.write(`${line}\n`);
const pdfium = choosePdfium("auto");
selectPdfium(pdfium);

const cjkFont = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";
const a4 = { width: 595.28, height: 841.89 };

/** A fixed pseudo-random sequence, so every run scans the same pages. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const englishWords = (
  "the of and to in is that for it as with was on be by this are from or have an which not but at they his " +
  "page paper method result results model models data figure table section measure measured conversion render " +
  "scanned reader search index words columns column layout budget priority worker replica queue stream store " +
  "image images picture photograph language languages chinese english recall precision tesseract engine system " +
  "systems value values network training learning sample samples between through during without against across " +
  "important different several however therefore because although whether another number general specific " +
  "analysis experiment experiments observed observation previous following present presented approach problem " +
  "question answer evidence structure function process processing increase decrease higher lower better larger " +
  "smaller early later study studies research theory practice library museum garden harbour mountain river " +
  "village kitchen window station lighthouse zeppelin orchard violin blanket pepper silver copper marble"
).split(" ");
const chineseText =
  "翻页电子书把文档变成可以翻阅的书读者可以搜索文字点击链接并在手机上阅读研究方法结果模型数据图表章节测量转换渲染扫描" +
  "索引词语分栏布局预算优先级工作队列存储图像图片照片语言中文英文召回精度引擎系统数值网络训练学习样本之间通过期间没有" +
  "重要不同几个然而因此因为虽然是否另一个数量一般具体分析实验观察以前以下目前提出方法问题回答证据结构功能过程增加减少";

function englishParagraph(next: () => number, words: number): string {
  const list: string[] = [];
  for (let index = 0; index < words; index++)
    list.push(englishWords[Math.floor(next() * englishWords.length)] as string);
  return `${list.join(" ")}.`;
}

function chineseParagraph(next: () => number, characters: number): string {
  let text = "";
  for (let index = 0; index < characters; index++) {
    text += chineseText[Math.floor(next() * chineseText.length)];
    if (index % 17 === 16) text += "，";
  }
  return `${text}。`;
}

interface Layout {
  name: string;
  chinese: boolean;
  columns: 1 | 2;
}

const layouts: Layout[] = [
  { name: "one column, English", chinese: false, columns: 1 },
  { name: "two columns, English", chinese: false, columns: 2 },
  { name: "one column, Chinese", chinese: true, columns: 1 },
  { name: "two columns, Chinese", chinese: true, columns: 2 },
];

/** The source PDF: a title across the page, then body text in one or two columns (a paper's layout). */
async function sourcePdf(layout: Layout, pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  const next = random(layout.columns * 7 + (layout.chinese ? 3 : 1));
  if (layout.chinese) doc.registerFont("cjk", cjkFont, "WenQuanYiMicroHei");
  for (let page = 0; page < pages; page++) {
    doc.addPage({ size: [a4.width, a4.height], margin: 56 });
    doc.font(layout.chinese ? "cjk" : "Times-Roman");
    doc
      .fontSize(16)
      .text(layout.chinese ? chineseParagraph(next, 14) : englishParagraph(next, 8), { align: "center" })
      .moveDown(1);
    doc.fontSize(layout.chinese ? (layout.columns === 2 ? 9 : 10) : layout.columns === 2 ? 8.5 : 9.5);
    const body = Array.from({ length: layout.columns === 2 ? 11 : 7 }, () =>
      layout.chinese ? chineseParagraph(next, 90) : englishParagraph(next, 70),
    ).join("\n");
    doc.text(body, {
      columns: layout.columns,
      columnGap: 18,
      align: "justify",
      height: a4.height - doc.y - 60,
      width: a4.width - 112,
    });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

function drawPage(path: string, size: { width: number; height: number }, pageIndex: number, maxSide: number) {
  const region = { x: 0, y: 0, ...size };
  return renderPage({
    kind: "pdf",
    path,
    password: "",
    pageIndex,
    region,
    sizes: renditionSizes(region, maxSide, 0),
    quality: 75,
    jpegQuality: 85,
    webpEffort: 0,
    watermark: false,
    wantText: true,
    wantLinks: false,
    wantPixels: true,
    deriveOnRequest: true,
  });
}

/** Latin words of four letters or more (lower case), and CJK characters. */
function units(text: string): string[] {
  const latin = text.toLowerCase().match(/[a-z]{4,}/g) ?? [];
  const cjk = text.match(/[\u4e00-\u9fff]/g) ?? [];
  return [...latin, ...cjk];
}

/** Hits of `truth`'s units in `found` (each unit counted as often as it occurs in both). */
function hits(truth: string[], found: string[]): number {
  const left = new Map<string, number>();
  for (const unit of found) left.set(unit, (left.get(unit) ?? 0) + 1);
  let count = 0;
  for (const unit of truth) {
    const available = left.get(unit) ?? 0;
    if (available > 0) {
      count++;
      left.set(unit, available - 1);
    }
  }
  return count;
}

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
    const original = join(dir, `${layout.name.replace(/\W+/g, "-")}.pdf`);
    await writeFile(original, await sourcePdf(layout, pageCount));
    const sizes = (await readPdf(new Uint8Array(readFileSync(original)), "", false)).pages;
    for (const dpi of [150, 300]) {
      const truth: string[][] = [];
      const scans: string[] = [];
      for (let pageIndex = 0; pageIndex < pageCount; pageIndex++) {
        const size = sizes[pageIndex] as { width: number; height: number };
        const drawn = await drawPage(
          original,
          size,
          pageIndex,
          Math.round((Math.max(size.width, size.height) / 72) * dpi),
        );
        truth.push(units(drawn.text.map((run) => run.text).join(" ")));
        const pixels = drawn.pixels as PagePixels;
        const scan = join(dir, `scan-${dpi}-${pageIndex}.jpg`);
        // As a scanner sees paper: a little blur, sensor noise, the sheet a little askew, JPEG.
        const grey = await sharp(pixels.data, {
          raw: { width: pixels.width, height: pixels.height, channels: pixels.channels ?? 4 },
        })
          .greyscale()
          .blur(dpi / 250)
          .raw()
          .toBuffer({ resolveWithObject: true });
        const noise = random(pageIndex + dpi);
        for (let offset = 0; offset < grey.data.length; offset++)
          grey.data[offset] = Math.max(
            0,
            Math.min(255, (grey.data[offset] as number) * 0.92 + 8 + (noise() - 0.5) * 28),
          );
        await sharp(grey.data, { raw: { width: grey.info.width, height: grey.info.height, channels: 1 } })
          .rotate(0.6, { background: "#ffffff" })
          .resize(grey.info.width, grey.info.height, { fit: "cover" })
          .jpeg({ quality: 80 })
          .withMetadata({ density: dpi })
          .toFile(scan);
        scans.push(scan);
      }
      await releaseDocuments(original);
      // The scanned book: one image a page, no text layer.
      const scanned = join(dir, `scanned-${dpi}.pdf`);
      const doc = new PDFDocument({ autoFirstPage: false });
      const chunks: Buffer[] = [];
      doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
      for (const scan of scans) {
        doc.addPage({ size: [a4.width, a4.height], margin: 0 });
        doc.image(await readFile(scan), 0, 0, { width: a4.width, height: a4.height });
      }
      doc.end();
      await ended;
      await writeFile(scanned, Buffer.concat(chunks));

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
              timeoutMs: 300_000,
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
          timeoutMs: 300_000,
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
