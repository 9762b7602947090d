/**
 * One engine converting one PDF in a process of its own (started by scripts/bench/convert-engines.ts), as a
 * replica would: the render threads start and warm up first (the PDFium engines also convert another 12-page
 * book, as a running replica has; then the idle RSS is read), then the job runs with every page on the threads,
 * page 1 first. Prints one JSON line.
 *   pdfium       the service's path: PDFium in worker threads, main WebP + thumbnail written eagerly
 *   pdfium-all   PDFium writing every rendition as jobs did before (WebP at two widths, JPEG, thumbnail)
 *   pdfjs        the former path: pdf.js + @napi-rs/canvas in worker threads, every rendition
 *   pdfium-jpeg  PDFium drawing each page and one JPEG q85 per page, no text: what pdftoppm -jpeg does
 * With mode `cold` (the PDFium engines), the job arrives as the process starts: nothing is warmed up, only page 1
 * is rendered, and its time counts from the process's start (Node, threads, PDFium loading included).
 * Usage: convert-engine-run.ts <engine> <pdf> <maxSide> <workers> <folder of the bench workers as JavaScript> <pages>
 *   [warm|cold]
 */
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
// The built service (as a replica runs it: its worker threads load plain JavaScript, no TypeScript loader).
import { planBook } from "../../services/conversion/dist/domain/plan.js";
import { renditionSizes } from "../../services/conversion/dist/domain/renditions.js";
import { warmUp } from "../../services/conversion/dist/render/page-renderer.js";
import { selectPdfium } from "../../services/conversion/dist/render/pdfium.js";
import { choosePdfium } from "../../services/conversion/dist/render/pdfium-native-library.js";
import { createRenderPool } from "../../services/conversion/dist/render/pool.js";
import { readPdf } from "../../services/conversion/dist/render/source-reader.js";

const [engine, pdfPath, maxSideText, workersText, workersJs, pagesText, mode] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string | undefined,
  string | undefined,
  string | undefined,
];
const cold = mode === "cold";
/** The PDFium engines as the service picks them (CONVERSION_PDFIUM: auto, wasm, native; the bench sets it). */
const pdfiumChoice = choosePdfium((process.env.CONVERSION_PDFIUM ?? "wasm") as "auto" | "wasm" | "native");
selectPdfium(pdfiumChoice);
/** The page count, from the benchmark (the thread engines must not load a PDF library in this thread). */
const pageCount = Number(pagesText ?? 0);
const maxSide = Number(maxSideText);
const workers = Math.max(1, Number(workersText));

/** This process and its children (the native engine's render processes), read from /proc. */
function readTree(): string[] {
  const children = readdirSync("/proc").filter((name) => {
    if (!/^\d+$/.test(name)) return false;
    try {
      return readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.split(" ")[1] === String(process.pid);
    } catch {
      return false;
    }
  });
  return ["self", ...children];
}

/**
 * The tree as last read: reading every process's stat file (twice a sample) cost ~1.2 ms of this process's CPU,
 * counted in the engine's CPU a page and taken from its cores 20 times a second. Read again once a second (a render
 * process that died is replaced).
 */
let knownTree = { pids: [] as string[], at: -Infinity };
function tree(): string[] {
  if (performance.now() - knownTree.at > 1_000) knownTree = { pids: readTree(), at: performance.now() };
  return knownTree.pids;
}

const readProc = (pid: string, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
};

/** RSS of the process tree, MB. */
const rssMb = () =>
  tree().reduce((sum, pid) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(readProc(pid, "status"))?.[1] ?? 0) / 1024, 0);

/** Peak RSS of the process tree (sampled every 50 ms; the main process's own peak from the kernel). */
let peakTreeMb = 0;
/** The largest peak of one render process (VmHWM, read while they live). */
let peakChildMb = 0;
setInterval(() => {
  peakTreeMb = Math.max(peakTreeMb, rssMb());
  for (const pid of tree().slice(1))
    if (readProc(pid, "cmdline").includes("render.worker"))
      peakChildMb = Math.max(peakChildMb, Number(/VmHWM:\s+(\d+) kB/.exec(readProc(pid, "status"))?.[1] ?? 0) / 1024);
}, 50).unref();

/** CPU ms of the render processes (utime + stime, in clock ticks of 10 ms), the tree read afresh. */
const childrenCpuMs = () =>
  readTree()
    .slice(1)
    .reduce((sum, pid) => {
      const fields = readProc(pid, "stat").split(") ")[1]?.split(" ") ?? [];
      return sum + (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
    }, 0);

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

/**
 * CPU time of the whole process (every thread) and its render processes, ms: unlike wall time, other work on the
 * machine barely moves it.
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000 + childrenCpuMs();
};

interface Outcome {
  pages: number;
  jobMs: number;
  cpuMs: number;
  firstPageMs: number;
  bytes: number;
  /** The largest main rendition of a page (the reader's 200 KB budget). */
  maxBytes?: number;
}

