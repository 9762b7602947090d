/**
 * The conversion benchmark (npm run bench:convert): generated PDFs converted by Turnleaf's pipeline (cold
 * process, worker pool, every rendition a job writes) and by pdftoppm (JPEG at the same longest side), one
 * after the other in one run. Prints a table; never fails on numbers.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { labelledPdf, mixedPdf, richPdf, spreadPdf } from "../../tests/fixtures/pdf/generate.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "100" },
    "max-side": { type: "string", default: "1600" },
    workers: { type: "string", default: String(availableParallelism()) },
  },
});
const maxSide = Number(values["max-side"]);
const workers = Number(values.workers);
const out = (line: string) => process.stdout.write(`${line}\n`);

interface Measure {
  pages: number;
  pagesPerSecond: number;
  firstPageMs: number;
  peakRssMb: number;
  kbPerPage: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) =>
      code === 0 ? resolve(stdout + stderr) : reject(new Error(`${command} ${code}: ${stderr}`)),
    );
  });
}

async function turnleaf(
  pdf: string,
  work: string,
): Promise<Measure & { warmFirstPageMs: number; jpgKbPerPage: number }> {
  const dir = join(work, "turnleaf");
  await rm(dir, { recursive: true, force: true });
  const started = Date.now();
  const output = await run(process.execPath, [
    "--import",
    "tsx",
    "scripts/bench/turnleaf-run.ts",
    pdf,
    dir,
    String(maxSide),
    String(workers),
    String(started),
  ]);
  const result = JSON.parse(output.trim().split("\n").at(-1) as string) as Record<string, number>;
  return {
    pages: result.pages as number,
    // A replica is warm when a job arrives: throughput counts from the job's start.
    pagesPerSecond: (result.pages as number) / ((result.jobMs as number) / 1000),
    firstPageMs: result.firstPageColdMs as number,
    warmFirstPageMs: result.firstPageWarmMs as number,
    peakRssMb: result.peakRssMb as number,
    kbPerPage: result.webpKbPerPage as number,
    jpgKbPerPage: result.jpgKbPerPage as number,
  };
}

/** Wall time (ms) and peak RSS (MB) of a command, from /usr/bin/time. */
async function timed(args: string[]): Promise<{ ms: number; rssMb: number }> {
  const started = Date.now();
  const output = await run("/usr/bin/time", ["-f", "TIME %M", ...args]);
  const match = /TIME (\d+)/.exec(output);
  return { ms: Date.now() - started, rssMb: Number(match?.[1] ?? 0) / 1024 };
}

async function folderKb(dir: string): Promise<number> {
  let bytes = 0;
  for (const name of await readdir(dir)) bytes += (await stat(join(dir, name))).size;
  return bytes / 1024;
}

async function pdftoppm(
  pdf: string,
  pages: number,
  work: string,
): Promise<Measure & { parallelPagesPerSecond: number }> {
  const dir = join(work, "poppler");
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const common = ["-scale-to", String(maxSide), "-jpeg", "-jpegopt", "quality=85"];
  const first = await timed(["pdftoppm", ...common, "-f", "1", "-l", "1", pdf, join(dir, "first")]);
  await rm(join(dir), { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const whole = await timed(["pdftoppm", ...common, pdf, join(dir, "p")]);
  const kb = await folderKb(dir);
  // pdftoppm is single-threaded: the same pages split over one process per core, for a like-for-like throughput.
  const per = Math.ceil(pages / workers);
  const parallelStart = Date.now();
  await Promise.all(
    Array.from({ length: workers }, (_, index) => {
      const from = index * per + 1;
      const to = Math.min(pages, from + per - 1);
      if (from > to) return Promise.resolve("");
      return run("pdftoppm", [...common, "-f", String(from), "-l", String(to), pdf, join(dir, `q${index}`)]);
    }),
  );
  const parallelMs = Date.now() - parallelStart;
  return {
    pages,
    pagesPerSecond: pages / (whole.ms / 1000),
    parallelPagesPerSecond: pages / (parallelMs / 1000),
    firstPageMs: first.ms,
    peakRssMb: whole.rssMb,
    kbPerPage: kb / pages,
  };
}

const work = await mkdtemp(join(tmpdir(), "turnleaf-bench-"));
try {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-b", "services/conversion"], {
    stdio: "inherit",
  });
  const pageCount = Number(values.pages);
  const documents: [string, Buffer, number][] = [
    [`mixed-${pageCount}`, await mixedPdf(pageCount), pageCount],
    ["text-20", await labelledPdf("T", 20), 20],
    ["outline-links-3", await richPdf(), 3],
    ["spreads-3", await spreadPdf(), 3],
  ];
  out(
    `Turnleaf vs pdftoppm at a longest side of ${maxSide} px, ${workers} render workers, ${availableParallelism()} cores`,
  );
  out(
    "Turnleaf: WebP at 2 widths + JPEG fallback + thumbnail + text per page; pdftoppm: one JPEG per page (quality 85).",
  );
  out("");
  out(
    "document           | tool       | pages/s (warm; pdftoppm 1 proc / N procs) | first page ms (cold / warm) | peak RSS MB | KB/page (WebP main / JPEG)",
  );
  for (const [name, bytes, pages] of documents) {
    const pdf = join(work, `${name}.pdf`);
    await writeFile(pdf, bytes);
    const ours = await turnleaf(pdf, work);
    const theirs = await pdftoppm(pdf, pages, work);
    const pad = (text: string, width: number) => text.padEnd(width);
    out(
      `${pad(name, 18)} | ${pad("turnleaf", 10)} | ${pad(`${ours.pagesPerSecond.toFixed(2)} (pool of ${workers})`, 41)} | ${pad(`${ours.firstPageMs.toFixed(0)} / ${ours.warmFirstPageMs.toFixed(0)}`, 27)} | ${pad(ours.peakRssMb.toFixed(0), 11)} | ${ours.kbPerPage.toFixed(0)} / ${ours.jpgKbPerPage.toFixed(0)}`,
    );
    out(
      `${pad("", 18)} | ${pad("pdftoppm", 10)} | ${pad(`${theirs.pagesPerSecond.toFixed(2)} / ${theirs.parallelPagesPerSecond.toFixed(2)}`, 41)} | ${pad(`${theirs.firstPageMs.toFixed(0)}`, 27)} | ${pad(theirs.peakRssMb.toFixed(0), 11)} | - / ${theirs.kbPerPage.toFixed(0)}`,
    );
    out(
      `${pad("", 18)} | ${pad("ratio", 10)} | ${pad(`${(ours.pagesPerSecond / theirs.pagesPerSecond).toFixed(2)}x / ${(ours.pagesPerSecond / theirs.parallelPagesPerSecond).toFixed(2)}x`, 41)} | ${pad(`${(ours.firstPageMs / theirs.firstPageMs).toFixed(1)}x / ${(ours.warmFirstPageMs / theirs.firstPageMs).toFixed(1)}x`, 27)} | ${pad(`${(ours.peakRssMb / theirs.peakRssMb).toFixed(1)}x`, 11)} | JPEG ${(ours.jpgKbPerPage / theirs.kbPerPage).toFixed(2)}x, WebP/pdftoppm JPEG ${(ours.kbPerPage / theirs.kbPerPage).toFixed(2)}x`,
    );
  }
  out("");
  out("ratios are Turnleaf / pdftoppm; throughput ratio >1 and first-page ratio <1 favour Turnleaf.");
  out("cold = a fresh process (Node start, pdfjs load, warm-up); warm = a running replica receiving the job.");
} finally {
  await rm(work, { recursive: true, force: true });
}
