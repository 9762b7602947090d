/**
 * One new conversion replica's first page (started by cold-first-page.ts): a fresh Node process, plain JavaScript
 * as the image runs it (no TypeScript loader), that starts the render pool as the service's assemble.ts does (guarded
 * lanes of one render process each, native PDFium when installed), warms the main thread, waits for the first lane
 * as the service waits before it takes jobs, then reads the PDF and renders page 1 (main rendition only, as the
 * service writes it). Prints one JSON line: ms from the process's start to page 1 and the CPU ms of the process and
 * its render processes until then.
 * Its first render process is forked before anything else loads, as the service's main.ts does (a build without
 * render-process.js forks it with the pool). With a fifth argument `service`, it then imports what main.ts imports
 * (the kit, assemble.js and everything under it) before it makes the pool: the service's own path without the
 * stores' connections. With `service-bundled`, it imports them from one file bundled as scripts/bundle-services.mjs
 * bundles a service (cold-first-page.ts makes it), as the image runs them, and takes the render functions from that
 * file too; it starts loading the gRPC server's modules where the service would: once its consumer has started
 * (without waiting for them), or after the first page (a build with pipeline/first-page.js).
 * Usage: node cold-first-page-run.mjs <folder of a built conversion service (its dist/)> <pdf> <max side> <lanes>
 *   [service]
 */
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";

const [dist, pdfPath, maxSideText, lanesText, mode] = process.argv.slice(2);
const from = (path) => import(new URL(path, `file://${dist}/`).href);
const entry = mode === "service-bundled" ? await from("cold-first-page.bench-bundle.mjs") : undefined;
const { choosePdfium } = entry ?? (await from("render/pdfium-native-library.js"));
const pdfium = choosePdfium("auto");
const early = entry ?? (await from("render/render-process.js").catch(() => undefined));
if (early && pdfium.engine === "native") early.startEarlyRenderProcess(pdfium);
if (mode === "service") await from("assemble.js");
const bundled = await entry?.loadService();
const { selectPdfium } = bundled ?? (await from("render/pdfium.js"));
const { createRenderPool } = bundled ?? (await from("render/pool.js"));
const { createGuardedPool } = bundled ?? (await from("pipeline/guarded-pool.js"));
// The main thread warms PDFium alone where render processes encode (a build with warmPdfium), else PDFium and sharp.
const renderer = bundled ?? (await from("render/page-renderer.js"));
const warmUp = bundled ? bundled.warmUp : (renderer.warmPdfium ?? renderer.warmUp);
const { readPdf } = bundled ?? (await from("render/source-reader.js"));
const { planBook } = bundled ?? (await from("domain/plan.js"));
const { renditionSizes } = bundled ?? (await from("domain/renditions.js"));

// Idle render processes do not hold the event loop (the service's connections do): this timer does here.
const alive = setInterval(() => undefined, 1_000);
selectPdfium(pdfium);
const options = { deriveOnRequest: true, pdfium, pageMemoryBytes: 1024 * 1024 * 1024 };
let firstLane;
const pool = createGuardedPool({
  size: Number(lanesText),
  pageBudgetMs: 120_000,
  createLane: () => {
    const lane = createRenderPool(1, options);
    firstLane ??= lane;
    return lane;
  },
});
await warmUp();
await firstLane?.started?.();
// The service starts its consumer here, then loads its gRPC server: while the first job runs (a build before
// pipeline/first-page.js), or after its first page.
const grpcServer = bundled?.grpcServerAfterFirstPage ? undefined : bundled?.loadGrpcServer();
const info = await readPdf(new Uint8Array(await readFile(pdfPath)), "", false);
const [page] = planBook([{ kind: "pdf", pages: info.pages }], { cut: 0, bleedPt: 0, pageRange: "1" });
await pool.render({
  kind: "pdf",
  path: pdfPath,
  password: "",
  pageIndex: page.sourcePage,
  region: page.region,
  sizes: renditionSizes(page.region, Number(maxSideText), 0),
  quality: 75,
  jpegQuality: 85,
  webpEffort: 2,
  watermark: false,
  wantText: true,
  wantLinks: true,
});
const firstPageMs = performance.now();
const children = readdirSync("/proc").filter((name) => {
  try {
    return (
      /^\d+$/.test(name) &&
      readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1]?.split(" ")[1] === String(process.pid)
    );
  } catch {
    return false;
  }
});
const ticks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
};
const cpuMs = ticks("self") + children.reduce((sum, pid) => sum + ticks(pid), 0);
process.stdout.write(`${JSON.stringify({ firstPageMs, cpuMs, engine: pdfium.engine })}\n`);
await (grpcServer ?? bundled?.loadGrpcServer());
await pool.close();
clearInterval(alive);
// The gRPC server's modules leave handles of their own (the service never ends by running out of work).
process.exit(0);