/** Converts every page of `pdfPath` on the pool as a job does (page 1 first, one page more in flight than lanes). */
async function convertAll(pool: ReturnType<typeof createRenderPool>, path: string, pageRange: string) {
  const info = await readPdf(new Uint8Array(await readFile(path)), "", true);
  const plan = planBook([{ kind: "pdf", pages: info.pages }], { cut: 0, bleedPt: 0, pageRange });
  const rendered: { n: number; bytes: number; at: number }[] = [];
  let next = 0;
  const lane = async () => {
    while (next < plan.length) {
      const page = plan[next++];
      if (!page) return;
      const result = await pool.render({
        kind: "pdf",
        path,
        password: "",
        pageIndex: page.sourcePage,
        region: page.region,
        sizes: renditionSizes(page.region, maxSide, 0),
        quality: 75,
        jpegQuality: 85,
        webpEffort: 2,
        watermark: false,
        wantText: true,
        wantLinks: true,
      });
      rendered.push({ n: page.n, bytes: result.webp[0]?.data.length ?? 0, at: performance.now() });
    }
  };
  await Promise.all(Array.from({ length: workers + 1 }, lane));
  await pool.release(path);
  return { pages: plan.length, rendered };
}

async function pdfium(deriveOnRequest: boolean): Promise<{ idleRssMb: number; run(): Promise<Outcome> }> {
  const pool = createRenderPool(workers, { deriveOnRequest, pdfium: pdfiumChoice });
  if (!cold) {
    await Promise.all([warmUp(), pool.release("")]);
    // A running replica has converted books before: its render processes' hot paths (text runs, the grey PNG
    // writer, the encoders) are compiled. One other book (the mixed one: text, charts, photos) first.
    const warmUpPdf = join(tmpdir(), `turnleaf-warm-up-${process.pid}.pdf`);
    // Imported here: a cold run's time counts from the process's start, and pdfkit is no part of a replica.
    const { mixedPdf } = await import("../../tests/fixtures/pdf/generate.js");
    await writeFile(warmUpPdf, await mixedPdf(12));
    await convertAll(pool, warmUpPdf, "");
    await rm(warmUpPdf, { force: true });
    await settle();
  }
  const idleRssMb = rssMb();
  return {
    idleRssMb,
    async run() {
      // Cold: from the process's start (performance.now() counts from it).
      const started = cold ? 0 : performance.now();
      const cpuStarted = cpuMs();
      const { pages, rendered } = await convertAll(pool, pdfPath, cold ? "1" : "");
      const jobMs = performance.now() - started;
      const cpu = cpuMs() - cpuStarted;
      await pool.close();
      const firstPageMs = (rendered.find((page) => page.n === 1)?.at ?? started) - started;
      const bytes = rendered.reduce((sum, page) => sum + page.bytes, 0);
      const maxBytes = Math.max(0, ...rendered.map((page) => page.bytes));
      return { pages, jobMs, cpuMs: cpu, firstPageMs, bytes, maxBytes };
    },
  };
}

/** Worker threads running one of the bench's own workers (pdf.js, or PDFium + JPEG), a page at a time. */
async function threads(script: string): Promise<{ idleRssMb: number; run(): Promise<Outcome> }> {
  // The benchmark hands its workers over transpiled to JavaScript, so no loader weighs on their memory.
  if (!workersJs) throw new Error("this engine needs the bench workers as JavaScript");
  const dist = new URL("../../services/conversion/dist/", import.meta.url).href;
  const threads = await Promise.all(
    Array.from({ length: workers }, async () => {
      const worker = new Worker(`${workersJs}/${script}`, { workerData: { dist } });
      await new Promise<void>((resolve) => worker.once("message", () => resolve()));
      worker.postMessage({ warm: true });
      await new Promise<void>((resolve) => worker.once("message", () => resolve()));
      return worker;
    }),
  );
  await settle();
  const idleRssMb = rssMb();
  return {
    idleRssMb,
    async run() {
      const started = performance.now();
      const cpuStarted = cpuMs();
      const pages = pageCount;
      let firstPageMs = 0;
      let bytes = 0;
      let next = 1;
      // Each thread takes the next page when it is free, as the pool's lanes did.
      await Promise.all(
        threads.map(async (worker) => {
          while (next <= pages) {
            const page = next++;
            const reply = await new Promise<{ bytes: number }>((resolve) => {
              const listener = (message: { page?: number; bytes?: number }) => {
                if (message.page !== page) return;
                worker.off("message", listener);
                resolve({ bytes: message.bytes ?? 0 });
              };
              worker.on("message", listener);
              worker.postMessage({ path: pdfPath, pages: [page], maxSide });
            });
            bytes += reply.bytes;
            if (page === 1) firstPageMs = performance.now() - started;
          }
        }),
      );
      const jobMs = performance.now() - started;
      const cpu = cpuMs() - cpuStarted;
      await Promise.all(threads.map((worker) => worker.terminate()));
      return { pages, jobMs, cpuMs: cpu, firstPageMs, bytes };
    },
  };
}

const prepared =
  engine === "pdfjs"
    ? await threads("convert-pdfjs-worker.js")
    : engine === "pdfium-jpeg"
      ? await threads("convert-pdfium-jpeg-worker.js")
      : await pdfium(engine === "pdfium");
const outcome = await prepared.run();
process.stdout.write(
  `${JSON.stringify({
    engine,
    pages: outcome.pages,
    pagesPerSecond: outcome.pages / (outcome.jobMs / 1000),
    cpuMsPerPage: outcome.cpuMs / outcome.pages,
    firstPageMs: outcome.firstPageMs,
    idleRssMb: prepared.idleRssMb,
    peakRssMb: Math.max(process.resourceUsage().maxRSS / 1024, peakTreeMb),
    mainPeakRssMb: process.resourceUsage().maxRSS / 1024,
    renderProcessPeakRssMb: peakChildMb || undefined,
    kbPerPage: outcome.bytes / 1024 / outcome.pages,
    ...(outcome.maxBytes ? { kbMaxPerPage: outcome.maxBytes / 1024 } : {}),
  })}\n`,
);
process.exit(0);
