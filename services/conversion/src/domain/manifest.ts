/**
 * Writing manifest.json (its format is @turnleaf/book-format's): the manifest is written while pages land (state
 * "converting", pages not yet rendered have ready: false) and a last time with state "ready" once every page, the
 * outline and the search index are in place.
 */
import {
  type BookLink,
  bookKeys,
  type EngineName,
  type ImageFormat,
  type Manifest,
  manifestFormat,
} from "@turnleaf/book-format";
import type { PlannedPage } from "./plan.js";

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function initialManifest(job: {
  bookId: string;
  revision: number;
  jobId: string;
  engine: EngineName;
  trial: boolean;
  plan: PlannedPage[];
  sizes: { width: number; height: number }[];
}): Manifest {
  return {
    format: manifestFormat,
    bookId: job.bookId,
    revision: job.revision,
    jobId: job.jobId,
    state: "converting",
    engine: job.engine,
    trial: job.trial,
    pageCount: job.plan.length,
    pagesDone: 0,
    pages: job.plan.map((page, index) => ({
      n: page.n,
      width: job.sizes[index]?.width ?? 0,
      height: job.sizes[index]?.height ?? 0,
      ready: false,
      webp: {},
      jpg: null,
      thumb: null,
      text: null,
      links: [],
      source: {
        index: page.source,
        page: page.sourcePage,
        part: page.part,
        region: [
          round(page.region.x / page.pageSize.width),
          round(page.region.y / page.pageSize.height),
          round(page.region.width / page.pageSize.width),
          round(page.region.height / page.pageSize.height),
        ],
      },
    })),
    outline: [],
    search: null,
    sourcePdfs: [],
    updatedAt: new Date(0).toISOString(),
  };
}

export interface LandedPage {
  n: number;
  webpWidths: number[];
  jpgWidth: number;
  /** The main rendition's format when it is not WebP (its key is then also the fallback's). */
  mainFormat?: ImageFormat;
  hasText: boolean;
  links: BookLink[];
}

/** Marks a page rendered and written (idempotent: a page landing twice counts once). */
export function landPage(manifest: Manifest, landed: LandedPage): void {
  const page = manifest.pages[landed.n - 1];
  if (!page) throw new Error(`page ${landed.n} is not in the plan`);
  page.webp = Object.fromEntries(
    landed.webpWidths.map((width, index) => [
      String(width),
      bookKeys.page(landed.n, width, index === 0 ? (landed.mainFormat ?? "webp") : "webp"),
    ]),
  );
  // The fallback for browsers without WebP: a PNG or JPEG main rendition is its own (a JPEG made from a dense
  // text page's PNG was 400-430 KB, twice the reader's budget a page).
  const mainFormat = landed.mainFormat ?? "webp";
  page.jpg = bookKeys.page(landed.n, landed.jpgWidth, mainFormat === "webp" ? "jpg" : mainFormat);
  page.thumb = bookKeys.thumb(landed.n);
  page.text = landed.hasText ? bookKeys.text(landed.n) : null;
  page.links = landed.links;
  page.ready = true;
  manifest.pagesDone = manifest.pages.filter((entry) => entry.ready).length;
}

/** A page's text was written after the page landed (OCR): the manifest points at it. */
export function landText(manifest: Manifest, n: number): void {
  const page = manifest.pages[n - 1];
  if (page) page.text = bookKeys.text(n);
}

/** The pages a previous delivery of the same job already finished (resume after a worker died). */
export function pagesAlreadyDone(previous: Manifest | undefined, jobId: string, pageCount: number): Set<number> {
  if (!previous || previous.jobId !== jobId || previous.pageCount !== pageCount) return new Set();
  return new Set(previous.pages.filter((page) => page.ready).map((page) => page.n));
}

/** Copies finished pages of a previous delivery into a fresh manifest. */
export function carryOver(manifest: Manifest, previous: Manifest, done: Set<number>): void {
  for (const n of done) {
    const before = previous.pages[n - 1];
    const page = manifest.pages[n - 1];
    if (!before || !page) continue;
    Object.assign(page, {
      webp: before.webp,
      jpg: before.jpg,
      thumb: before.thumb,
      text: before.text,
      links: before.links,
      ready: true,
    });
  }
  manifest.pagesDone = manifest.pages.filter((entry) => entry.ready).length;
}
