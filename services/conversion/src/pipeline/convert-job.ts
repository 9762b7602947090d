/**
 * One conversion job from sources to a finished book revision: read and check every source, plan the pages,
 * render them in parallel on the pool, write each page's assets as it lands and grow the manifest, then write
 * the outline, search index and the "ready" manifest. Keys are deterministic, so a redelivered job overwrites
 * what an earlier delivery wrote and resumes after the pages that delivery finished.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConversionJobRequested,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { Logger } from "@turnleaf/kit";
import { type BookStorage, SourceMissingError } from "../data/book-store.js";
import { combineFailures, failureMessages, JobFailure } from "../domain/failures.js";
import {
  bookKeys,
  carryOver,
  type EngineName,
  initialManifest,
  landPage,
  type Manifest,
  pagesAlreadyDone,
} from "../domain/manifest.js";
import {
  bookLinks,
  bookOutline,
  linksFromText,
  type PageText,
  pageText,
  type SourceOutlineEntry,
  searchableText,
} from "../domain/page-content.js";
import { PageRangeError } from "../domain/page-range.js";
import { type PlannedPage, planBook, type SourcePages, trialPageLimit } from "../domain/plan.js";
import { encodingQuality, renditionSizes } from "../domain/renditions.js";
import type { PageTask } from "../render/page-renderer.js";
import { PdfPasswordError, PdfReadError } from "../render/pdf-errors.js";
import type { RenderPool } from "../render/pool.js";
import { ImageReadError, readImage, readPdf } from "../render/source-reader.js";

export interface ConvertSettings {
  webpEffort: number;
  tmpDir?: string;
}

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
}

function engineName(engine: Engine): EngineName {
  if (engine === Engine.HD_TEXT) return "hd-text";
  if (engine === Engine.VECTOR) return "vector";
  return "hd-image";
}

/** WebP reaches the look of a JPEG at a lower quality number: the "definition" maps to WebP quality - 10. */
export function webpQualityFor(definition: number): number {
  return Math.max(50, encodingQuality(definition) - 10);
}

interface ReadSource {
  path: string;
  kind: "pdf" | "image";
  password: string;
  pages: SourcePages;
  outline: SourceOutlineEntry[];
}

async function readSources(job: ConversionJobRequested, deps: ConvertDependencies, dir: string): Promise<ReadSource[]> {
  const failures: { name: string; message: string }[] = [];
  const read: ReadSource[] = [];
  for (const [index, source] of job.sources.entries()) {
    const path = join(dir, `source-${index}`);
    const name = source.displayName || `file ${index + 1}`;
    const isImage = source.kind === SourceKind.IMAGE;
    try {
      await deps.store.downloadSource(source.key, path);
      deps.keepAlive();
      if (isImage) {
        read.push({
          path,
          kind: "image",
          password: "",
          pages: { kind: "image", size: await readImage(path) },
          outline: [],
        });
      } else {
        const { readFile } = await import("node:fs/promises");
        const info = await readPdf(
          new Uint8Array(await readFile(path)),
          source.password,
          job.options?.importToc ?? false,
        );
        read.push({
          path,
          kind: "pdf",
          password: source.password,
          pages: { kind: "pdf", pages: info.pages },
          outline: info.outline,
        });
      }
    } catch (error) {
      if (error instanceof PdfPasswordError) failures.push({ name, message: failureMessages.incorrectPassword });
      else if (error instanceof PdfReadError)
        failures.push({ name, message: failureMessages.pdf(`${name}: ${error.message}`) });
      else if (error instanceof ImageReadError) failures.push({ name, message: failureMessages.image });
      else if (error instanceof SourceMissingError) {
        failures.push({
          name,
          message: isImage ? failureMessages.image : failureMessages.pdf(`${name}: file not found`),
        });
      } else throw error;
    }
  }
  const message = combineFailures(failures, job.sources.length);
  if (message) throw new JobFailure(message);
  return read;
}

/** Runs tasks with at most `limit` in flight, starting them in order (page 1 first). */
async function inOrder<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
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

