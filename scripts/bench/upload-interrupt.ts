/**
 * Interrupted uploads at scale (issue 14, part 4): PDFs of several sizes go up through the gateway as the editor and
 * the CLI send them, several at once; chunks are broken at random byte offsets (the connection dropped after a
 * random number of the chunk's bytes) until BENCH_INTERRUPTIONS interruptions happened, and every upload resumes
 * from the offset the server reports. Then each is completed and converted, and the source the server assembled is
 * read back from S3 and compared by SHA-256 with the file sent. Prints counts (resumed byte-exact / lost /
 * duplicated) and timings. Runs against the whole system as `npm start` runs it, in a temporary folder:
 * `npm run bench:upload-interrupt`. Not a test: the timings depend on the machine.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client as MinioClient } from "minio";
import PDFDocument from "pdfkit";
import { pino } from "pino";
import sharp from "sharp";
import { freePort, freeServicePorts, startServices, startStores } from "../src/index.js";
import { UploadClient } from "./upload-interrupt-client.js";

const out = (line: string) => process.stdout.write(`${line}\n`);
const interruptions = Number(process.env.BENCH_INTERRUPTIONS ?? 1000);
const perSize = Number(process.env.BENCH_UPLOADS_PER_SIZE ?? 4);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 6);
const chunkBytes = Number(process.env.BENCH_CHUNK_BYTES ?? 128 * 1024);
/** Of the chunks sent while interruptions are left, this share is broken. */
const breakShare = Number(process.env.BENCH_BREAK_SHARE ?? 0.6);
/** Sizes around the 5 MiB part boundary the upload service cuts sources at, and well under it. */
const targetSizes = (process.env.BENCH_SIZES ?? "60000,700000,3000000,5300000,12000000").split(",").map(Number);

/** A one-page PDF of about `bytes`: an uncompressed noise picture (so the size is what was asked). */
async function pdfOfSize(bytes: number): Promise<Buffer> {
  const side = Math.max(16, Math.round(Math.sqrt(bytes / 3)));
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A5", autoFirstPage: false, compress: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.addPage();
    doc.image(png, 20, 20, { width: 380 });
    doc.end();
  });
}

interface Outcome {
  size: number;
  ms: number;
  broken: number;
  exact: boolean;
  phase: string;
  bookId: string;
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function main() {
  const log = pino({ name: "bench-upload-interrupt", level: process.env.LOG_LEVEL ?? "warn" });
  const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-bench-upload-"));
  const ports = {
    mongodb: await freePort(),
    minio: await freePort(),
    minioConsole: await freePort(),
    nats: await freePort(),
    natsMonitor: await freePort(),
  };
  const stores = await startStores({ dataDir, ports, log });
  const services = await startServices({
    stores,
    ports: await freeServicePorts(),
    demo: true,
    log,
    logLevel: "warn",
    logDir: dataDir,
  });
  const s3Url = new URL(stores.s3.endpoint);
  const s3 = new MinioClient({
    endPoint: s3Url.hostname,
    port: Number(s3Url.port),
    useSSL: s3Url.protocol === "https:",
    accessKey: stores.s3.accessKey,
    secretKey: stores.s3.secretKey,
    region: stores.s3.region,
  });
  try {
    await services.waitHealthy(90_000);
    const client = new UploadClient(services.gatewayUrl);
    const booksBefore = Number((await client.post("/api/book/get-book-list", {})).data?.total ?? 0);

    const files = await Promise.all(targetSizes.map((size) => pdfOfSize(size)));
    const jobs = files.flatMap((data) => Array.from({ length: perSize }, () => data));
    out(
      `${jobs.length} uploads (${perSize} of each of ${files.map((file) => file.length).join(", ")} bytes), ` +
        `${concurrency} at a time, ${chunkBytes / 1024} KiB chunks, ${interruptions} interruptions`,
    );

    let left = interruptions;
    const cut = (length: number) => {
      if (left <= 0 || Math.random() >= breakShare) return undefined;
      left -= 1;
      return randomInt(0, length);
    };
    const outcomes: Outcome[] = [];
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const index = next++;
        const data = jobs[index] as Buffer;
        const begun = Date.now();
        const deadline = begun + 20 * 60_000;
        const task = await client.begin(`Interrupted ${index}`, [
          { name: `upload-${index}.pdf`, size: data.length, type: "application/pdf" },
        ]);
        const fileId = task.files[0]?.fileId ?? "";
        const stats = await client.sendFile(task.taskId, fileId, data, { chunkBytes, deadline, cut });
        const book = await client.end(task.taskId, deadline);
        const phase = await client.waitReady(task.taskId, deadline);
        const stored = await s3.getObject("turnleaf-sources", `uploads/${task.taskId}/${fileId}`).then(
          async (stream) => {
            const parts: Buffer[] = [];
            for await (const part of stream) parts.push(part as Buffer);
            return Buffer.concat(parts);
          },
          () => Buffer.alloc(0),
        );
        outcomes.push({
          size: data.length,
          ms: Date.now() - begun,
          broken: stats.broken,
          exact: sha256(stored) === sha256(data),
          phase,
          bookId: book.bookId,
        });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const totalMs = Date.now() - started;

    const booksAfter = Number((await client.post("/api/book/get-book-list", {})).data?.total ?? 0);
    // One book per upload: any more (a completion that ran twice) is a duplicate.
    const distinctBooks = new Set(outcomes.map((outcome) => outcome.bookId)).size;
    const duplicated = booksAfter - booksBefore - outcomes.length + (outcomes.length - distinctBooks);
    out("");
    out("| size (bytes) | uploads | interruptions | resumed byte-exact | lost | ready | median time (s) |");
    out("|---|---|---|---|---|---|---|");
    for (const size of files.map((file) => file.length)) {
      const rows = outcomes.filter((outcome) => outcome.size === size);
      const times = rows.map((row) => row.ms).sort((a, b) => a - b);
      out(
        `| ${size} | ${rows.length} | ${rows.reduce((sum, row) => sum + row.broken, 0)} | ` +
          `${rows.filter((row) => row.exact).length} | ${rows.filter((row) => !row.exact).length} | ` +
          `${rows.filter((row) => row.phase === "ready").length} | ${((times[times.length >> 1] ?? 0) / 1000).toFixed(1)} |`,
      );
    }
    const sentBytes = outcomes.reduce((sum, outcome) => sum + outcome.size, 0);
    out("");
    out(
      `total: ${outcomes.length} uploads, ${outcomes.reduce((sum, row) => sum + row.broken, 0)} interruptions, ` +
        `${outcomes.filter((row) => row.exact).length} resumed byte-exact, ` +
        `${outcomes.filter((row) => !row.exact).length} lost, ${Math.max(0, duplicated)} duplicated ` +
        `(books +${booksAfter - booksBefore} for ${outcomes.length} uploads), ` +
        `${(totalMs / 1000).toFixed(1)} s, ${(sentBytes / 1024 / 1024 / (totalMs / 1000)).toFixed(2)} MiB/s of files`,
    );
  } finally {
    await services.stopAll();
    await stores.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
