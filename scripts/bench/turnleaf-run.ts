/**
 * One cold Turnleaf conversion in a process of its own (started by scripts/bench/convert.ts): reads the PDF,
 * plans it and renders every page on the worker pool exactly as a job does (WebP at two widths, JPEG fallback,
 * thumbnail, text), writing the files to a folder instead of S3. Prints one JSON line of measurements.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { planBook } from "../../services/conversion/dist/domain/plan.js";
import { renditionSizes } from "../../services/conversion/dist/domain/renditions.js";
import { webpQualityFor } from "../../services/conversion/dist/pipeline/convert-job.js";
import { warmUp } from "../../services/conversion/dist/render/page-renderer.js";
import { createRenderPool } from "../../services/conversion/dist/render/pool.js";
import { readPdf } from "../../services/conversion/dist/render/source-reader.js";

const [pdfPath, outDir, maxSideText, workersText, startedText] = process.argv.slice(2);
const started = Number(startedText);
const maxSide = Number(maxSideText);
const pool = createRenderPool(Number(workersText));
// A replica warms up once at start (PDFium loaded, libvips awake in every thread); jobs then find it warm.
await Promise.all([warmUp(), pool.release("")]);
const jobStart = performance.timeOrigin + performance.now();
const info = await readPdf(new Uint8Array(await readFile(pdfPath as string)), "", true);
const plan = planBook([{ kind: "pdf", pages: info.pages }], { cut: 0, bleedPt: 0, pageRange: "" });
let firstPageAt = 0;
let webpBytes = 0;
let jpgBytes = 0;
let next = 0;
const lane = async () => {
  while (next < plan.length) {
    const page = plan[next++];
    if (!page) return;
    const sizes = renditionSizes(page.region, maxSide, 0);
    const rendered = await pool.render({
      kind: "pdf",
      path: pdfPath as string,
      password: "",
      pageIndex: page.sourcePage,
      region: page.region,
      sizes,
      quality: webpQualityFor(85),
      jpegQuality: 85,
      webpEffort: Number(process.env.CONVERSION_WEBP_EFFORT ?? 2),
      watermark: false,
      wantText: true,
      wantLinks: true,
    });
    const dir = join(outDir as string, String(page.n));
    await mkdir(dir, { recursive: true });
    await Promise.all([
      ...rendered.webp.map((image) => writeFile(join(dir, `${image.width}.webp`), image.data)),
      ...(rendered.jpg ? [writeFile(join(dir, `${rendered.jpg.width}.jpg`), rendered.jpg.data)] : []),
      writeFile(join(dir, "thumb.webp"), rendered.thumb.data),
    ]);
    webpBytes += rendered.webp[0]?.data.length ?? 0;
    jpgBytes += rendered.jpg?.data.length ?? 0;
    if (page.n === 1) firstPageAt = performance.timeOrigin + performance.now();
  }
};
await Promise.all(Array.from({ length: Math.max(1, pool.size) + 1 }, lane));
const end = performance.timeOrigin + performance.now();
await pool.close();
process.stdout.write(
  `${JSON.stringify({
    pages: plan.length,
    totalMs: end - started,
    jobMs: end - jobStart,
    firstPageColdMs: firstPageAt - started,
    firstPageWarmMs: firstPageAt - jobStart,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    webpKbPerPage: webpBytes / 1024 / plan.length,
    jpgKbPerPage: jpgBytes / 1024 / plan.length,
  })}\n`,
);
