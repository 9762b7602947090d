/**
 * Renders a run of a prepared book's pages on the pool (page order first, a few in flight), writes each page's
 * files under deterministic keys (a repeat overwrites, never duplicates) and reports every landing. A page the
 * job wants search for but whose source has no text layer (a scanned page, an image) lands with `textPending`:
 * OCR reads it after the book is ready (read-scanned-pages.ts), so OCR never holds a page or the book.
 */

import { bookKeys } from "@turnleaf/book-format";
import type { Logger } from "@turnleaf/kit/logger";
import type { BookStorage } from "../data/book-store.js";
import { failureMessages, JobFailure } from "../domain/failures.js";
import type { LandedPage } from "../domain/manifest.js";
import { bookLinks, linksFromText, type PageText, pageText } from "../domain/page-content.js";
import type { PlannedPage } from "../domain/plan.js";
import { encodingQuality, type RenditionSizes } from "../domain/renditions.js";
import { pagesConverted } from "../metrics.js";
import { RenderMemoryError } from "../render/memory-budget.js";
import type { PageTask } from "../render/page-renderer.js";
import type { RenderPool } from "../render/pool.js";
import { RenderBudgetError } from "./guarded-pool.js";
import type { ConvertSettings, PreparedBook, ReadSource } from "./prepare-book.js";

export interface RenderDependencies {
  store: BookStorage;
  pool: RenderPool;
  log: Logger;
  settings: ConvertSettings;
  keepAlive(): void;
}

export interface PageLanding {
  landed: LandedPage;
  /** The page's text (undefined when the job wants none or OCR still reads it). */
  text: PageText | undefined;
  /** OCR reads this page once the book is ready. */
  textPending: boolean;
}

export interface RenderReports {
  landed(landing: PageLanding): Promise<void>;
  /** The OCR text of a page reported with textPending has been written. */
  textLanded?(n: number, text: PageText): Promise<void>;
}

/** WebP reaches the look of a JPEG at a lower quality number: the "definition" maps to WebP quality - 10. */
export function webpQualityFor(definition: number): number {
  return Math.max(50, encodingQuality(definition) - 10);
}

/** Whether the job writes positioned text for its pages. */
export function wantsText(book: PreparedBook): boolean {
  return book.engine === "hd-text" || Boolean(book.job.options?.importSearch);
}

/** Runs tasks with at most `limit` in flight, starting them in order (page 1 first). */
export async function inOrder<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: unknown;
  const lane = async () => {
    while (next < items.length && failed === undefined) {
      const item = items[next++] as T;
      try {
        await run(item);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failed !== undefined) throw failed;
}

function taskFor(book: PreparedBook, page: PlannedPage, settings: ConvertSettings): PageTask {
  const options = book.job.options;
  const source = book.sources[page.source] as ReadSource;
  const size = book.sizes[page.n - 1] as RenditionSizes;
  const common = {
    path: source.path,
    sizes: size,
    quality: webpQualityFor(options?.quality ?? 0),
    jpegQuality: encodingQuality(options?.quality ?? 0),
    webpEffort: settings.webpEffort,
    ...(settings.paperPages ? { paperPages: settings.paperPages } : {}),
    watermark: book.job.trial,
  };
  if (source.kind === "image") return { kind: "image", ...common };
  return {
    kind: "pdf",
    ...common,
    password: source.password,
    ...(source.engine === "pdfjs" ? { engine: "pdfjs" as const } : {}),
    pageIndex: page.sourcePage,
    region: page.region,
    wantText: wantsText(book) || Boolean(options?.textToLink),
    wantLinks: Boolean(options?.importLinks),
  };
}

export async function renderPages(
  book: PreparedBook,
  pages: PlannedPage[],
  deps: RenderDependencies,
  reports: RenderReports,
): Promise<void> {
  const { store, pool } = deps;
  const prefix = bookKeys.revisionPrefix(book.job.bookId, book.job.revision);
  const options = book.job.options;
  const wantText = wantsText(book);
  const ocrSettings = deps.settings.ocr;

  await inOrder(pages, Math.max(1, pool.size) + 1, async (page) => {
    const source = book.sources[page.source] as ReadSource;
    let rendered: Awaited<ReturnType<RenderPool["render"]>>;
    try {
      rendered = await pool.render(taskFor(book, page, deps.settings));
    } catch (error) {
      const name = (error as Error).name;
      if (error instanceof RenderBudgetError) {
        throw new JobFailure(failureMessages.pageBudget(page.n, Math.round(error.budgetMs / 1000)));
      }
      if (error instanceof RenderMemoryError) {
        throw new JobFailure(failureMessages.pageMemory(page.n, Math.round(error.budgetBytes / 1024 / 1024)));
      }
      if (name === "PdfReadError" || name === "PdfPasswordError" || name === "InvalidPDFException") {
        throw new JobFailure(failureMessages.pages(String(page.n), error));
      }
      if (source.kind === "image" && name !== "Error") throw new JobFailure(failureMessages.image);
      throw error;
    }
    deps.keepAlive();
    const text = pageText(page.n, rendered.text, page.region);
    const sourceLinks = [...rendered.links, ...(options?.textToLink ? linksFromText(rendered.text) : [])];
    const links = bookLinks(sourceLinks, page.region, book.pageOf(page.source));
    // A page without a text layer is read by OCR after the book is ready; with IMAGEINPDF a page with one and with
    // pictures too (the words in its pictures), its text layer kept meanwhile.
    const pictureWords = Boolean(options?.imageInPdf && rendered.pictures) && text.items.length > 0;
    const ocr =
      Boolean(options?.importSearch) && ocrSettings !== undefined && (text.items.length === 0 || pictureWords);
    const textNow = wantText && (!ocr || pictureWords);
    const writes: Promise<void>[] = [
      ...rendered.webp.map((image) =>
        store.put(`${prefix}${bookKeys.page(page.n, image.width, image.format ?? "webp")}`, image.data),
      ),
      // The JPEG fallback is absent when the pool leaves it to the gateway (derived on first request).
      ...(rendered.jpg
        ? [store.put(`${prefix}${bookKeys.page(page.n, rendered.jpg.width, "jpg")}`, rendered.jpg.data)]
        : []),
      // So is the thumbnail.
      ...(rendered.thumb ? [store.put(`${prefix}${bookKeys.thumb(page.n)}`, rendered.thumb.data)] : []),
    ];
    if (textNow) writes.push(store.putJson(`${prefix}${bookKeys.text(page.n)}`, text));
    await Promise.all(writes);
    pagesConverted.inc();
    await reports.landed({
      landed: {
        n: page.n,
        // Every listed width, also those the gateway derives from the main one on first request.
        webpWidths: (book.sizes[page.n - 1] as RenditionSizes).widths,
        jpgWidth: (book.sizes[page.n - 1] as RenditionSizes).width,
        ...(rendered.webp[0]?.format ? { mainFormat: rendered.webp[0].format } : {}),
        hasText: textNow,
        links,
      },
      text: textNow ? text : undefined,
      textPending: ocr,
    });
  });
}
