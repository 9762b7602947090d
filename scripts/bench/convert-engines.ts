/**
 * The conversion engine benchmark (npm run bench:engines; not a test, asserts nothing). In one run, per document:
 *   pdf.js     the former path: pdf.js + @napi-rs/canvas in worker threads, every rendition (2 WebP, JPEG, thumb)
 *   PDFium-all PDFium (WebAssembly) in worker threads, the same renditions as before
 *   PDFium     the service's path: PDFium, only what must exist before the book opens (main WebP + thumbnail)
 *   PDFium-jpeg PDFium drawing each page into one JPEG q85, no text: what pdftoppm does, renderer against renderer
 *   pdftoppm   `pdftoppm -jpeg`, one process per core; `pdftocairo -jpeg` likewise
 * at the same longest side and core count: pages/s, ms to the first page (a warm worker receiving the job; poppler
 * cold, as it has no warm state), RSS of the idle process after warm-up and its peak, KB per page. Then a table of
 * encoder options on pages PDFium rendered (ms on one thread, KB).
 * Usage: npm run bench:engines [-- --pages 40 --max-side 1600 --workers 2 --skip-pdfjs --only vector]
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import ts from "typescript";
import { type BenchDocument, benchDocuments } from "./convert-documents.js";
import { measureEncoders, type SamplePage } from "./convert-encoders.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "40" },
    "max-side": { type: "string", default: "1600" },
    workers: { type: "string", default: String(availableParallelism()) },
    "skip-pdfjs": { type: "boolean", default: false },
    /** Only the documents whose name contains this. */
    only: { type: "string", default: "" },
  },
});
const maxSide = Number(values["max-side"]);
const workers = Number(values.workers);
const out = (line = "") => process.stdout.write(`${line}\n`);

/** poppler-utils comes from Debian's packages, installed here for the benchmark only (never by the services). */
function ensurePoppler(): void {
  if (spawnSync("pdftoppm", ["-v"]).status === 0) return;
  out("pdftoppm missing: installing poppler-utils");
  const root = process.getuid?.() === 0;
  const apt = (...args: string[]) =>
    spawnSync(root ? "apt-get" : "sudo", root ? args : ["apt-get", ...args], { stdio: "ignore" }).status === 0;
  if (!apt("install", "-y", "poppler-utils") && !(apt("update") && apt("install", "-y", "poppler-utils")))
    throw new Error("could not install poppler-utils");
}

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) =>
      code === 0
        ? resolve({ stdout, stderr, ms: performance.now() - started })
        : reject(new Error(`${command} ${args.join(" ")}: ${code}: ${stderr.slice(-500)}`)),
    );
  });
}

interface Row {
  engine: string;
  pagesPerSecond: number;
  /** CPU time per page over every thread and process: what a page costs whatever else runs on the machine. */
  cpuMsPerPage: number;
  firstPageMs: number;
  idleRssMb?: number;
  peakRssMb: number;
  kbPerPage: number;
}

async function ours(engine: string, pdf: string, pages: number, workersJs: string): Promise<Row> {
  const { stdout } = await run(process.execPath, [
    "--import",
    "tsx",
    "scripts/bench/convert-engine-run.ts",
    engine,
    pdf,
    String(maxSide),
    String(workers),
    workersJs,
    String(pages),
  ]);
  const result = JSON.parse(stdout.trim().split("\n").at(-1) as string) as Row;
  return { ...result, engine };
}

