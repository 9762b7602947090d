/**
 * A page edit (insert, delete, reorder) as a new revision: the base revision's pages are copied object by object
 * (server-side), only the inserted file is rendered — by the normal pipeline, into a scratch folder inside the new
 * revision — and the manifest is written last, "ready", so a redelivery finds it done or rewrites the same keys.
 */

import { create } from "@bufbuild/protobuf";
import { bookKeys, type EngineName, type Manifest, type ManifestPage } from "@turnleaf/book-format";
import {
  type ConversionJobRequested,
  ConversionJobRequestedSchema,
  Engine,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { FolderStore } from "../data/folder-store.js";
import { failureMessages, JobFailure } from "../domain/failures.js";
import type { PageText } from "../domain/page-content.js";
import {
  layoutMaps,
  layoutProblem,
  mergedOutline,
  mergedSearch,
  mergedSourcePdfs,
  placedPage,
} from "../domain/page-layout.js";
import { type ConvertDependencies, type ConvertResult, convertPrepared, finishedBefore } from "./convert-job.js";
import { type PreparedBook, prepareBook, releaseBook } from "./prepare-book.js";
import { readScannedPages } from "./read-scanned-pages.js";

const scratchFolder = "_inserted/";

/**
 * How a big inserted file is shared with the other replicas, like a whole book: split into work items that write
 * into the scratch folder (the job consumer gives the coordinator; none: it renders in this replica).
 */
export interface InsertSplit {
  pagesPerItem: number;
  coordinate(
    book: PreparedBook,
    previous: Manifest | undefined,
    deps: Pick<ConvertDependencies, "store" | "onProgress"> & { keyFolder: string },
  ): Promise<ConvertResult>;
}

export interface EditDependencies extends ConvertDependencies {
  split?: InsertSplit;
}

const engines: Record<EngineName, Engine> = {
  "hd-text": Engine.HD_TEXT,
  "hd-image": Engine.HD_IMAGE,
  vector: Engine.VECTOR,
};

/** Runs `tasks` at most `limit` at a time. */
async function inTurns(tasks: (() => Promise<void>)[], limit: number, each: () => void): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as () => Promise<void>;
      await task();
      each();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
}

/** The inserted file rendered as a book of its own, in the new revision's scratch folder. */
async function renderInserted(job: ConversionJobRequested, base: Manifest, deps: EditDependencies) {
  const prefix = bookKeys.revisionPrefix(job.bookId, job.revision);
  const scratch = new FolderStore(deps.store, prefix, scratchFolder);
  const firstBase = base.pages[0];
  const options = job.options;
  const inner = create(ConversionJobRequestedSchema, {
    jobId: job.jobId,
    bookId: job.bookId,
    revision: job.revision,
    sources: job.sources,
    trial: job.trial,
    options: {
      cut: options?.cut,
      quality: options?.quality,
      dpi: options?.dpi,
      importToc: options?.importToc,
      importLinks: options?.importLinks,
      textToLink: options?.textToLink,
      imageInPdf: options?.imageInPdf,
      pageRange: options?.pageRange,
      bleedPt: options?.bleedPt,
      // The inserted pages look like the book's: its engine, its page size and a search index when it has one.
      engine: engines[base.engine],
      maxSidePx: options?.maxSidePx || (firstBase ? Math.max(firstBase.width, firstBase.height) : 0),
      importSearch: (options?.importSearch ?? false) || base.search !== null,
    },
  });
  // Its manifest is not one a reader may open: progress goes out without it.
  const innerDeps = {
    ...deps,
    store: scratch,
    onProgress: (progress: { done: number; total: number; manifestKey: string }) =>
      deps.onProgress({ ...progress, manifestKey: "" }),
  };
  const before = await finishedBefore(scratch, inner);
  let result = before.result;
  if (!result) {
    const book = await prepareBook(inner, innerDeps);
    try {
      const { split } = deps;
      result =
        split && split.pagesPerItem > 0 && book.plan.length > split.pagesPerItem
          ? await split.coordinate(book, before.manifest, { ...innerDeps, keyFolder: scratchFolder })
          : await convertPrepared(book, before.manifest, innerDeps);
      // The edit's own revision is written from this one at once: its scanned pages are read before.
      if (result.ocrPending > 0 && deps.settings.ocr)
        await readScannedPages(book, { ...innerDeps, ocr: deps.settings.ocr });
    } finally {
      await releaseBook(book, deps.pool);
    }
  }
  const manifest = await scratch.getManifest(result.manifestKey);
  if (!manifest) throw new Error("the inserted pages' manifest is missing");
  return { manifest, prefix: `${prefix}${scratchFolder}` };
}

