import { availableParallelism } from "node:os";
import { type Env, env, loadConfig, s3Env } from "@turnleaf/kit/config";
import { type PaperPageFormat, paperPageFormats } from "./domain/renditions.js";

const pdfiumSettings = ["auto", "wasm", "native"];

/** A whole number from 0 (the kit's port schema is exactly that, bounded above). */
const wholeNumber = env.port;

export function readConfig(source: Env) {
  return loadConfig(
    "conversion",
    {
      LOG_LEVEL: env.logLevel,
      GRPC_HOST: env.host,
      GRPC_PORT: env.port.default(50054),
      NATS_URL: env.natsUrl,
      ...s3Env,
      S3_BUCKET_SOURCES: env.text.default("turnleaf-sources"),
      S3_BUCKET_BOOKS: env.text.default("turnleaf-books"),
      /** Render worker threads per replica (0 renders in the main thread). */
      CONVERSION_WORKERS: wholeNumber.max(64).default(availableParallelism()),
      /** Deliveries of a job before it is dead-lettered. */
      CONVERSION_MAX_DELIVER: env.positiveInteger.default(4),
      /** Without an in-progress ack for this long, JetStream hands the job to another replica. */
      CONVERSION_ACK_WAIT_MS: env.positiveInteger.min(1_000).default(60_000),
      /**
       * PDFium for the render lanes: "native" (libpdfium by FFI, lanes are processes), "wasm" (the WebAssembly
       * build, lanes are threads), "auto" (native when its library is installed, else wasm).
       */
      CONVERSION_PDFIUM: env.text
        .refine((value) => pdfiumSettings.includes(value), `one of ${pdfiumSettings.join(", ")}`)
        .default("auto"),
      /** The native library; default ~/.cache/turnleaf/pdfium/libpdfium.so (scripts/install-pdfium.sh). */
      CONVERSION_PDFIUM_LIBRARY: env.text.optional(),
      /** WebP encoder effort 0 (fast) to 6 (small). */
      CONVERSION_WEBP_EFFORT: wholeNumber.max(6).default(2),
      /**
       * Paper pages' main rendition (text, flat drawings, slides): "png" (grey pages 4-bit grey PNG, 92-96 KB a dense
       * text page, about 12 ms a page less; coloured ones RGB PNG, 5-6× less CPU: the conversion's speed first) or
       * "webp" (lossless WebP, a third to a fifth of the bytes: the readers' bytes first).
       */
      CONVERSION_PAPER_PAGES: env.text
        .refine((value) => paperPageFormats.includes(value as PaperPageFormat), `one of ${paperPageFormats.join(", ")}`)
        .default("png"),
      /** Where sources are downloaded while a job runs (the system's temporary folder by default). */
      CONVERSION_TMP_DIR: env.text.optional(),
      /** Another process's files there untouched this long are a stopped process's, and removed. */
      CONVERSION_TMP_STALE_MS: env.positiveInteger.min(10_000).default(10 * 60_000),
      /** Books with more pages are split into work items of this many pages that every replica renders (0: never). */
      CONVERSION_PAGES_PER_ITEM: wholeNumber.max(1000).default(16),
      /** Jobs a replica holds at once (small books convert in it, big books are coordinated). */
      CONVERSION_JOB_CONCURRENCY: env.positiveInteger.max(64).default(4),
      /** A page that takes longer to render fails its book with a clear message. */
      CONVERSION_PAGE_BUDGET_MS: env.positiveInteger.min(1_000).default(120_000),
      /** Memory one page may take while it renders (MB): past it the page's book fails, the lane is replaced. */
      CONVERSION_PAGE_MEMORY_MB: env.positiveInteger.min(16).default(1024),
      /** A book's whole time budget, from the start of its conversion. */
      CONVERSION_JOB_BUDGET_MS: env.positiveInteger.min(1_000).default(30 * 60_000),
      /** LibreOffice for Office documents (PPT, PPTX, PPS, PPSX, ODP, DOC, DOCX, ODT). */
      CONVERSION_SOFFICE: env.text.default("soffice"),
      /** Time limit of one Office document's conversion to PDF. */
      CONVERSION_OFFICE_TIMEOUT_MS: env.positiveInteger.min(1_000).default(120_000),
      /** Address space each LibreOffice process may take (MB): past it the conversion fails instead of growing. */
      CONVERSION_OFFICE_MEMORY_MB: env.positiveInteger.min(256).default(1024),
      /** tesseract for pages without a text layer when the import asks for search; "none" turns OCR off. */
      CONVERSION_TESSERACT: env.text.default("tesseract"),
      CONVERSION_OCR_LANGUAGES: env.text.default("chi_sim+eng"),
      /** Time limit of one page's OCR. */
      CONVERSION_OCR_TIMEOUT_MS: env.positiveInteger.min(1_000).default(300_000),
      /** tesseract processes at once per replica (each one thread at nice 19: OCR takes the cores renders leave). */
      CONVERSION_OCR_CONCURRENCY: env.positiveInteger.max(64).default(availableParallelism()),
      /** Resolution a PDF page is drawn at for OCR (image sources are read at their own). */
      CONVERSION_OCR_DPI: env.positiveInteger.min(72).max(600).default(300),
      /** tesseract's page segmentation (--psm): 3 finds columns and blocks by itself. */
      CONVERSION_OCR_PSM: wholeNumber.max(13).default(3),
      /** A ready book's OCR time budget; pages past it keep no text. */
      CONVERSION_OCR_BOOK_BUDGET_MS: env.positiveInteger.min(1_000).default(15 * 60_000),
      /** Pages OCR reads at most in one book. */
      CONVERSION_OCR_MAX_PAGES: env.positiveInteger.default(1000),
      SHUTDOWN_GRACE_MS: env.shutdownGraceMs,
      METRICS_PORT: env.metricsPort,
    },
    source,
  );
}

export type ConversionConfig = ReturnType<typeof readConfig>;
