/**
 * A new replica's first page against pdftoppm's cold first page, side by side in one run (#36): for each document,
 * `--runs` rounds of (this worktree's built service, optionally another build such as main's, pdftoppm -jpeg on page
 * 1 at the same longest side), each a fresh process, interleaved so the machine's load falls on all alike. Prints
 * the median and range of each, wall ms from process start to page 1 and the CPU ms spent until then (which the
 * machine's load barely moves). Builds nothing: run `tsc -b services/conversion` first.
 * Usage: node --import tsx scripts/bench/cold-first-page.ts [--runs 7] [--max-side 1600] [--lanes 2]
 *   [--before <another checkout>/services/conversion/dist] [pdf …]
 * With --before, that build gets a bundled row too ("before, bundled": its imports bundled as this build's are). Its
 * folder must sit where its bundle finds the packages and the kit (e.g. services/<copy>/dist in this tree).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "7" },
    "max-side": { type: "string", default: "1600" },
    lanes: { type: "string", default: "2" },
    before: { type: "string" },
  },
});
const out = (line = "") => process.stdout.write(`${line}\n`);
const runs = Number(values.runs);
const maxSide = values["max-side"] as string;
const here = resolve("services/conversion/dist");
const runner = resolve("scripts/bench/cold-first-page-run.mjs");
const before = values.before ? resolve(values.before) : undefined;

async function documents(): Promise<{ name: string; path: string }[]> {
  if (positionals.length > 0) return positionals.map((path) => ({ name: path.split("/").at(-1) as string, path }));
  const { mixedPdf, richPdf } = await import("../../tests/fixtures/pdf/generate.js");
  const made = [
    { name: "mixed (text, charts, photos)", bytes: await mixedPdf(8) },
    { name: "text with links", bytes: await richPdf() },
  ];
  return made.map(({ name, bytes }, index) => {
    const path = join(tmpdir(), `turnleaf-cold-${process.pid}-${index}.pdf`);
    writeFileSync(path, bytes);
    return { name, path };
  });
}

function service(dist: string, pdf: string, mode = ""): { wall: number; cpu: number } {
  // The bundled service runs as the image's CMD runs it: without --enable-source-maps.
  const result = spawnSync(process.execPath, [runner, dist, pdf, maxSide, values.lanes as string, mode], {
    env: { MALLOC_ARENA_MAX: "1", ...process.env },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`cold run failed: ${result.stderr}`);
  const line = JSON.parse(result.stdout.trim().split("\n").at(-1) as string) as { firstPageMs: number; cpuMs: number };
  return { wall: line.firstPageMs, cpu: line.cpuMs };
}

function pdftoppm(pdf: string): { wall: number; cpu: number } {
  const target = join(tmpdir(), `turnleaf-cold-ppm-${process.pid}`);
  const started = performance.now();
  // Its CPU through bash's `times` (user and system of the finished child, in the shell's own process).
  const times = execFileSync(
    "bash",
    ["-c", 'pdftoppm -jpeg -scale-to "$1" -f 1 -l 1 "$2" "$3" && times', "bash", maxSide, pdf, target],
    { encoding: "utf8" },
  );
  const wall = performance.now() - started;
  const seconds = [...(times.trim().split("\n").at(-1) ?? "").matchAll(/(\d+)m([\d.]+)s/g)].map(
    (match) => Number(match[1]) * 60 + Number(match[2]),
  );
  return { wall, cpu: seconds.reduce((sum, value) => sum + value, 0) * 1000 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

// The service's imports bundled as the image's main.bundle.mjs is (scripts/bundle-services.mjs), in the order main.ts
// loads them (the configuration's modules before or after the fork, as that build's main.ts does): the first render process is forked by the entry's own modules, then the rest loads on demand (the
// kit's service start, assemble.js and what it imports, sharp), exporting the render functions the run calls from
// the same bundle (one copy of each module, as in the service: the pool takes the early process), and the gRPC
// server's modules as the kit's runGrpcService loads them: on demand, once assemble has started the consumer.
const { bundleModule } = (await import(resolve("scripts/bundle-services.mjs"))) as {
  bundleModule: (entry: string, outdir: string, name: string) => Promise<void>;
};
// As main.ts: the first render process forked by what the entry imports statically, the rest loaded on demand. Made
// in this build and, with --before, in that one too (its bundled row then compares like with like).
async function bundleBench(dist: string): Promise<void> {
  // A build whose main.ts forks without the configuration's modules (render/early-render-process.js) loads them on
  // demand; an older one imported them first.
  const configFirst = !existsSync(join(dist, "render/early-render-process.js"));
  // A build with pipeline/first-page.js loads the gRPC server after the first page and warms the main process's PDFium
  // only; an older one loads the server once jobs are taken and warms PDFium and sharp.
  const firstPageFirst = existsSync(join(dist, "pipeline/first-page.js"));
  const config = 'export { readConfig } from "./config.js";';
  const benchEntry = join(dist, "cold-first-page.bench-entry.js");
  writeFileSync(
    benchEntry,
    [
      'export { choosePdfium } from "./render/pdfium-native-library.js";',
      'export { startEarlyRenderProcess } from "./render/render-process.js";',
      ...(configFirst ? [config] : []),
      'export const loadService = () => import("./cold-first-page.bench-service.js");',
      "",
    ].join("\n"),
  );
  writeFileSync(
    join(dist, "cold-first-page.bench-service.js"),
    [
      ...(configFirst ? [] : [config]),
      'export { runGrpcService } from "@turnleaf/kit/service";',
      'export { assemble } from "./assemble.js";',
      // A build before sharp loaded on first use imported it with the service (main.ts).
      ...(readFileSync(join(dist, "render/sharp.js"), "utf8").includes("export default")
        ? ['export { default as sharp } from "./render/sharp.js";']
        : []),
      'export { selectPdfium } from "./render/pdfium.js";',
      'export { createRenderPool } from "./render/pool.js";',
      'export { createGuardedPool } from "./pipeline/guarded-pool.js";',
      firstPageFirst
        ? 'export { warmPdfium as warmUp } from "./render/page-renderer.js";'
        : 'export { warmUp } from "./render/page-renderer.js";',
      `export const grpcServerAfterFirstPage = ${firstPageFirst};`,
      'export { readPdf } from "./render/source-reader.js";',
      'export { planBook } from "./domain/plan.js";',
      'export { renditionSizes } from "./domain/renditions.js";',
      'export const loadGrpcServer = () => import("@turnleaf/kit/grpc-server");',
      "",
    ].join("\n"),
  );
  await bundleModule(benchEntry, dist, "cold-first-page.bench-bundle");
}
await bundleBench(here);
if (before) await bundleBench(before);

const load = () => execFileSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).split(" ").slice(0, 3).join(" ");
out(
  `cold first page, ${runs} runs each, interleaved; longest side ${maxSide} px, ${values.lanes} lanes; load ${load()}`,
);
out("document                       | engine                   | wall ms median (range) | CPU ms median (range)");
for (const document of await documents()) {
  const rows: Record<string, { wall: number; cpu: number }[]> = {
    "this build": [],
    "+ the service's imports": [],
    "+ its imports, bundled": [],
    pdftoppm: [],
  };
  if (before) {
    rows.before = [];
    rows["before, bundled"] = [];
  }
  for (let run = 0; run < runs; run++) {
    rows["this build"]?.push(service(here, document.path));
    rows["+ the service's imports"]?.push(service(here, document.path, "service"));
    rows["+ its imports, bundled"]?.push(service(here, document.path, "service-bundled"));
    if (before) {
      rows.before?.push(service(before, document.path));
      rows["before, bundled"]?.push(service(before, document.path, "service-bundled"));
    }
    rows.pdftoppm?.push(pdftoppm(document.path));
  }
  for (const [engine, samples] of Object.entries(rows)) {
    const walls = samples.map((sample) => sample.wall);
    const cpus = samples.map((sample) => sample.cpu).filter((cpu) => !Number.isNaN(cpu));
    out(
      `${document.name.padEnd(30).slice(0, 30)} | ${engine.padEnd(24)} | ${`${median(walls).toFixed(0)} (${range(walls)})`.padEnd(22)} | ${cpus.length ? `${median(cpus).toFixed(0)} (${range(cpus)})` : "-"}`,
    );
  }
}
out(`load after: ${load()}`);
