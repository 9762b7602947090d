/**
 * A conversion worker in a process of its own, for the tests that kill a worker mid-book. Reads its settings
 * from argv as JSON; prints "ready" once its consumers run.
 *
 * Plain JavaScript on the built packages (dist/), run by node itself: through tsx on the sources each start cost
 * 1.4-1.9 CPU-s, on dist 0.9 (the imports alone, three runs each).
 */
import { tmpdir } from "node:os";
import { BookStore, openWorkFolder, startJobConsumer } from "@turnleaf/conversion/in-process";
import { choosePdfium, createRenderPool, selectPdfium } from "@turnleaf/conversion/render";
import { connectNats, createLogger, createS3Client } from "@turnleaf/kit";
import { testSubjects } from "./harness-subjects.mjs";

/**
 * @type {{
 *   natsUrl: string;
 *   s3: { endpoint: string; accessKey: string; secretKey: string; region: string };
 *   prefix: string;
 *   buckets: { sources: string; books: string };
 *   durable: string;
 *   ackWaitMs: number;
 *   maxDeliver?: number;
 *   pagesPerItem?: number;
 *   workers?: number;
 *   pdfium?: "auto" | "wasm" | "native";
 *   asService?: boolean;
 *   ocr?: boolean;
 * }}
 * pdfium: PDFium as the service picks it (default wasm). asService: as the service runs (the replica bench), only
 * what must exist before the book opens, WebP effort 2. ocr: pages that need OCR are listed for it (the service's
 * default).
 */
const settings = JSON.parse(process.argv[2] ?? "{}");
const pdfium = choosePdfium(settings.pdfium ?? "wasm");
selectPdfium(pdfium);
const log = createLogger({ service: "conversion-child", level: "warn" });
const nats = await connectNats({ url: settings.natsUrl, name: "conversion-child", log });
// As the service's main: sources go into a folder of this process's, which a later process removes once this one is
// killed (these tests kill it mid-book) and the folder has gone untouched for 10 minutes.
const workFolder = await openWorkFolder({ tmpDir: tmpdir(), staleMs: 10 * 60_000, log });
await startJobConsumer({
  nats,
  store: new BookStore(createS3Client(settings.s3), settings.buckets),
  pool: createRenderPool(settings.workers ?? 1, { pdfium, deriveOnRequest: settings.asService ?? false }),
  log,
  settings: {
    webpEffort: settings.asService ? 2 : 4,
    tmpDir: workFolder.path,
    ...(settings.ocr ? { ocr: { tesseract: "tesseract", languages: "chi_sim+eng", timeoutMs: 600_000 } } : {}),
  },
  maxDeliver: settings.maxDeliver ?? 4,
  ackWaitMs: settings.ackWaitMs,
  retryDelayMs: 200,
  subjects: testSubjects(settings.prefix),
  durable: settings.durable,
  ...(settings.pagesPerItem !== undefined ? { pagesPerItem: settings.pagesPerItem } : {}),
});
process.stdout.write("ready\n");
