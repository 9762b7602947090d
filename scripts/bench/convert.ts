/**
 * The conversion benchmark (npm run bench:convert; asserts nothing, never fails on numbers). Issue 13's tables:
 *
 * 1. Per document (text-heavy, vector-heavy, image-heavy, CJK, a mixed 100-page book, real-world PDFs found on
 *    the machine, a 300+ page book, a PPTX made a PDF by LibreOffice): the job pipeline (the service's render
 *    path: a pool of render threads writing what a job writes before the book opens, text and links included)
 *    against `pdftoppm -jpeg` and `pdftocairo -jpeg` run as one process per core, same pixel size, same pages:
 *    pages/s, CPU ms per page, the first page of a cold and of a warm replica, peak RSS per conversion process
 *    and per render thread, KB per page. Every PDFium engine this machine has is measured (WebAssembly always,
 *    the native library when setup.sh installed it).
 * 2. One 300-page book converted by one and by two conversion processes sharing the work queue on real stores
 *    (scripts/bench/convert-replicas.ts).
 *
 * With --rounds N each document is converted N times by every engine, the order of ours and poppler's alternating
 * from round to round; the table shows each engine's medians, its × pdftoppm as the median of the rounds' own
 * ratios, and those ratios beneath (a 40-page document converts in under a second, where one run's ratio moved by
 * ±0.2 on a busy machine).
 *
 * Usage: npm run bench:convert [-- --pages 40 --book 320 --max-side 1600 --workers 2 --only text --skip-replicas --engine native --rounds 5]
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BenchDocument, benchDocuments, bookDocument, pptxDocument } from "./convert-documents.js";
import { ensurePoppler, number, ours, pad, poppler, type Row } from "./convert-measure.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "40" },
    book: { type: "string", default: "320" },
    slides: { type: "string", default: "24" },
    "max-side": { type: "string", default: "1600" },
    workers: { type: "string", default: String(availableParallelism()) },
    /** Only the documents whose name contains this. */
    only: { type: "string", default: "" },
    "skip-replicas": { type: "boolean", default: false },
    "replica-pages": { type: "string", default: "300" },
    /** Only this PDFium engine (wasm or native). */
    engine: { type: "string", default: "" },
    rounds: { type: "string", default: "1" },
  },
});
const maxSide = Number(values["max-side"]);
const workers = Number(values.workers);
const rounds = Math.max(1, Number(values.rounds));
const out = (line = "") => process.stdout.write(`${line}\n`);

