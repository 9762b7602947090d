/**
 * OCR after the book is ready: the pages a ready manifest lists in `ocrPending` (no text layer, search asked for;
 * or, with IMAGEINPDF, a text layer and pictures: the words read where the layer has none are added to it)
 * are drawn again for reading (PDF pages at `dpi`, 300 by default, grey, nothing encoded; image sources at their
 * own resolution), looked at cheaply for words (text-presence.ts: photos stop there), and read by tesseract at
 * low priority, a few at a time (chi_sim+eng until a page shows an English book: BookLanguages). Their texts are written, then the search index again under a new key (the first
 * one may be cached by readers for good) and the manifest without `ocrPending`. The book's budget (time and
 * pages) bounds it: pages past it keep no text.
 */

import { bookKeys, type Manifest } from "@turnleaf/book-format";
import type { Logger } from "@turnleaf/kit/logger";
import type { Sharp } from "sharp";
import type { BookStorage } from "../data/book-store.js";
import { type PageText, pageText, searchableText, type TextRun, withPictureWords } from "../domain/page-content.js";
import type { PlannedPage } from "../domain/plan.js";
import { conversionStageDuration, ocrPages } from "../metrics.js";
import { BookLanguages, type OcrLine, type OcrSettings, recognise } from "../ocr/tesseract.js";
import { mayHoldWords, presenceSide } from "../ocr/text-presence.js";
import type { RenderPool } from "../render/pool.js";
import { loadSharp } from "../render/sharp.js";
import type { PreparedBook, ReadSource } from "./prepare-book.js";
import { inOrder } from "./render-pages.js";

export interface ReadScannedDependencies {
  store: BookStorage;
  pool: RenderPool;
  log: Logger;
  ocr: OcrSettings;
  keepAlive(): void;
}

export interface ScannedPagesRead {
  read: number;
  noWords: number;
  overBudget: number;
  failed: number;
}

/** The longest side OCR reads (a poster at 300 dpi would be tens of thousands of pixels). */
const maxSidePx = 7000;

/** A grey page image for tesseract and the scale from the page's region to its pixels. */
async function imageForReading(
  book: PreparedBook,
  page: PlannedPage,
  deps: ReadScannedDependencies,
): Promise<{ image: Sharp; scale: number }> {
  const source = book.sources[page.source] as ReadSource;
  if (source.kind === "image") {
    const image = loadSharp()(source.path)
      .rotate()
      .greyscale()
      .resize({ width: maxSidePx, height: maxSidePx, fit: "inside", withoutEnlargement: true });
    const { info } = await image.clone().raw().toBuffer({ resolveWithObject: true });
    return { image, scale: info.width / page.region.width };
  }
  const longest = Math.max(page.region.width, page.region.height);
  const scale = Math.min((deps.ocr.dpi ?? 300) / 72, maxSidePx / longest);
  const width = Math.max(1, Math.round(page.region.width * scale));
  const height = Math.max(1, Math.round(page.region.height * scale));
  const rendered = await deps.pool.render({
    kind: "pdf",
    path: source.path,
    password: source.password,
    pageIndex: page.sourcePage,
    region: page.region,
    sizes: { scale, width, height, widths: [width], thumbWidth: width },
    quality: 75,
    jpegQuality: 75,
    webpEffort: 0,
    watermark: false,
    deriveOnRequest: true,
    wantText: false,
    wantLinks: false,
    wantPixels: true,
    pixelsOnly: true,
  });
  const pixels = rendered.pixels;
  if (!pixels) throw new Error("the renderer returned no pixels");
  const raw = { width: pixels.width, height: pixels.height, channels: pixels.channels ?? 4 };
  return { image: loadSharp()(pixels.data, { raw }).greyscale(), scale: pixels.width / page.region.width };
}

/** OCR lines (pixels of the reading image) as text runs in the source page's coordinates. */
function runsFromLines(lines: OcrLine[], page: PlannedPage, scale: number): TextRun[] {
  return lines.map((line) => ({
    text: line.text,
    x: page.region.x + line.left / scale,
    y: page.region.y + line.top / scale,
    width: line.width / scale,
    height: line.height / scale,
  }));
}