export async function convertJob(job: ConversionJobRequested, deps: ConvertDependencies): Promise<ConvertResult> {
  const { store, pool, log } = deps;
  const manifestKey = bookKeys.manifest(job.bookId, job.revision);
  const prefix = bookKeys.revisionPrefix(job.bookId, job.revision);
  const previous = await store.getManifest(manifestKey);
  if (previous?.jobId === job.jobId && previous.state === "ready") {
    return { manifestKey, pageCount: previous.pageCount, alreadyDone: true };
  }
  if (job.sources.length === 0) throw new JobFailure(failureMessages.pdf("no files to convert"));

  const dir = await mkdtemp(join(deps.settings.tmpDir ?? tmpdir(), "turnleaf-conversion-"));
  const sources: ReadSource[] = [];
  try {
    sources.push(...(await readSources(job, deps, dir)));
    const options = job.options;
    const engine = engineName(options?.engine ?? Engine.UNSPECIFIED);
    let plan: PlannedPage[];
    try {
      plan = planBook(
        sources.map((source) => source.pages),
        {
          cut: options?.cut ?? 0,
          bleedPt: options?.bleedPt ?? 0,
          pageRange: options?.pageRange ?? "",
          ...(job.trial ? { maxPages: trialPageLimit } : {}),
        },
      );
    } catch (error) {
      if (error instanceof PageRangeError) throw new JobFailure(failureMessages.pdf(error.message));
      throw error;
    }
    if (plan.length === 0) throw new JobFailure(failureMessages.pdf("the files have no pages"));

    const sizes = plan.map((page) => renditionSizes(page.region, options?.maxSidePx ?? 0, options?.dpi ?? 0));
    const manifest: Manifest = initialManifest({
      bookId: job.bookId,
      revision: job.revision,
      jobId: job.jobId,
      engine,
      trial: job.trial,
      plan,
      sizes,
    });
    const done = pagesAlreadyDone(previous?.state === "converting" ? previous : undefined, job.jobId, plan.length);
    if (previous && done.size > 0) {
      carryOver(manifest, previous, done);
      log.info({ jobId: job.jobId, resumed: done.size }, "resuming after an earlier delivery");
    }

    // Book page of each (source, source page): the first piece, for links and the outline.
    const firstBookPage = new Map<string, number>();
    for (const page of plan) {
      const key = `${page.source}:${page.sourcePage}`;
      if (!firstBookPage.has(key)) firstBookPage.set(key, page.n);
    }
    const pageOf = (source: number) => (sourcePage: number) => firstBookPage.get(`${source}:${sourcePage}`);

    manifest.outline = options?.importToc
      ? sources.flatMap((source, index) => bookOutline(source.outline, pageOf(index)))
      : [];
    if (engine === "vector") {
      manifest.sourcePdfs = sources.map((source, index) =>
        source.kind === "pdf" ? bookKeys.sourcePdf(index, sources.length) : null,
      );
      for (const [index, source] of sources.entries()) {
        const key = manifest.sourcePdfs[index];
        if (key) await store.putFile(`${prefix}${key}`, source.path);
      }
    }

    const wantText = engine === "hd-text" || Boolean(options?.importSearch);
    const wantLinks = Boolean(options?.importLinks);
    const quality = encodingQuality(options?.quality ?? 0);
    const webpQuality = webpQualityFor(options?.quality ?? 0);
    const texts = new Map<number, PageText>();

    // The manifest is rewritten after the first page lands, then every few pages, and at the end; writes are
    // serialised so an older state never overwrites a newer one.
    let manifestWrite: Promise<void> = Promise.resolve();
    let written = -1;
    const writeManifest = () => {
      manifestWrite = manifestWrite.then(async () => {
        if (manifest.pagesDone === written && manifest.state === "converting") return;
        manifest.updatedAt = new Date().toISOString();
        written = manifest.pagesDone;
        await store.putJson(manifestKey, manifest, "no-cache");
      });
      return manifestWrite;
    };
    const refreshEvery = Math.max(4, Math.ceil(plan.length / 10));
    let lastRefresh = Date.now();

    if (done.size > 0) await writeManifest();
    const todo = plan.filter((page) => !done.has(page.n));
    // Lanes land pages concurrently and their events would overtake one another (2 sent before 1): progress goes
    // out one event at a time, each landing counting one more page than the last, so consumers never see it shrink.
    let reportedDone = manifest.pagesDone;
    let reporting = deps.onProgress({ done: reportedDone, total: plan.length, manifestKey });
    const reportLanding = () => {
      reporting = reporting.then(() => {
        reportedDone += 1;
        return deps.onProgress({ done: reportedDone, total: plan.length, manifestKey });
      });
      return reporting;
    };
    await reporting;

    await inOrder(todo, Math.max(1, pool.size) + 1, async (page) => {
      const source = sources[page.source] as ReadSource;
      const size = sizes[page.n - 1] as (typeof sizes)[number];
      const task: PageTask =
        source.kind === "pdf"
          ? {
              kind: "pdf",
              path: source.path,
              password: source.password,
              pageIndex: page.sourcePage,
              region: page.region,
              sizes: size,
              quality: webpQuality,
              jpegQuality: quality,
              webpEffort: deps.settings.webpEffort,
              watermark: job.trial,
              wantText: wantText || Boolean(options?.textToLink),
              wantLinks,
            }
          : {
              kind: "image",
              path: source.path,
              sizes: size,
              quality: webpQuality,
              jpegQuality: quality,
              webpEffort: deps.settings.webpEffort,
              watermark: job.trial,
            };
      let rendered: Awaited<ReturnType<RenderPool["render"]>>;
      try {
        rendered = await pool.render(task);
      } catch (error) {
        const name = (error as Error).name;
        if (name === "PdfReadError" || name === "PdfPasswordError" || name === "InvalidPDFException") {
          throw new JobFailure(failureMessages.pdf(`page ${page.sourcePage + 1}: ${(error as Error).message}`));
        }
        if (source.kind === "image" && name !== "Error") throw new JobFailure(failureMessages.image);
        throw error;
      }
      deps.keepAlive();
      const text = pageText(page.n, rendered.text, page.region);
      const sourceLinks = [...rendered.links, ...(options?.textToLink ? linksFromText(rendered.text) : [])];
      const links = bookLinks(sourceLinks, page.region, pageOf(page.source));
      const writes: Promise<void>[] = [
        ...rendered.webp.map((image) =>
          store.put(`${prefix}${bookKeys.page(page.n, image.width, "webp")}`, image.data),
        ),
        ...(rendered.jpg
          ? [store.put(`${prefix}${bookKeys.page(page.n, rendered.jpg.width, "jpg")}`, rendered.jpg.data)]
          : []),
        store.put(`${prefix}${bookKeys.thumb(page.n)}`, rendered.thumb.data),
      ];
      if (wantText) writes.push(store.putJson(`${prefix}${bookKeys.text(page.n)}`, text));
      await Promise.all(writes);
      texts.set(page.n, text);
      landPage(manifest, {
        n: page.n,
        webpWidths: size.widths,
        jpgWidth: size.width,
        hasText: wantText,
        links,
      });
      const landedNow = manifest.pagesDone;
      if (written < 0 || landedNow - written >= refreshEvery || Date.now() - lastRefresh > 2_000) {
        lastRefresh = Date.now();
        await writeManifest();
      }
      await reportLanding();
    });

    if (options?.importSearch) {
      const index: { page: number; text: string }[] = [];
      for (const page of plan) {
        let text = texts.get(page.n);
        if (!text) text = (await store.getJson(`${prefix}${bookKeys.text(page.n)}`)) as PageText | undefined;
        index.push({ page: page.n, text: text ? searchableText(text) : "" });
      }
      await store.putJson(`${prefix}${bookKeys.search()}`, { pages: index });
      manifest.search = bookKeys.search();
    }
    await manifestWrite;
    manifest.state = "ready";
    await writeManifest();
    return { manifestKey, pageCount: plan.length, alreadyDone: false };
  } finally {
    await Promise.all(sources.map((source) => pool.release(source.path)));
    await rm(dir, { recursive: true, force: true });
  }
}
