/**
 * A big book converted by every replica: the replica holding the job splits the plan into work items (runs of
 * pages on the `conversion-pages` queue), then follows the job's `landed` subject from its start and is the
 * only writer of the manifest and the progress events. It counts distinct pages (a repeated landing counts
 * once), so progress only grows; the "ready" manifest is written once, when every page landed (OCR text follows).
 * A coordinator that dies is replaced by the job's redelivery: the next one replays the landed subject,
 * publishes only the items not published before, and carries on.
 */

import { bookKeys, type Manifest } from "@turnleaf/book-format";
import {
  type ConversionPageLanded,
  ConversionPageLandedSchema,
  ConversionPagesRequestedSchema,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { Logger } from "@turnleaf/kit/logger";
import { decodeEvent, followSubject, type NatsConnection, publishEvent } from "@turnleaf/kit/nats";
import type { BookStorage } from "../data/book-store.js";
import { failureMessages, JobFailure } from "../domain/failures.js";
import type { Box } from "../domain/page-content.js";
import { BookManifest } from "../pipeline/book-manifest.js";
import type { ConvertResult } from "../pipeline/convert-job.js";
import type { PreparedBook } from "../pipeline/prepare-book.js";
import type { JobSubjects } from "./job-subjects.js";
import { subjectHasMessage } from "./stream-lookup.js";

export interface CoordinateDependencies {
  /** The job message's stream sequence: items and landings of this run of the job. */
  run: bigint;
  nats: NatsConnection;
  store: BookStorage;
  log: Logger;
  subjects: JobSubjects;
  pagesPerItem: number;
  /** The whole book's time budget: past it the job fails. */
  budgetMs: number;
  onProgress(progress: { done: number; total: number; manifestKey: string }): Promise<void>;
  /** The folder of the revision the items write into (a page edit's inserted file); the store maps it already. */
  keyFolder?: string;
}

/** Runs of at most `size` pages covering 1..pageCount. */
export function workItems(pageCount: number, size: number): { first: number; last: number }[] {
  const items: { first: number; last: number }[] = [];
  for (let first = 1; first <= pageCount; first += size)
    items.push({ first, last: Math.min(pageCount, first + size - 1) });
  return items;
}

export async function coordinateJob(
  book: PreparedBook,
  previous: Manifest | undefined,
  deps: CoordinateDependencies,
): Promise<ConvertResult> {
  const { nats, store, log, subjects } = deps;
  const { job } = book;
  const prefix = bookKeys.revisionPrefix(job.bookId, job.revision);
  const manifest = new BookManifest(book, store);
  manifest.resume(previous);

  // PDFs made from Office sources are stored once, so the other replicas need not run LibreOffice again.
  const convertedKeys = book.sources.map((source, index) =>
    source.converted ? `${prefix}work/source-${index}.pdf` : "",
  );
  for (const [index, key] of convertedKeys.entries()) {
    if (key) await store.putFile(key, (book.sources[index] as (typeof book.sources)[number]).path);
  }
  await manifest.storeVectorSources();

  const total = book.plan.length;
  // Announced before any item: an item that reads the job's last progress must not find an earlier run's final one.
  let reported = manifest.pagesDone;
  await deps.onProgress({ done: reported, total, manifestKey: manifest.key });

  const items = workItems(total, deps.pagesPerItem);
  let published = 0;
  for (const item of items) {
    const subject = subjects.pages(job.jobId, deps.run, item.first);
    if (await subjectHasMessage(nats, subjects.stream, subject)) continue;
    await publishEvent(
      nats,
      subject,
      ConversionPagesRequestedSchema,
      {
        job,
        firstPage: item.first,
        lastPage: item.last,
        pageCount: total,
        convertedKeys,
        run: deps.run,
        keyFolder: deps.keyFolder ?? "",
      },
      { messageId: `${job.jobId}-${deps.run}-p${item.first}` },
    );
    published++;
  }
  log.info({ items: items.length, published, pagesPerItem: deps.pagesPerItem }, "book split into work items");

  const controller = new AbortController();
  let failure: string | undefined;
  const budget = setTimeout(() => {
    failure = failureMessages.jobBudget(Math.round(deps.budgetMs / 1000));
    controller.abort();
  }, deps.budgetMs);
  const land = async (event: ConversionPageLanded) => {
    if (event.failure) {
      failure = event.failure;
      return;
    }
    if (event.page < 1 || event.page > total) return;
    if (event.jpgWidth === 0) {
      manifest.landText(event.page);
      return;
    }
    const fresh = manifest.land(
      {
        n: event.page,
        webpWidths: event.webpWidths,
        jpgWidth: event.jpgWidth,
        ...(event.mainFormat === "jpg" || event.mainFormat === "png" ? { mainFormat: event.mainFormat } : {}),
        hasText: event.hasText,
        links: event.links.map((link) => ({
          box: link.box as Box,
          ...(link.url ? { url: link.url } : {}),
          ...(link.page > 0 ? { page: link.page } : {}),
        })),
      },
      undefined,
      event.textPending,
    );
    if (!fresh) return;
    await manifest.refresh();
    // One event per page, in order of landing: the count only grows.
    while (reported < manifest.pagesDone) {
      reported++;
      await deps.onProgress({ done: reported, total, manifestKey: manifest.key });
    }
  };
  try {
    if (!manifest.complete) {
      for await (const message of followSubject(
        nats,
        subjects.stream,
        subjects.landed(job.jobId, deps.run),
        controller.signal,
      )) {
        await land(decodeEvent(ConversionPageLandedSchema, message));
        if (failure || manifest.complete) break;
      }
    }
  } catch (error) {
    if (!failure) throw error;
  } finally {
    clearTimeout(budget);
    controller.abort();
  }
  if (failure) throw new JobFailure(failure);
  if (!manifest.complete) throw new Error("the landed pages stopped before the book was complete");
  await manifest.finish();
  if (convertedKeys.some(Boolean)) await store.removePrefix(`${prefix}work/`).catch(() => 0);
  return { manifestKey: manifest.key, pageCount: total, alreadyDone: false, ocrPending: manifest.textPending.size };
}
