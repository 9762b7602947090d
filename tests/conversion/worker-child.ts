/**
 * A conversion worker in a process of its own, for the tests that kill a worker mid-book. Reads its settings
 * from argv as JSON; prints "ready" once its consumers run.
 */
import { connectNats, createLogger, createS3Client } from "@turnleaf/kit";
import { BookStore } from "../../services/conversion/src/data/book-store.js";
import { startJobConsumer } from "../../services/conversion/src/events/job-consumer.js";
import { selectPdfium } from "../../services/conversion/src/render/pdfium.js";
import { choosePdfium } from "../../services/conversion/src/render/pdfium-native-library.js";
import { createRenderPool } from "../../services/conversion/src/render/pool.js";
import { testSubjects } from "./harness-subjects.js";

const settings = JSON.parse(process.argv[2] ?? "{}") as {
  natsUrl: string;
  s3: { endpoint: string; accessKey: string; secretKey: string; region: string };
  prefix: string;
  buckets: { sources: string; books: string };
  durable: string;
  ackWaitMs: number;
  maxDeliver?: number;
  pagesPerItem?: number;
  workers?: number;
  /** PDFium as the service picks it (default wasm). */
  pdfium?: "auto" | "wasm" | "native";
  /** As the service runs (the replica bench): only what must exist before the book opens, WebP effort 2. */
  asService?: boolean;
};
const pdfium = choosePdfium(settings.pdfium ?? "wasm");
selectPdfium(pdfium);
const log = createLogger({ service: "conversion-child", level: "warn" });
const nats = await connectNats({ url: settings.natsUrl, name: "conversion-child", log });
await startJobConsumer({
  nats,
  store: new BookStore(createS3Client(settings.s3), settings.buckets),
  pool: createRenderPool(settings.workers ?? 1, { pdfium, deriveOnRequest: settings.asService ?? false }),
  log,
  settings: { webpEffort: settings.asService ? 2 : 4 },
  maxDeliver: settings.maxDeliver ?? 4,
  ackWaitMs: settings.ackWaitMs,
  retryDelayMs: 200,
  subjects: testSubjects(settings.prefix),
  durable: settings.durable,
  ...(settings.pagesPerItem !== undefined ? { pagesPerItem: settings.pagesPerItem } : {}),
});
process.stdout.write("ready\n");
