/**
 * The native PDFium (libpdfium from the pypdfium2 wheel, loaded by FFI, render lanes in child processes) gives
 * what the WebAssembly build gives: the same text runs at the same places, the same link hotspots, form fields
 * drawn, the outline, page sizes and password checks, the trial watermark; a render process whose page explodes in
 * memory or never finishes is stopped and replaced, and the pool renders on.
 * Needs the library that scripts/setup.sh installs (scripts/install-pdfium.sh); skipped without it.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createGuardedPool, RenderBudgetError } from "@turnleaf/conversion/in-process";
import {
  createRenderPool,
  nativeLibraryPath,
  type PdfPageTask,
  type RenderedPage,
  RenderMemoryError,
  type RenderPool,
  renditionSizes,
  startEarlyRenderProcess,
} from "@turnleaf/conversion/render";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelledPdf, passwordPdf, richPdf, type3ColourPdf } from "../fixtures/pdf/generate.js";
import { memoryBombPdf, runawayPdf } from "../fixtures/pdf/runaway-pdf.js";

const library = nativeLibraryPath();
const a4 = { width: 595.28, height: 841.89 };
const paths: string[] = [];
let native: RenderPool;
let wasm: RenderPool;

async function file(bytes: Buffer, name: string): Promise<string> {
  const path = join(tmpdir(), `turnleaf-native-${process.pid}-${name}.pdf`);
  await writeFile(path, bytes);
  paths.push(path);
  return path;
}

async function formPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: false }) as PDFKit.PDFDocument & {
    initForm(): void;
    formText(name: string, x: number, y: number, width: number, height: number, options?: object): void;
  };
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  doc.addPage({ size: [a4.width, a4.height], margin: 0 });
  doc.initForm();
  doc.formText("name", 100, 200, 300, 40, { value: "FIELDVALUE", backgroundColor: "#ffff00", fontSize: 20 });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const task = (path: string, pageIndex: number, extra: Partial<PdfPageTask> = {}): PdfPageTask => {
  const region = { x: 0, y: 0, ...a4 };
  return {
    kind: "pdf",
    path,
    password: "",
    pageIndex,
    region,
    sizes: renditionSizes(region, 1200, 0),
    quality: 75,
    jpegQuality: 85,
    webpEffort: 0,
    watermark: false,
    wantText: true,
    wantLinks: true,
    wantPixels: true,
    ...extra,
  };
};

/** The share of pixels (RGBA, or grey for a page drawn without colour) for which `test` holds. */
function shareOf(data: Uint8Array, channels: number, test: (r: number, g: number, b: number) => boolean): number {
  const [green, blue] = channels < 3 ? [0, 0] : [1, 2];
  let hits = 0;
  for (let offset = 0; offset < data.length; offset += channels)
    if (test(data[offset] ?? 0, data[offset + green] ?? 0, data[offset + blue] ?? 0)) hits++;
  return hits / Math.max(1, data.length / channels);
}

const share = (page: RenderedPage, test: (r: number, g: number, b: number) => boolean) =>
  shareOf(page.pixels?.data ?? new Uint8Array(0), page.pixels?.channels ?? 4, test);

/** The mean difference of two pages' pixels (0-255), channel by channel. */
function meanDifference(page: RenderedPage, other: RenderedPage): number {
  const [a, b] = [page.pixels?.data ?? new Uint8Array(0), other.pixels?.data ?? new Uint8Array(0)];
  expect(a.length).toBe(b.length);
  let total = 0;
  for (let at = 0; at < a.length; at++) total += Math.abs((a[at] ?? 0) - (b[at] ?? 0));
  return total / Math.max(1, a.length);
}

/** The same share in the stored main rendition, decoded. */
async function storedShare(page: RenderedPage, test: (r: number, g: number, b: number) => boolean) {
  const { data, info } = await sharp(page.webp[0]?.data).raw().toBuffer({ resolveWithObject: true });
  return shareOf(data, info.channels, test);
}

