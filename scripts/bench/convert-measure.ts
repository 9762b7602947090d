/**
 * Measurements shared by the conversion benchmarks (bench:convert, bench:engines): one of our engines converting
 * a PDF in a process of its own (convert-engine-run.ts), poppler's `pdftoppm` / `pdftocairo -jpeg` with the pages
 * split over one process per core, and the bench's own workers transpiled to JavaScript.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import ts from "typescript";

export interface Row {
  engine: string;
  pagesPerSecond: number;
  /** CPU time per page over every thread and process: what a page costs whatever else runs on the machine. */
  cpuMsPerPage: number;
  /** A warm process receiving the job (ours); a cold process (poppler, which has no warm state). */
  firstPageMs: number;
  /** A process started for the job: Node, the render threads and PDFium loading included (ours only). */
  coldFirstPageMs?: number;
  idleRssMb?: number;
  /** All processes of the engine together (ours: the conversion process and its render processes). */
  peakRssMb: number;
  /** Ours: the conversion process alone, and the largest render process (native engine). */
  mainPeakRssMb?: number;
  renderProcessPeakRssMb?: number;
  kbPerPage: number;
  /** Ours: the largest page's main rendition. */
  kbMaxPerPage?: number;
}

export interface Setup {
  maxSide: number;
  /** Render threads (ours) or processes (poppler). */
  workers: number;
}

export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((done, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) =>
      code === 0
        ? done({ stdout, stderr, ms: performance.now() - started })
        : reject(new Error(`${command} ${args.join(" ")}: ${code}: ${stderr.slice(-500)}`)),
    );
  });
}

/** poppler-utils comes from Debian's packages, installed here for the benchmark only (never by the services). */
export function ensurePoppler(say: (line: string) => void): void {
  if (spawnSync("pdftoppm", ["-v"]).status === 0) return;
  say("pdftoppm missing: installing poppler-utils");
  const root = process.getuid?.() === 0;
  const apt = (...args: string[]) =>
    spawnSync(root ? "apt-get" : "sudo", root ? args : ["apt-get", ...args], { stdio: "ignore" }).status === 0;
  if (!apt("install", "-y", "poppler-utils") && !(apt("update") && apt("install", "-y", "poppler-utils")))
    throw new Error("could not install poppler-utils");
}

/**
 * One of our engines (convert-engine-run.ts) on a PDF, in a process of its own. With `cold`, a second process
 * renders page 1 straight after it starts, for the first page of a replica that was not running.
 */
export async function ours(
  engine: string,
  pdf: string,
  pages: number,
  setup: Setup & { workersJs?: string; cold?: boolean; env?: NodeJS.ProcessEnv },
): Promise<Row> {
  const args = (mode: string) => [
    "--import",
    "tsx",
    "scripts/bench/convert-engine-run.ts",
    engine,
    pdf,
    String(setup.maxSide),
    String(setup.workers),
    setup.workersJs ?? "",
    String(pages),
    mode,
  ];
  const parse = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1) as string) as Row;
  // As the conversion image runs it (deploy/Dockerfile, stage conversion).
  const env = { MALLOC_ARENA_MAX: "1", ...process.env, ...setup.env };
  const go = (mode: string) => run(process.execPath, args(mode), env);
  const result = parse((await go("warm")).stdout);
  const coldFirstPageMs = setup.cold ? parse((await go("cold")).stdout).firstPageMs : undefined;
  return { ...result, engine, ...(coldFirstPageMs === undefined ? {} : { coldFirstPageMs }) };
}

/** `pdftoppm` / `pdftocairo` with the pages split over one process per core; the first page from a cold process. */
export async function poppler(
  tool: "pdftoppm" | "pdftocairo",
  pdf: string,
  pages: number,
  dir: string,
  setup: Setup,
): Promise<Row> {
  const { maxSide, workers } = setup;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const common = ["-scale-to", String(maxSide), "-jpeg", "-jpegopt", "quality=85"];
  const timed = (args: string[]) => run("/usr/bin/time", ["-f", "TIME %M %U %S", tool, ...args]);
  const first = await timed([...common, "-f", "1", "-l", "1", pdf, join(dir, "first")]);
  const per = Math.ceil(pages / workers);
  const started = performance.now();
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, index) => {
      const from = index * per + 1;
      const to = Math.min(pages, from + per - 1);
      return from > to
        ? undefined
        : timed([...common, "-f", String(from), "-l", String(to), pdf, join(dir, `p${index}`)]);
    }),
  );
  const ms = performance.now() - started;
  const measured = parts.map((part) => /TIME (\d+) ([\d.]+) ([\d.]+)/.exec(part?.stderr ?? ""));
  const peak = Math.max(...measured.map((match) => Number(match?.[1] ?? 0)));
  const cpuSeconds = measured.reduce((sum, match) => sum + Number(match?.[2] ?? 0) + Number(match?.[3] ?? 0), 0);
  let bytes = 0;
  for (const name of await readdir(dir)) if (!name.startsWith("first")) bytes += (await stat(join(dir, name))).size;
  return {
    engine: `${tool} ×${workers}`,
    pagesPerSecond: pages / (ms / 1000),
    cpuMsPerPage: (cpuSeconds * 1000) / pages,
    firstPageMs: first.ms,
    peakRssMb: peak / 1024,
    kbPerPage: bytes / 1024 / pages,
  };
}

/** The bench's own workers as JavaScript (no TypeScript loader in their threads, so RSS is the engine's own). */
export async function transpileWorkers(): Promise<string> {
  const folder = resolve("scripts/bench/dist");
  await mkdir(folder, { recursive: true });
  for (const name of ["convert-pdfjs-worker", "convert-pdfium-jpeg-worker"]) {
    const source = await readFile(`scripts/bench/${name}.ts`, "utf8");
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    await writeFile(join(folder, `${name}.js`), outputText);
  }
  return folder;
}

export const pad = (text: string, width: number) => text.padEnd(width);
export const number = (value: number | undefined, digits = 0) => (value === undefined ? "-" : value.toFixed(digits));
