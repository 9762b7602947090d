/**
 * One big book converted by one and by two conversion processes (replicas) sharing it through the JetStream
 * work queue, on real local stores (NATS, MinIO): wall time from publishing the job to COMPLETED, pages each
 * replica rendered (the work split), the CPU each replica spent per page it rendered, and the speed-up. Each replica gets the same number of render threads (--workers, 1 by
 * default: on a 2-core machine two replicas of one thread use what one replica of two threads would).
 * Prints a table; asserts nothing.
 *
 *   npm run bench:replicas -- [--pages 300] …, or
 *   tsx scripts/bench/convert-replicas.ts [--pages 300] [--workers 1] [--max-side 1600] [--item 16] [--pdfium auto]
 *     [--pin] [--cold]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, hostname, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  ConversionJobProgressedSchema,
  ConversionJobRequestedSchema,
  ConversionJobState,
  ConversionPageLandedSchema,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import {
  connectNats,
  createLogger,
  createS3Client,
  decodeEvent,
  ensureBuckets,
  ensureStreams,
  followSubject,
  publishEvent,
} from "@turnleaf/kit";
import { pino } from "pino";
import { testSubjects } from "../../tests/conversion/harness-subjects.mjs";
import { mixedPdf } from "../../tests/fixtures/pdf/generate.js";
import { startStores } from "../src/stores.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "300" },
    workers: { type: "string", default: "1" },
    "max-side": { type: "string", default: "1600" },
    item: { type: "string", default: "16" },
    /** PDFium as the service picks it: auto (native when installed), wasm, native. */
    pdfium: { type: "string", default: "auto" },
    /**
     * Each replica (its render processes included) on a core of its own (taskset), as replicas in pods of one CPU
     * each: one replica with one render lane already uses ~1.6 cores of a free 2-core machine (its main process,
     * sharp's threads), so without this two replicas on 2 cores show nothing about the split. NATS and MinIO float.
     */
    pin: { type: "boolean", default: false },
    /** Time replicas as they start, without the warm-up book (three items of the mixed book) converted first. */
    cold: { type: "boolean", default: false },
  },
});
const pageCount = Number(values.pages);
const workers = Number(values.workers);
const maxSide = Number(values["max-side"]);
const pagesPerItem = Number(values.item);
const warmUp = !values.cold;
let warmUpPdf: Buffer = Buffer.alloc(0);

const print = (line: string) => process.stdout.write(`${line}\n`);
const dataDir = await mkdtemp(join(tmpdir(), "turnleaf-bench-replicas-"));
const stores = await startStores({ dataDir, log: pino({ level: "warn" }) });
const log = createLogger({ service: "bench", level: "warn" });
const nats = await connectNats({ url: stores.natsUrl, name: "bench", log });
const s3 = createS3Client(stores.s3);
const children: ChildProcess[] = [];

function startReplica(
  prefix: string,
  buckets: { sources: string; books: string },
  core: number | undefined,
): Promise<ChildProcess> {
  // taskset execs node in place: the child's pid is the replica's.
  const [command, ...pinned] =
    core === undefined ? [process.execPath] : ["taskset", "-c", String(core), process.execPath];
  const child = spawn(
    command as string,
    [
      ...pinned,
      "tests/conversion/worker-child.mjs",
      JSON.stringify({
        natsUrl: stores.natsUrl,
        s3: stores.s3,
        prefix,
        buckets,
        durable: "bench",
        ackWaitMs: 60_000,
        pagesPerItem,
        workers,
        pdfium: values.pdfium,
        asService: true,
      }),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`replica exited (${code})`)));
  });
}

/** CPU ms (user + system) a process and its living descendants (the render processes) have used. */
function treeCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  const stat = (id: string) => {
    try {
      return readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    } catch {
      return [];
    }
  };
  const own = stat(String(pid));
  let total = (Number(own[11] ?? 0) + Number(own[12] ?? 0)) * 10;
  for (const id of readdirSync("/proc")) {
    if (/^\d+$/.test(id) && stat(id)[1] === String(pid)) total += treeCpuMs(Number(id));
  }
  return total;
}

/** CPU ms of the store servers (startStores leaves a pid file for each in the data folder) and of this process. */
function besideCpuMs(): number {
  const pids = readdirSync(dataDir)
    .filter((name) => name.endsWith(".pid"))
    .map((name) => Number(readFileSync(join(dataDir, name), "utf8")));
  const { user, system } = process.cpuUsage();
  return pids.reduce((sum, pid) => sum + treeCpuMs(pid), (user + system) / 1000);
}