export async function editPages(job: ConversionJobRequested, deps: EditDependencies): Promise<ConvertResult> {
  const edit = job.pageEdit;
  if (!edit) throw new Error("not a page edit");
  const before = await finishedBefore(deps.store, job);
  if (before.result) return before.result;

  const basePrefix = bookKeys.revisionPrefix(job.bookId, edit.baseRevision);
  const base = await deps.store.getManifest(bookKeys.manifest(job.bookId, edit.baseRevision));
  if (base?.state !== "ready") {
    deps.log.error(
      { bookId: job.bookId, baseRevision: edit.baseRevision },
      "page edit: the base revision is not ready",
    );
    throw new JobFailure(failureMessages.internal);
  }
  const insertedCount = edit.pages.filter((entry) => entry.insertedPage > 0).length;
  const inserted = job.sources.length > 0 ? await renderInserted(job, base, deps) : undefined;
  const problem = layoutProblem(edit.pages, base.pageCount, inserted?.manifest.pageCount ?? 0);
  if (problem || (inserted?.manifest.pageCount ?? 0) !== insertedCount) {
    deps.log.error(
      { bookId: job.bookId, problem: problem ?? "the inserted file's pages do not match the edit" },
      "page edit refused",
    );
    throw new JobFailure(failureMessages.internal);
  }
  const maps = layoutMaps(edit.pages, base.pageCount, insertedCount);
  const prefix = bookKeys.revisionPrefix(job.bookId, job.revision);
  const baseSources = base.sourcePdfs.length;

  const pages: ManifestPage[] = [];
  const copies: (() => Promise<void>)[] = [];
  // The thumbnails stored under each origin: the service's are written when the gateway first derives them.
  const storedThumbs = new Map<string, Promise<Set<string>>>();
  const thumbsUnder = (origin: string) => {
    const listed = storedThumbs.get(origin) ?? deps.store.list(`${origin}thumbs/`).then((keys) => new Set(keys));
    storedThumbs.set(origin, listed);
    return listed;
  };
  for (const [index, entry] of edit.pages.entries()) {
    const n = index + 1;
    const fromBase = entry.basePage > 0;
    const origin = fromBase ? { manifest: base, prefix: basePrefix } : (inserted as NonNullable<typeof inserted>);
    const page = origin.manifest.pages[(fromBase ? entry.basePage : entry.insertedPage) - 1] as ManifestPage;
    const placed = placedPage(page, n, fromBase ? maps.baseToNew : maps.insertedToNew, fromBase ? 0 : baseSources);
    pages.push(placed);
    copies.push(async () => {
      // Every rendition under the page's folder, the lighter ones the gateway derived since included.
      const folder = `${origin.prefix}pages/${page.n}/`;
      for (const key of await deps.store.list(folder)) {
        await deps.store.copy(key, `${prefix}pages/${n}/${key.slice(folder.length)}`);
      }
      const thumb = `${origin.prefix}${page.thumb}`;
      if (placed.thumb && (await thumbsUnder(origin.prefix)).has(thumb)) {
        await deps.store.copy(thumb, `${prefix}${placed.thumb}`);
      }
      if (page.text) {
        const text = (await deps.store.getJson(`${origin.prefix}${page.text}`)) as PageText | undefined;
        if (text) await deps.store.putJson(`${prefix}${bookKeys.text(n)}`, { ...text, page: n });
      }
    });
  }
  let copied = 0;
  const total = edit.pages.length;
  const manifestKey = bookKeys.manifest(job.bookId, job.revision);
  await inTurns(copies, 8, () => {
    copied += 1;
    deps.keepAlive();
  });
  await deps.onProgress({ done: copied, total, manifestKey });

  const sourcePdfs = mergedSourcePdfs(base.sourcePdfs, inserted?.manifest.sourcePdfs ?? []);
  for (const source of sourcePdfs) {
    if (!source.from || !source.key) continue;
    const from = source.from.origin === "base" ? basePrefix : (inserted?.prefix ?? basePrefix);
    await deps.store.copy(`${from}${source.from.key}`, `${prefix}${source.key}`);
  }

  let search: string | null = null;
  if (base.search || inserted?.manifest.search) {
    const read = async (folder: string, key: string | null | undefined) =>
      key
        ? (((await deps.store.getJson(`${folder}${key}`)) as { pages?: { page: number; text: string }[] })?.pages ?? [])
        : [];
    const index = mergedSearch(
      await read(basePrefix, base.search),
      inserted ? await read(inserted.prefix, inserted.manifest.search) : [],
      maps,
    );
    await deps.store.putJson(`${prefix}${bookKeys.search()}`, { pages: index });
    search = bookKeys.search();
  }

  const manifest: Manifest = {
    ...base,
    revision: job.revision,
    jobId: job.jobId,
    state: "ready",
    trial: base.trial || (inserted?.manifest.trial ?? false),
    pageCount: pages.length,
    pagesDone: pages.length,
    pages,
    outline: mergedOutline(base, inserted?.manifest, maps),
    search,
    sourcePdfs: sourcePdfs.map((source) => source.key),
    updatedAt: new Date().toISOString(),
  };
  // Pages of a base revision OCR had not read yet stay without text in the edited book.
  delete manifest.ocrPending;
  await deps.store.putJson(manifestKey, manifest, "no-cache");
  if (inserted) await deps.store.removePrefix(inserted.prefix);
  return { manifestKey, pageCount: pages.length, alreadyDone: false, ocrPending: 0 };
}
