/**
 * One conversion job from sources to a finished book revision, in one process: read and check every source,
 * plan the pages, render them in parallel on the pool, write each page's assets as it lands and grow the
 * manifest, then write the outline, search index and the "ready" manifest. Keys are deterministic, so a
 * redelivered job overwrites what an earlier delivery wrote and resumes after the pages that delivery finished.
 * Small books in the service and every book of the desktop tool convert this way; the service splits big books
 * into work items (coordinate-job.ts).
 */

import { bookKeys, type Manifest } from "@turnleaf/book-format";
import type { ConversionJobRequested } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { Logger } from "@turnleaf/kit/logger";
import type { BookStorage } from "../data/book-store.js";
import type { RenderPool } from "../render/pool.js";
import { BookManifest } from "./book-manifest.js";
import { type ConvertSettings, type PreparedBook, prepareBook, releaseBook } from "./prepare-book.js";
import { readScannedPages } from "./read-scanned-pages.js";
import { renderPages } from "./render-pages.js";

export type { ConvertSettings } from "./prepare-book.js";
export { webpQualityFor } from "./render-pages.js";

export interface ConvertDependencies {
  store: BookStorage;
  pool: RenderPool;
  log: Logger;
  settings: ConvertSettings;
  /** Called when pages land (done of total) and once the manifest exists. */
  onProgress(progress: { done: number; total: number; manifestKey: string }): Promise<void>;
  /** Called while the job works, so the queue does not hand it to another worker. */
  keepAlive(): void;
}

export interface ConvertResult {
  manifestKey: string;
  pageCount: number;
  /** The job had been completed by an earlier delivery; nothing was rendered again. */
  alreadyDone: boolean;
  /** Pages OCR reads now that the book is ready (read-scanned-pages.ts). */
  ocrPending: number;
}

/** The job was finished by an earlier delivery: its ready manifest. */
export async function finishedBefore(
  store: BookStorage,
  job: ConversionJobRequested,
): Promise<{ manifest: Manifest | undefined; result?: ConvertResult }> {
  const manifestKey = bookKeys.manifest(job.bookId, job.revision);
  const manifest = await store.getManifest(manifestKey);
  if (manifest?.jobId === job.jobId && manifest.state === "ready") {
    return {
      manifest,
      result: {
        manifestKey,
        pageCount: manifest.pageCount,
        alreadyDone: true,
        ocrPending: manifest.ocrPending?.length ?? 0,
      },
    };
  }
  return { manifest };
}

/** Converts a prepared book's pages in this process (the caller releases the book). */
export async function convertPrepared(
  book: PreparedBook,
  previous: Manifest | undefined,
  deps: ConvertDependencies,
): Promise<ConvertResult> {
  const { store, log } = deps;
  const { job } = book;
  const manifest = new BookManifest(book, store);
  const done = manifest.resume(previous);
  if (done.size > 0) log.info({ jobId: job.jobId, resumed: done.size }, "resuming after an earlier delivery");

  await manifest.storeVectorSources();
  if (done.size > 0) await manifest.write();

  const total = book.plan.length;
  // Lanes land pages concurrently and their events would overtake one another (2 sent before 1): progress goes
  // out one event at a time, each landing counting one more page than the last, so consumers never see it shrink.
  let reportedDone = manifest.pagesDone;
  let reporting = deps.onProgress({ done: reportedDone, total, manifestKey: manifest.key });
  const reportLanding = () => {
    reporting = reporting.then(() => {
      reportedDone += 1;
      return deps.onProgress({ done: reportedDone, total, manifestKey: manifest.key });
    });
    return reporting;
  };
  await reporting;

  await renderPages(
    book,
    book.plan.filter((page) => !done.has(page.n)),
    deps,
    {
      async landed({ landed, text, textPending }) {
        const fresh = manifest.land(landed, text, textPending);
        await manifest.refresh();
        if (fresh) await reportLanding();
      },
      async textLanded(n, text) {
        manifest.landText(n, text);
      },
    },
  );
  await reporting;
  await manifest.finish();
  return { manifestKey: manifest.key, pageCount: total, alreadyDone: false, ocrPending: manifest.textPending.size };
}

/**
 * A job in this process (the desktop tool, benches): the book is ready, then OCR reads the pages without a text
 * layer before it returns (the service hands them to its OCR queue instead: events/ocr-consumer.ts).
 */
export async function convertJob(job: ConversionJobRequested, deps: ConvertDependencies): Promise<ConvertResult> {
  const before = await finishedBefore(deps.store, job);
  if (before.result && before.result.ocrPending === 0) return before.result;
  const book = await prepareBook(job, deps);
  try {
    const result = before.result ?? (await convertPrepared(book, before.manifest, deps));
    if (result.ocrPending > 0 && deps.settings.ocr) await readScannedPages(book, { ...deps, ocr: deps.settings.ocr });
    return { ...result, ocrPending: 0 };
  } finally {
    await releaseBook(book, deps.pool);
  }
}