describe.skipIf(!library)("native PDFium", () => {
  beforeAll(() => {
    native = createRenderPool(1, { pdfium: { engine: "native", library: library as string } });
    wasm = createRenderPool(1);
  });

  afterAll(async () => {
    await Promise.all([native?.close(), wasm?.close()]);
    for (const path of paths) await rm(path, { force: true });
  });

  it("gives the WebAssembly build's text runs, links and pixels", { timeout: 60_000 }, async () => {
    const path = await file(await richPdf(), "rich");
    for (const pageIndex of [0, 1]) {
      const [ours, reference] = await Promise.all([
        native.render(task(path, pageIndex)),
        wasm.render(task(path, pageIndex)),
      ]);
      expect(ours.text.map((run) => run.text)).toEqual(reference.text.map((run) => run.text));
      expect(ours.text.length).toBeGreaterThan(2);
      for (const [index, run] of ours.text.entries()) {
        const other = reference.text[index] as typeof run;
        for (const key of ["x", "y", "width", "height"] as const) expect(run[key]).toBeCloseTo(other[key], 1);
      }
      expect(ours.links.length).toBe(reference.links.length);
      for (const [index, link] of ours.links.entries()) {
        const other = reference.links[index] as typeof link;
        expect({ ...link, x: 0, y: 0, width: 0, height: 0 }).toEqual({ ...other, x: 0, y: 0, width: 0, height: 0 });
        expect(link.x).toBeCloseTo(other.x, 1);
        expect(link.y).toBeCloseTo(other.y, 1);
      }
      // The same page drawn: the share of dark pixels within a few percent of each other.
      const dark = (r: number, g: number, b: number) => r + g + b < 300;
      expect(share(ours, dark)).toBeGreaterThan(0.005);
      expect(Math.abs(share(ours, dark) - share(reference, dark))).toBeLessThan(share(reference, dark) * 0.1);
      // Pixel for pixel too: rows drawn at another stride, or shifted, would differ by far more.
      expect(meanDifference(ours, reference)).toBeLessThan(2);
      expect((await sharp(ours.webp[0]?.data).metadata()).width).toBe(ours.pixels?.width);
      // What the readers get shows the same ink (a page without colour is drawn and stored in grey).
      expect(ours.pixels?.channels).toBe(reference.pixels?.channels);
      for (const page of [ours, reference])
        expect(Math.abs((await storedShare(page, dark)) - share(page, dark))).toBeLessThan(share(page, dark) * 0.1);
    }
    expect(
      (await native.render(task(path, 0))).links.some((link) => "url" in link && link.url?.startsWith("https:")),
    ).toBe(true);
  });

  it("draws form fields, the trial watermark and a Type 3 glyph's own colour", { timeout: 60_000 }, async () => {
    const form = await native.render(task(await file(await formPdf(), "form"), 0));
    const yellow = share(form, (r, g, b) => r > 220 && g > 220 && b < 60);
    // The field is 300 × 40 pt of an A4 page (0.24 %), less the value's letters.
    expect(yellow).toBeGreaterThan(0.0015);
    const marked = await native.render(task(await file(await richPdf(), "trial"), 2, { watermark: true }));
    const webp = await sharp(marked.webp[0]?.data).raw().toBuffer({ resolveWithObject: true });
    let reddish = 0;
    for (let offset = 0; offset < webp.data.length; offset += webp.info.channels) {
      const [r, g, b] = [webp.data[offset] ?? 0, webp.data[offset + 1] ?? 0, webp.data[offset + 2] ?? 0];
      if (r > 200 && g < 200 && b < 200 && r - g > 40) reddish++;
    }
    expect(reddish).toBeGreaterThan(1000);
    // The glyph paints itself red though the text's fill is black: the page is drawn and stored in colour.
    const type3 = await native.render(task(await file(type3ColourPdf(), "type3"), 0));
    const red = (r: number, g: number, b: number) => r > 200 && g < 60 && b < 60;
    expect(type3.pixels?.channels ?? 4).toBe(4);
    // 48 × 48 pt of an A4 page: 0.46 %.
    expect(share(type3, red)).toBeGreaterThan(0.004);
    expect(await storedShare(type3, red)).toBeCloseTo(share(type3, red), 3);
  });

  it("reads page sizes, the outline and passwords in a native main thread", { timeout: 60_000 }, async () => {
    const read = (path: string, password = "") =>
      JSON.parse(
        execFileSync(process.execPath, ["tests/conversion/pdfium-native-child.mjs", path, password], {
          encoding: "utf8",
        }),
      ) as { pages?: { width: number; height: number }[]; outline?: { title: string }[]; error?: string };
    const rich = read(await file(await richPdf(), "outline"));
    expect(rich.pages).toHaveLength(3);
    expect(rich.pages?.[0]?.width).toBeCloseTo(a4.width, 0);
    expect(rich.outline?.map((entry) => entry.title)).toEqual(["Chapter One", "Chapter Two"]);
    const locked = await file(await passwordPdf("open sesame"), "locked");
    expect(read(locked, "wrong").error).toBe("PdfPasswordError");
    expect(read(locked, "open sesame").pages).toHaveLength(1);
    // Through the render process too: the wrong password fails the page with the password error.
    await expect(native.render(task(locked, 0, { password: "wrong" }))).rejects.toMatchObject({
      name: "PdfPasswordError",
    });
    // The render process opens the file itself (FPDF_LoadDocument): the right password draws the page.
    const opened = await native.render(task(locked, 0, { password: "open sesame" }));
    expect((await sharp(opened.webp[0]?.data).metadata()).width).toBeGreaterThan(0);
  });

  it("stops a page past its memory or time budget and renders on with a fresh process", {
    timeout: 120_000,
  }, async () => {
    const budgetBytes = 64 * 1024 * 1024;
    const guarded = createGuardedPool({
      size: 1,
      pageBudgetMs: 8_000,
      createLane: () =>
        createRenderPool(1, { pdfium: { engine: "native", library: library as string }, pageMemoryBytes: budgetBytes }),
    });
    try {
      const normal = await file(await labelledPdf("N", 1), "normal");
      await expect(guarded.render(task(await file(memoryBombPdf(), "bomb"), 0))).rejects.toBeInstanceOf(
        RenderMemoryError,
      );
      expect((await guarded.render(task(normal, 0))).text.length).toBeGreaterThan(0);
      const started = Date.now();
      await expect(guarded.render(task(await file(runawayPdf(), "runaway"), 0))).rejects.toBeInstanceOf(
        RenderBudgetError,
      );
      expect(Date.now() - started).toBeLessThan(30_000);
      expect((await guarded.render(task(normal, 0))).text.length).toBeGreaterThan(0);
    } finally {
      await guarded.close();
    }
  });
});

