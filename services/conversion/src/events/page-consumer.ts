/**
 * The work items of split books: any replica takes the next run of pages (durable consumer `conversion-pages`),
 * prepares the book once per replica (PreparedBooks), renders the run and announces every landed page on the
 * job's `landed` subject. Pages have deterministic keys and the coordinator counts distinct pages, so a
 * redelivered or duplicated item rewrites the same files and changes no count. An item that fails for good
 * (its source is broken, or its attempts ran out because the workers rendering it died) announces the failure;
 * the coordinator ends the job with it.
 */
import { hostname } from "node:os";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { bookKeys } from "@turnleaf/book-format";
import {
  ConversionJobState,
  ConversionPageLandedSchema,
  type ConversionPagesRequested,
  type ConversionPageLandedSchema as LandedSchemaType,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { Logger } from "@turnleaf/kit/logger";
import { type NatsConnection, publishEvent, type RunningConsumer } from "@turnleaf/kit/nats";
import type { BookStorage } from "../data/book-store.js";
import { FolderStore } from "../data/folder-store.js";
import { failureMessages, JobFailure } from "../domain/failures.js";
import { conversionStageDuration } from "../metrics.js";
import type { ConvertSettings } from "../pipeline/prepare-book.js";
import { renderPages } from "../pipeline/render-pages.js";
import type { RenderPool } from "../render/pool.js";
import { type PagesQueueOptions, pagesQueue } from "./pages-queue.js";
import type { PreparedBooks } from "./prepared-books.js";
import { isFinished, lastProgress } from "./stream-lookup.js";
import { runWorkQueue } from "./work-queue.js";

/** `concurrency`: items rendered at once by this replica (each renders its pages on the whole pool). */
export interface PageConsumerOptions extends PagesQueueOptions {
  nats: NatsConnection;
  store: BookStorage;
  pool: RenderPool;
  log: Logger;
  settings: ConvertSettings;
  /** The replica's prepared books, shared with the job consumer (which hands over the books it splits). */
  books: PreparedBooks;
}

const worker = `${hostname()}:${process.pid}`;

export async function startPageConsumer(options: PageConsumerOptions): Promise<RunningConsumer> {
  const { nats, store, pool, log, subjects, books } = options;

  const announce = (item: ConversionPagesRequested, landed: MessageInitShape<typeof LandedSchemaType>) =>
    publishEvent(nats, subjects.landed(item.job?.jobId ?? "", item.run), ConversionPageLandedSchema, {
      jobId: item.job?.jobId ?? "",
      firstPage: item.firstPage,
      lastPage: item.lastPage,
      worker,
      ...landed,
    });
  const fail = (item: ConversionPagesRequested, failure: string) => announce(item, { page: 0, failure });
  const pagesName = (item: ConversionPagesRequested) => `pages ${item.firstPage}-${item.lastPage}`;

  const consumer = await runWorkQueue(
    nats,
    {
      ...pagesQueue(options, subjects.pagesFilter),
      async exhausted(item) {
        log.error({ jobId: item.job?.jobId, pages: pagesName(item) }, "work item out of attempts");
        await fail(
          item,
          failureMessages.pagesAttemptsExhausted(`${item.firstPage}-${item.lastPage}`, options.attempts),
        );
      },
      async handle(item, { message, last }) {
        const job = item.job;
        if (!job) return;
        const itemLog = log.child({ jobId: job.jobId, pages: pagesName(item), delivery: message.info.deliveryCount });
        if (isFinished(await lastProgress(nats, subjects.stream, subjects.progress(job.jobId)))) return;
        const keepAlive = () => message.working();
        const started = Date.now();
        // A page edit's inserted file: its pages go to the edit's folder, as the coordinator reads them.
        const itemStore = item.keyFolder
          ? new FolderStore(store, bookKeys.revisionPrefix(job.bookId, job.revision), item.keyFolder)
          : store;
        try {
          await books.with(
            job,
            item.convertedKeys,
            { store: itemStore, log: itemLog, settings: options.settings, keepAlive },
            (book) => {
              if (book.plan.length !== item.pageCount) {
                itemLog.error(
                  { pagesHere: book.plan.length, pagesWhenSplit: item.pageCount },
                  "the book's page count changed since it was split",
                );
                throw new JobFailure(failureMessages.internal);
              }
              const pages = book.plan.slice(item.firstPage - 1, item.lastPage);
              return renderPages(
                book,
                pages,
                { store: itemStore, pool, log: itemLog, settings: options.settings, keepAlive },
                {
                  landed: ({ landed, textPending }) =>
                    announce(item, {
                      page: landed.n,
                      webpWidths: landed.webpWidths,
                      jpgWidth: landed.jpgWidth,
                      mainFormat: landed.mainFormat ?? "",
                      hasText: landed.hasText,
                      textPending,
                      links: landed.links.map((link) => ({ box: link.box, url: link.url ?? "", page: link.page ?? 0 })),
                    }).then(() => undefined),
                  // An OCR text landing has no renditions (jpg_width 0).
                  textLanded: (n) =>
                    announce(item, { page: n, hasText: true, textPending: false }).then(() => undefined),
                },
              );
            },
          );
          conversionStageDuration.observe({ stage: "work_item" }, (Date.now() - started) / 1000);
          itemLog.info({ ms: Date.now() - started }, "work item rendered");
        } catch (error) {
          if (error instanceof JobFailure) {
            await fail(item, error.message);
            return;
          }
          if (last) await fail(item, failureMessages.pages(`${item.firstPage}-${item.lastPage}`, error));
          throw error;
        } finally {
          // A job that failed meanwhile had its revision removed: what this item wrote since goes too.
          const progress = await lastProgress(nats, subjects.stream, subjects.progress(job.jobId)).catch(
            () => undefined,
          );
          if (progress?.state === ConversionJobState.FAILED) {
            await store.removePrefix(bookKeys.revisionPrefix(job.bookId, job.revision)).catch(() => 0);
          }
        }
      },
    },
    log,
  );
  return {
    stop: () => consumer.stop(),
  };
}
