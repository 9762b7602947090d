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
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type BenchDocument, benchDocuments } from "./convert-documents.js";
import { measureEncoders, type SamplePage } from "./convert-encoders.js";
import { ensurePoppler, number, ours, pad, poppler, type Row, transpileWorkers } from "./convert-measure.js";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "40" },
    "max-side": { type: "string", default: "1600" },
    workers: { type: "string", default: String(availableParallelism()) },
    "skip-pdfjs": { type: "boolean", default: false },
    /** Only the documents whose name contains this. */
    only: { type: "string", default: "" },
    /** Only the encoder table. */
    "encoders-only": { type: "boolean", default: false },
  },
});
const maxSide = Number(values["max-side"]);
const workers = Number(values.workers);
const out = (line = "") => process.stdout.write(`${line}\n`);

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

const work = await mkdtemp(join(tmpdir(), "turnleaf-engines-"));
try {
  ensurePoppler(out);
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
  for (const file of values["encoders-only"] ? [] : files) {
    const rows: Row[] = [];
    const engines = [...(values["skip-pdfjs"] ? [] : ["pdfjs"]), "pdfium-all", "pdfium", "pdfium-jpeg"];
    for (const engine of engines) rows.push(await ours(engine, file.path, file.pages, { maxSide, workers, workersJs }));
    rows.push(await poppler("pdftoppm", file.path, file.pages, join(work, "poppler"), { maxSide, workers }));
    rows.push(await poppler("pdftocairo", file.path, file.pages, join(work, "poppler"), { maxSide, workers }));
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