async function run(replicas: number, pdf: Buffer) {
  const prefix = `bench${randomUUID().slice(0, 8)}`;
  const buckets = { sources: `${prefix}-sources`, books: `${prefix}-books` };
  await ensureBuckets(s3, [buckets.sources, buckets.books], stores.s3.region, log);
  const subjects = testSubjects(prefix);
  await ensureStreams(nats, [{ name: subjects.stream, subjects: [`${prefix}.>`], maxAgeMs: 60 * 60_000 }]);
  await s3.putObject(buckets.sources, "book.pdf", pdf, pdf.length);
  await s3.putObject(buckets.sources, "warm-up.pdf", warmUpPdf, warmUpPdf.length);
  const cores = availableParallelism();
  const started = await Promise.all(
    Array.from({ length: replicas }, (_, index) =>
      startReplica(prefix, buckets, values.pin ? index % cores : undefined),
    ),
  );
  const convert = async (key: string) => {
    const jobId = randomUUID().replace(/-/g, "").slice(0, 12);
    const controller = new AbortController();
    const begin = performance.now();
    let firstPageMs = 0;
    const done = (async () => {
      for await (const message of followSubject(nats, subjects.stream, subjects.progress(jobId), controller.signal)) {
        const event = decodeEvent(ConversionJobProgressedSchema, message);
        if (!firstPageMs && (event.pages?.done ?? 0n) >= 1n) firstPageMs = performance.now() - begin;
        if (event.state === ConversionJobState.COMPLETED) return performance.now() - begin;
        if (event.state === ConversionJobState.FAILED) throw new Error(event.message);
      }
      throw new Error("progress ended");
    })();
    await publishEvent(nats, subjects.requested.replace("*", jobId), ConversionJobRequestedSchema, {
      jobId,
      bookId: `b${jobId}`,
      revision: 1,
      sources: [{ key, kind: SourceKind.PDF, displayName: key }],
      options: { engine: Engine.HD_TEXT, maxSidePx: maxSide, importSearch: true },
    });
    const wallMs = await done;
    controller.abort();
    return { jobId, wallMs, firstPageMs };
  };
  if (warmUp) {
    // Running replicas have converted books before (bench:convert warms its single process the same way).
    await convert("warm-up.pdf");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const cpuBefore = started.map((child) => treeCpuMs(child.pid));
  const besideBefore = besideCpuMs();
  const { jobId, wallMs, firstPageMs } = await convert("book.pdf");
  // Share of one core each replica (with its render processes) got while the book converted: on a machine whose
  // cores other work already fills, this (not the item split) bounds the speed-up.
  const cpuMs = started.map((child, index) => treeCpuMs(child.pid) - (cpuBefore[index] ?? 0));
  const coreShare = cpuMs.map((ms) => ms / wallMs);
  // What the store servers (NATS, MinIO, the MongoDB server) and the bench itself took of the same cores meanwhile.
  const besideShare = (besideCpuMs() - besideBefore) / wallMs;
  // Pages per replica, from the landed events: each page once (a page whose text OCR reads later lands twice), read
  // until every page is counted (on a busy machine reading 300 events takes seconds) or 20 s have passed.
  const pageWorker = new Map<number, string>();
  const landed = new AbortController();
  const timer = setTimeout(() => landed.abort(), 20_000);
  try {
    for await (const message of followSubject(
      nats,
      subjects.stream,
      `${prefix}.job.${jobId}.landed.*`,
      landed.signal,
    )) {
      const event = decodeEvent(ConversionPageLandedSchema, message);
      if (event.jpgWidth > 0 && !pageWorker.has(event.page)) pageWorker.set(event.page, event.worker);
      if (pageWorker.size >= pageCount) break;
    }
  } catch {
    // every stored landing was read
  }
  const perWorker = new Map<string, number>();
  for (const worker of pageWorker.values()) perWorker.set(worker, (perWorker.get(worker) ?? 0) + 1);
  clearTimeout(timer);
  for (const child of started) child.kill("SIGTERM");
  // A landed event names its replica `<host>:<pid>` (the page consumer's worker), so pages match the CPU measured.
  const pages = started.map((child) => perWorker.get(`${hostname()}:${child.pid}`) ?? 0);
  return { wallMs, firstPageMs, pages, cpuMs, coreShare, besideShare };
}

try {
  const pdf = await mixedPdf(pageCount);
  warmUpPdf = await mixedPdf(3 * pagesPerItem);
  const results: ({ replicas: number } & Awaited<ReturnType<typeof run>>)[] = [];
  for (const replicas of [1, 2]) results.push({ replicas, ...(await run(replicas, pdf)) });
  const one = results[0]?.wallMs ?? 1;
  print(
    `\none book of ${pageCount} pages (mixed text/vector/photo), max side ${maxSide} px, ${workers} render lane(s) per replica, items of ${pagesPerItem} pages, PDFium ${values.pdfium}${values.pin ? ", each replica pinned to a core of its own" : ""}, ${warmUp ? "replicas warmed up with one book first" : "replicas timed cold"}`,
  );
  print(
    `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores; cores used = CPU time of each replica (and its render processes) / wall time; CPU per page = each replica's CPU time / the pages it rendered (all: every replica's / the book's pages); beside = the store servers' and the bench's`,
  );
  print(
    "| replicas | wall time (s) | pages/s | first page (ms) | pages per replica | CPU per page (ms) | all | cores used | beside | speed-up |",
  );
  print("|---|---|---|---|---|---|---|---|---|---|");
  for (const result of results) {
    print(
      `| ${result.replicas} | ${(result.wallMs / 1000).toFixed(1)} | ${(pageCount / (result.wallMs / 1000)).toFixed(1)} | ${Math.round(result.firstPageMs)} | ${result.pages.join(" + ")} | ${result.cpuMs.map((ms, index) => Math.round(ms / Math.max(1, result.pages[index] ?? 0))).join(" / ")} | ${Math.round(result.cpuMs.reduce((sum, ms) => sum + ms, 0) / pageCount)} | ${result.coreShare.map((share) => share.toFixed(2)).join(" + ")} | ${result.besideShare.toFixed(2)} | ${(one / result.wallMs).toFixed(2)}× |`,
    );
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await nats.drain();
  await stores.stop();
  await rm(dataDir, { recursive: true, force: true });
}