export async function readScannedPages(
  book: PreparedBook,
  deps: ReadScannedDependencies,
  started = Date.now(),
): Promise<ScannedPagesRead> {
  const { store, log, ocr } = deps;
  const { job } = book;
  const key = bookKeys.manifest(job.bookId, job.revision);
  const prefix = bookKeys.revisionPrefix(job.bookId, job.revision);
  const done: ScannedPagesRead = { read: 0, noWords: 0, overBudget: 0, failed: 0 };
  const listed = await store.getManifest(key);
  const pending = listed?.ocrPending ?? [];
  if (pending.length === 0) return done;
  const deadline = started + (ocr.bookBudgetMs ?? 15 * 60_000);
  const maxPages = ocr.maxPagesPerBook ?? 1000;
  const languages = new BookLanguages(ocr.languages);
  const texts = new Map<number, PageText>();
  let taken = 0;

  // tesseract may take minutes a page at nice 19 on a busy machine: the queue hears from this book meanwhile.
  const heartbeat = setInterval(() => deps.keepAlive(), 5_000);
  await inOrder(pending, Math.max(1, ocr.concurrency ?? 1), async (n) => {
    const page = book.plan[n - 1];
    if (!page) return;
    if (Date.now() > deadline || taken >= maxPages) {
      done.overBudget++;
      ocrPages.inc({ outcome: "over_budget" });
      return;
    }
    taken++;
    const pageStarted = Date.now();
    try {
      const { image, scale } = await imageForReading(book, page, deps);
      const small = await image
        .clone()
        .resize({ width: presenceSide, height: presenceSide, fit: "inside" })
        .raw()
        .toBuffer({ resolveWithObject: true });
      deps.keepAlive();
      if (!mayHoldWords({ data: small.data, width: small.info.width, height: small.info.height })) {
        done.noWords++;
        ocrPages.inc({ outcome: "no_words" });
        return;
      }
      const png = await image.png({ compressionLevel: 1 }).toBuffer();
      const lines = await recognise(png, ocr, languages.current);
      languages.learn(lines);
      const read = pageText(n, runsFromLines(lines, page, scale), page.region);
      // A page listed with a text layer (IMAGEINPDF) keeps it, with the words read in its pictures beside it.
      const layerKey = listed?.pages[n - 1]?.text;
      const layer = layerKey ? ((await store.getJson(`${prefix}${layerKey}`)) as PageText | undefined) : undefined;
      const text = layer ? withPictureWords(layer, read) : read;
      await store.putJson(`${prefix}${bookKeys.text(n)}`, text);
      texts.set(n, text);
      done.read++;
      ocrPages.inc({ outcome: "read" });
      conversionStageDuration.observe({ stage: "ocr" }, (Date.now() - pageStarted) / 1000);
    } catch (error) {
      // A page OCR cannot read keeps no text; the rest of the book still gets its search.
      done.failed++;
      ocrPages.inc({ outcome: "failed" });
      log.warn({ err: error, page: n }, "OCR failed; the page has no text");
    }
    deps.keepAlive();
  }).finally(() => clearInterval(heartbeat));

  // The manifest as it is now (written once more, by this stage only, after the book became ready).
  const manifest = (await store.getManifest(key)) as Manifest;
  for (const n of texts.keys()) {
    const entry = manifest.pages[n - 1];
    if (entry) entry.text = bookKeys.text(n);
  }
  if (manifest.search !== null) {
    const index: { page: number; text: string }[] = [];
    for (const entry of manifest.pages) {
      let text = texts.get(entry.n);
      if (!text && entry.text) text = (await store.getJson(`${prefix}${entry.text}`)) as PageText | undefined;
      index.push({ page: entry.n, text: text ? searchableText(text) : "" });
    }
    await store.putJson(`${prefix}${bookKeys.searchWithOcr()}`, { pages: index });
    manifest.search = bookKeys.searchWithOcr();
  }
  delete manifest.ocrPending;
  manifest.updatedAt = new Date().toISOString();
  await store.putJson(key, manifest, "no-cache");
  log.info({ ...done, ms: Date.now() - started, languages: languages.current }, "scanned pages read by OCR");
  return done;
}