/** `pdftoppm` / `pdftocairo` with the pages split over one process per core; the first page from a cold process. */
async function poppler(tool: "pdftoppm" | "pdftocairo", pdf: string, pages: number, dir: string): Promise<Row> {
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
  const { readdir, stat } = await import("node:fs/promises");
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
async function transpileWorkers(): Promise<string> {
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

/** Page 1 of some documents rendered by PDFium at the benchmark's size, for the encoder table. */
async function samplePages(files: { name: string; path: string }[]): Promise<SamplePage[]> {
  const { renderPage, releaseDocuments } = await import("../../services/conversion/dist/render/page-renderer.js");
  const { readPdf } = await import("../../services/conversion/dist/render/source-reader.js");
  const { renditionSizes } = await import("../../services/conversion/dist/domain/renditions.js");
  const samples: SamplePage[] = [];
  for (const file of files) {
    const info = await readPdf(new Uint8Array(await readFile(file.path)), "", false);
    const pageIndex = Math.min(1, info.pages.length - 1);
    const size = info.pages[pageIndex] as { width: number; height: number };
    const region = { x: 0, y: 0, ...size };
    const sizes = renditionSizes(region, maxSide, 0);
    const page = await renderPage({
      kind: "pdf",
      path: file.path,
      password: "",
      pageIndex,
      region,
      sizes,
      quality: 75,
      jpegQuality: 85,
      webpEffort: 0,
      watermark: false,
      wantText: false,
      wantLinks: false,
      wantPixels: true,
      deriveOnRequest: true,
    });
    await releaseDocuments(file.path);
    if (page.pixels)
      samples.push({ kind: file.name, width: page.pixels.width, height: page.pixels.height, pixels: page.pixels.data });
  }
  return samples;
}

const pad = (text: string, width: number) => text.padEnd(width);
const number = (value: number | undefined, digits = 0) => (value === undefined ? "-" : value.toFixed(digits));

const work = await mkdtemp(join(tmpdir(), "turnleaf-engines-"));
try {
  ensurePoppler();
  out("building services/conversion …");
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-b", "services/conversion"], {
    stdio: "inherit",
  });
  const workersJs = await transpileWorkers();
  const load = loadavg()[0] ?? 0;
  const { documents, notes } = await benchDocuments(Number(values.pages));
  const { readPdf } = await import("../../services/conversion/dist/render/source-reader.js");
  const files: { name: string; path: string; pages: number }[] = [];
  for (const [index, document] of documents.entries()) {
    if (!document.name.includes(values.only)) continue;
    const path = document.path ?? join(work, `doc-${index}.pdf`);
    if (document.bytes) await writeFile(path, (document as BenchDocument & { bytes: Buffer }).bytes);
    const info = await readPdf(new Uint8Array(await readFile(path)), "", false);
    files.push({ name: document.name, path, pages: info.pages.length });
  }

  out(
    `\nConversion engines at a longest side of ${maxSide} px, ${workers} render threads / processes, ${availableParallelism()} cores`,
  );
  out(
    `load average at start ${load.toFixed(1)} (other work on the machine slows every engine alike; compare within a document)`,
  );
  out(
    "first page: a warm process receiving the job (read the PDF, render and encode page 1); poppler: a cold process.",
  );
  out("KB/page: the main WebP (ours), the JPEG (poppler). RSS idle: after start-up and warm-up, before the job.");
  out("CPU ms/page: every thread and process of the engine; × pdftoppm/CPU compares per core, whatever else runs.\n");
  out(
    `${pad("document", 30)} | ${pad("engine", 13)} | ${pad("pages/s", 7)} | ${pad("× pdftoppm", 10)} | ${pad("CPU ms/page", 11)} | ${pad("× pdftoppm/CPU", 14)} | ${pad("1st page ms", 11)} | ${pad("RSS idle MB", 11)} | ${pad("RSS peak MB", 11)} | KB/page`,
  );
  for (const file of files) {
    const rows: Row[] = [];
    const engines = [...(values["skip-pdfjs"] ? [] : ["pdfjs"]), "pdfium-all", "pdfium", "pdfium-jpeg"];
    for (const engine of engines) rows.push(await ours(engine, file.path, file.pages, workersJs));
    rows.push(await poppler("pdftoppm", file.path, file.pages, join(work, "poppler")));
    rows.push(await poppler("pdftocairo", file.path, file.pages, join(work, "poppler")));
    const reference = rows.find((row) => row.engine.startsWith("pdftoppm")) as Row;
    for (const [index, row] of rows.entries()) {
      out(
        `${pad(index === 0 ? `${file.name} (${file.pages} p)`.slice(0, 30) : "", 30)} | ${pad(row.engine, 13)} | ${pad(number(row.pagesPerSecond, 1), 7)} | ${pad(`${(row.pagesPerSecond / reference.pagesPerSecond).toFixed(2)}×`, 10)} | ${pad(number(row.cpuMsPerPage), 11)} | ${pad(`${(reference.cpuMsPerPage / row.cpuMsPerPage).toFixed(2)}×`, 14)} | ${pad(number(row.firstPageMs), 11)} | ${pad(number(row.idleRssMb), 11)} | ${pad(number(row.peakRssMb), 11)} | ${number(row.kbPerPage)}`,
      );
    }
  }

  const samples = await samplePages(
    files
      .filter((file) => /^(text|vector|image|CJK|real)/.test(file.name))
      .map(({ name, path }) => ({ name: name.replace(/ \d+ p$/, ""), path })),
  );
  const rows = await measureEncoders(samples);
  out(`\nEncoder options on page 2 of each document at ${maxSide} px (libvips on one thread): CPU ms / KB`);
  out(`${pad("option", 40)} | ${samples.map((sample) => pad(sample.kind, 24)).join(" | ")}`);
  for (const row of rows) {
    out(
      `${pad(row.option, 40)} | ${samples.map((sample) => pad(`${number(row.cells[sample.kind]?.[0], 1)} ms / ${number(row.cells[sample.kind]?.[1])} KB`, 24)).join(" | ")}`,
    );
  }
  out(`\nload average at end ${(loadavg()[0] ?? 0).toFixed(1)}`);
  for (const note of notes) out(`note: ${note}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