/** The PDFium engines of this machine: WebAssembly always, native when its library is installed. */
async function engines(): Promise<{ name: string; env: NodeJS.ProcessEnv }[]> {
  const { nativeLibraryPath } = await import("../../services/conversion/dist/render/pdfium-native-library.js");
  const list = [{ name: "pdfium-wasm", env: { CONVERSION_PDFIUM: "wasm" } }];
  if (nativeLibraryPath()) list.push({ name: "pdfium-native", env: { CONVERSION_PDFIUM: "native" } });
  return list.filter((entry) => !values.engine || entry.name === `pdfium-${values.engine}`);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** One engine's rounds as one row: the median of every number. */
function medianRow(runs: Row[]): Row {
  const first = runs[0] as Row;
  const row: Record<string, unknown> = { ...first };
  for (const [key, value] of Object.entries(first)) {
    if (typeof value === "number")
      row[key] = median(runs.map((run) => (run as unknown as Record<string, number>)[key] ?? 0));
  }
  return row as unknown as Row;
}

/** Peak RSS per worker: a render process (native), or a render thread's share of the conversion process. */
function perWorker(row: Row): string {
  if (!row.engine.startsWith("pdfium")) return "-";
  if (row.renderProcessPeakRssMb) return `${number(row.renderProcessPeakRssMb)} (${number(row.mainPeakRssMb)})`;
  return number(row.peakRssMb / workers);
}

const work = await mkdtemp(join(tmpdir(), "turnleaf-convert-"));
try {
  ensurePoppler(out);
  out("building services/conversion …");
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-b", "services/conversion"], {
    stdio: "inherit",
  });
  const setup = { maxSide, workers };
  const load = loadavg()[0] ?? 0;
  const { documents, notes } = await benchDocuments(Number(values.pages));
  documents.push(await bookDocument(Number(values.book)));
  let officeMs = 0;
  try {
    const pptx = await pptxDocument(Number(values.slides));
    officeMs = pptx.officeMs;
    documents.push(pptx);
  } catch (error) {
    notes.push(`PPTX skipped: LibreOffice could not make it (${(error as Error).message.slice(0, 120)})`);
  }
  const { readPdf } = await import("../../services/conversion/dist/render/source-reader.js");
  const files: { name: string; path: string; pages: number }[] = [];
  for (const [index, document] of documents.entries()) {
    if (!document.name.includes(values.only)) continue;
    const path = document.path ?? join(work, `doc-${index}.pdf`);
    if (document.bytes) await writeFile(path, (document as BenchDocument & { bytes: Buffer }).bytes);
    const info = await readPdf(new Uint8Array(await readFile(path)), "", false);
    files.push({ name: document.name, path, pages: info.pages.length });
  }
  const ourEngines = await engines();

  out(
    `\nConversion at a longest side of ${maxSide} px: ${workers} render threads (ours) / processes (poppler), ${availableParallelism()} cores`,
  );
  out(
    `load average at start ${load.toFixed(1)}: other work on the machine slows every row; compare within a document.`,
  );
  out("ours: the job pipeline (what a job writes before the book opens, text and links); poppler: one JPEG q85.");
  out("1st page: cold = a process started for the job; warm = a running replica receiving it (poppler: always cold).");
  out(
    "RSS peak: all processes of a replica together; per worker: WebAssembly = the conversion process / its render threads, native = the largest render process (the conversion process beside them in brackets).\n",
  );
  out(
    `${pad("document", 24)} | ${pad("engine", 14)} | ${pad("pages/s", 7)} | ${pad("× pdftoppm", 10)} | ${pad("CPU ms/p", 8)} | ${pad("× ppm/CPU", 9)} | ${pad("1st cold ms", 11)} | ${pad("1st warm ms", 11)} | ${pad("RSS peak MB", 11)} | ${pad("per worker", 12)} | KB/page (max)`,
  );
  for (const file of files) {
    const runs = new Map<string, Row[]>();
    const add = (row: Row) => runs.set(row.engine, [...(runs.get(row.engine) ?? []), row]);
    for (let round = 0; round < rounds; round++) {
      const oursFirst = round % 2 === 0;
      const convertOurs = async () => {
        for (const engine of ourEngines)
          add({
            ...(await ours("pdfium", file.path, file.pages, { ...setup, cold: true, env: engine.env })),
            engine: engine.name,
          });
      };
      if (oursFirst) await convertOurs();
      add(await poppler("pdftoppm", file.path, file.pages, join(work, "poppler"), setup));
      add(await poppler("pdftocairo", file.path, file.pages, join(work, "poppler"), setup));
      if (!oursFirst) await convertOurs();
    }
    const rows = [...runs.values()].map(medianRow);
    const references = [...runs.entries()].find(([name]) => name.startsWith("pdftoppm"))?.[1] ?? [];
    // Each round's engines ran one after another under the same load: a ratio is taken within a round, then the
    // median of the rounds' ratios is shown.
    const ratios = (engine: string, of: (run: Row, reference: Row) => number) =>
      (runs.get(engine) ?? []).map((run, round) => of(run, references[round] as Row));
    const speed = (run: Row, reference: Row) => run.pagesPerSecond / reference.pagesPerSecond;
    const cpu = (run: Row, reference: Row) => reference.cpuMsPerPage / run.cpuMsPerPage;
    for (const [index, row] of rows.entries()) {
      const mine = row.engine.startsWith("pdfium");
      out(
        `${pad(index === 0 ? `${file.name} (${file.pages} p)`.slice(0, 24) : "", 24)} | ${pad(row.engine, 14)} | ${pad(number(row.pagesPerSecond, 1), 7)} | ${pad(`${median(ratios(row.engine, speed)).toFixed(2)}×`, 10)} | ${pad(number(row.cpuMsPerPage), 8)} | ${pad(`${median(ratios(row.engine, cpu)).toFixed(2)}×`, 9)} | ${pad(mine ? number(row.coldFirstPageMs) : number(row.firstPageMs), 11)} | ${pad(mine ? number(row.firstPageMs) : "-", 11)} | ${pad(number(row.peakRssMb), 11)} | ${pad(perWorker(row), 12)} | ${number(row.kbPerPage)}${row.kbMaxPerPage ? ` (max ${number(row.kbMaxPerPage)})` : ""}`,
      );
    }
    if (rounds > 1) {
      for (const engine of ourEngines) {
        out(
          `${pad("", 24)} | ${engine.name} × pdftoppm in each of the ${rounds} rounds: ${ratios(engine.name, speed)
            .map((ratio) => ratio.toFixed(2))
            .join(", ")}`,
        );
      }
    }
  }
  if (officeMs) out(`\nPPTX: LibreOffice made the PDF in ${number(officeMs)} ms (a job pays it before page 1).`);
  for (const note of notes) out(`note: ${note}`);
  if (!ourEngines.some((engine) => engine.name === "pdfium-native") && !values.engine)
    out("note: no native PDFium installed (bash scripts/install-pdfium.sh): WebAssembly only");

  if (!values["skip-replicas"]) {
    out(`\nOne ${values["replica-pages"]}-page book, one and two conversion processes sharing it (real NATS, MinIO):`);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          "--conditions=source",
          "--import",
          "tsx",
          "scripts/bench/convert-replicas.ts",
          "--pages",
          String(values["replica-pages"]),
          "--workers",
          "1",
          "--max-side",
          String(maxSide),
        ],
        { stdio: ["ignore", "inherit", "inherit"] },
      );
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`convert-replicas exited ${code}`))));
    });
  }
  out(`\nload average at end ${(loadavg()[0] ?? 0).toFixed(1)}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
