import { tmpdir } from "node:os";
import { streams } from "@turnleaf/kit/event-streams";
import type { Logger } from "@turnleaf/kit/logger";
import { connectNats, ensureStreams } from "@turnleaf/kit/nats";
import { createS3Client, ensureBuckets, s3SettingsFrom } from "@turnleaf/kit/s3";
import type { ServiceParts } from "@turnleaf/kit/service";
import type { ConversionConfig } from "./config.js";
import { BookStore } from "./data/book-store.js";
import type { PaperPageFormat } from "./domain/renditions.js";
import { startJobConsumer } from "./events/job-consumer.js";
import { detectIsolationInBackground } from "./office/sandbox.js";
import { watchFirstPage } from "./pipeline/first-page.js";
import { createGuardedPool } from "./pipeline/guarded-pool.js";
import { openWorkFolder } from "./pipeline/work-folder.js";
import { warmPdfium, warmUp } from "./render/page-renderer.js";
import { selectPdfium } from "./render/pdfium.js";
import { choosePdfium } from "./render/pdfium-native-library.js";
import { createRenderPool, type RenderPool } from "./render/pool.js";
import { loadSharp } from "./render/sharp.js";

async function connectStores(config: ConversionConfig, log: Logger) {
  const s3 = createS3Client(s3SettingsFrom(config));
  await ensureBuckets(s3, [config.S3_BUCKET_SOURCES, config.S3_BUCKET_BOOKS], config.S3_REGION, log);
  const nats = await connectNats({ url: config.NATS_URL, name: "conversion", log });
  await ensureStreams(nats, [streams.conversion, streams.book]);
  return { s3, nats };
}

/**
 * Wires the conversion service: its stores and streams, the PDFium choice, the render pool (guarded lanes), the
 * work folder and the job consumer, which runs the pipeline (pipeline/) for each job; the gRPC handlers
 * (server.ts) only report health. main.ts runs it; what it opens is closed, in order, at shutdown.
 */
export async function assemble(config: ConversionConfig, log: Logger): Promise<ServiceParts> {
  // LibreOffice runs in a bubblewrap sandbox where the kernel allows one: probed in the background from here on.
  const isolationProbe = detectIsolationInBackground();
  // The render pool starts first: its first render process warms up (Node, PDFium) while the stores connect.
  // Native PDFium when installed (about twice the WebAssembly build's speed), else WebAssembly.
  const pdfium = choosePdfium(config.CONVERSION_PDFIUM as "auto" | "wasm" | "native", config.CONVERSION_PDFIUM_LIBRARY);
  selectPdfium(pdfium);
  // Pages get their main rendition; the gateway derives the thumbnail, the lighter width and the JPEG on first
  // request.
  const renditions = {
    deriveOnRequest: true,
    pdfium,
    pageMemoryBytes: config.CONVERSION_PAGE_MEMORY_MB * 1024 * 1024,
  };
  // Pages are encoded in this process when they render in it or in its threads (WebAssembly PDFium), where sharp
  // loads first: libvips must outlive the threads. Render processes encode their own: this process then reads
  // documents with PDFium and loads sharp (pictures' headers, OCR's images) after the first page.
  const encodesHere = pdfium.engine === "wasm" || config.CONVERSION_WORKERS === 0;
  if (encodesHere) loadSharp();
  let firstLane: RenderPool | undefined;
  // Each render thread is a lane with a page budget: a runaway page costs its lane (replaced), not the replica.
  const pool =
    config.CONVERSION_WORKERS > 0
      ? createGuardedPool({
          size: config.CONVERSION_WORKERS,
          pageBudgetMs: config.CONVERSION_PAGE_BUDGET_MS,
          createLane: () => {
            const lane = createRenderPool(1, renditions);
            firstLane ??= lane;
            return lane;
          },
          onReplaced: (budgetMs) => log.warn({ budgetMs }, "a page overran its budget: its render thread was replaced"),
        })
      : createRenderPool(0, renditions);
  // The main thread's PDFium (and encoder) warm up while the stores answer (it waits on the network meanwhile).
  const warming = encodesHere ? warmUp() : warmPdfium();
  warming.catch(() => undefined);
  const { s3, nats } = await connectStores(config, log).catch(async (error: unknown) => {
    await pool.close();
    throw error;
  });
  await warming;
  // Sources are downloaded into a folder of this process's; a killed process's folder is removed by the next.
  const workFolder = await openWorkFolder({
    tmpDir: config.CONVERSION_TMP_DIR ?? tmpdir(),
    staleMs: config.CONVERSION_TMP_STALE_MS,
    log,
  });
  // The log says when LibreOffice cannot run in its sandbox.
  const officeIsolation = await isolationProbe;
  if (officeIsolation === "sandbox") log.info({ officeIsolation }, "LibreOffice runs in a bubblewrap sandbox");
  else log.warn({ officeIsolation }, "bubblewrap cannot create namespaces here: LibreOffice runs without its sandbox");
  // Jobs are taken once a render lane is warm: a new replica's first page then costs what a page costs.
  await firstLane?.started?.();
  // A job taken at once renders its first page before the gRPC server's modules load (pipeline/first-page.ts).
  const firstPage = watchFirstPage(pool, { quietMs: 200, maxMs: 3_000 });
  const consumer = await startJobConsumer({
    nats,
    store: new BookStore(s3, { sources: config.S3_BUCKET_SOURCES, books: config.S3_BUCKET_BOOKS }),
    pool: firstPage.pool,
    log,
    settings: {
      webpEffort: config.CONVERSION_WEBP_EFFORT,
      paperPages: config.CONVERSION_PAPER_PAGES as PaperPageFormat,
      tmpDir: workFolder.path,
      office: {
        soffice: config.CONVERSION_SOFFICE,
        timeoutMs: config.CONVERSION_OFFICE_TIMEOUT_MS,
        memoryMb: config.CONVERSION_OFFICE_MEMORY_MB,
        isolation: officeIsolation,
      },
      ...(config.CONVERSION_TESSERACT === "none"
        ? {}
        : {
            ocr: {
              tesseract: config.CONVERSION_TESSERACT,
              languages: config.CONVERSION_OCR_LANGUAGES,
              timeoutMs: config.CONVERSION_OCR_TIMEOUT_MS,
              concurrency: config.CONVERSION_OCR_CONCURRENCY,
              dpi: config.CONVERSION_OCR_DPI,
              pageSegmentation: config.CONVERSION_OCR_PSM,
              bookBudgetMs: config.CONVERSION_OCR_BOOK_BUDGET_MS,
              maxPagesPerBook: config.CONVERSION_OCR_MAX_PAGES,
            },
          }),
    },
    maxDeliver: config.CONVERSION_MAX_DELIVER,
    ackWaitMs: config.CONVERSION_ACK_WAIT_MS,
    pagesPerItem: config.CONVERSION_PAGES_PER_ITEM,
    concurrency: config.CONVERSION_JOB_CONCURRENCY,
    jobBudgetMs: config.CONVERSION_JOB_BUDGET_MS,
  });
  log.info({ workers: pool.size, pdfium }, "conversion workers ready");
  // The handlers (and @grpc/grpc-js, which the kit's errors import) load once the first page is out or no job came,
  // as the kit then loads the gRPC server.
  await firstPage.settled();
  loadSharp();
  const { buildServices } = await import("./server.js");
  return {
    services: buildServices({ nats }),
    resources: [
      { name: "jobs", close: () => consumer.stop() },
      { name: "render pool", close: () => pool.close() },
      { name: "work folder", close: () => workFolder.close() },
      { name: "nats", close: () => nats.drain() },
    ],
  };
}