/** This process's render processes (children running the render worker), by pid. */
function renderProcesses(): number[] {
  const own = String(process.pid);
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const parent = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1];
        return parent === own && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("render.worker");
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.skipIf(!library)("a new replica's early render process", () => {
  it("is the pool's first worker, not a second fork, and ends with the pool", { timeout: 60_000 }, async () => {
    const pdfium = { engine: "native", library: library as string } as const;
    const before = renderProcesses();
    startEarlyRenderProcess(pdfium);
    const early = renderProcesses().filter((pid) => !before.includes(pid));
    expect(early).toHaveLength(1);
    const pool = createRenderPool(1, { pdfium });
    try {
      await pool.started?.();
      const page = await pool.render(task(await file(await labelledPdf("E", 1), "early"), 0));
      expect(page.webp[0]?.data.length).toBeGreaterThan(0);
      expect(renderProcesses().filter((pid) => !before.includes(pid))).toEqual(early);
    } finally {
      await pool.close();
    }
    expect(renderProcesses()).not.toContain(early[0]);
  });

  it("is passed over when it died before the pool took it: the pool forks its own", { timeout: 60_000 }, async () => {
    const pdfium = { engine: "native", library: library as string } as const;
    const before = renderProcesses();
    startEarlyRenderProcess(pdfium);
    const [early] = renderProcesses().filter((pid) => !before.includes(pid));
    expect(early).toBeGreaterThan(0);
    process.kill(early as number, "SIGKILL");
    await expect.poll(() => renderProcesses().includes(early as number), { timeout: 10_000 }).toBe(false);
    const pool = createRenderPool(1, { pdfium });
    try {
      const page = await pool.render(task(await file(await labelledPdf("K", 1), "early-killed"), 0));
      expect(page.webp[0]?.data.length).toBeGreaterThan(0);
      const forked = renderProcesses().filter((pid) => !before.includes(pid));
      expect(forked).toHaveLength(1);
      expect(forked).not.toContain(early);
    } finally {
      await pool.close();
    }
  });
});
