/**
 * The first step of every job and every work item: download and read each source (an Office document becomes a
 * PDF first), then plan the book's pages and their pixel sizes. Planning is deterministic, so every replica that
 * prepares the same job agrees on page numbers. Every failure of the sources themselves happens here, before
 * anything is written.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EngineName } from "@turnleaf/book-format";
import {
  type ConversionJobRequested,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { Logger } from "@turnleaf/kit/logger";
import { pictureLimits } from "@turnleaf/kit/picture-limits";
import { type BookStorage, SourceMissingError } from "../data/book-store.js";
import { combineFailures, failureMessages, JobFailure, pdfLimits, readReasons } from "../domain/failures.js";
import type { SourceOutlineEntry } from "../domain/page-content.js";
import { PageRangeError } from "../domain/page-range.js";
import { type PlannedPage, planBook, type SourcePages, trialPageLimit } from "../domain/plan.js";
import type { PaperPageFormat } from "../domain/renditions.js";
import { type RenditionSizes, renditionSizes } from "../domain/renditions.js";
import { conversionStageDuration, sourcesByEngine } from "../metrics.js";
import type { OcrSettings } from "../ocr/tesseract.js";
import { officeContainer, officeExtensionOf } from "../office/office-document.js";
import { OfficeConversionError, type OfficeSettings, officeToPdf } from "../office/soffice.js";
import { type PdfEngine, readImage, readPdf } from "../render/source-reader.js";

export interface ConvertSettings {
  webpEffort: number;
  /** How paper pages are stored (domain/renditions.ts paperPageFormats; default png). */
  paperPages?: PaperPageFormat;
  tmpDir?: string;
  /** LibreOffice for Office sources; without it they fail with a clear message. */
  office?: OfficeSettings;
  /** tesseract for pages without a text layer (when the job wants text); without it they stay without text. */
  ocr?: OcrSettings;
}

export interface ReadSource {
  /** The file the renderer opens: the download, or the PDF LibreOffice made of it. */
  path: string;
  kind: "pdf" | "image";
  password: string;
  /** The engine that draws a PDF: pdf.js when PDFium refused it (render/source-reader.ts). */
  engine?: PdfEngine;
  pages: SourcePages;
  outline: SourceOutlineEntry[];
  /** The source was an Office document (path is the PDF made of it). */
  converted: boolean;
}

export interface PreparedBook {
  job: ConversionJobRequested;
  /** Temporary folder of this preparation (removed by releaseBook). */
  dir: string;
  sources: ReadSource[];
  plan: PlannedPage[];
  sizes: RenditionSizes[];
  engine: EngineName;
  /** Book page of a source's page (the first piece of it), for links and the outline. */
  pageOf(source: number): (sourcePage: number) => number | undefined;
}

export interface PrepareDependencies {
  store: BookStorage;
  log: Logger;
  settings: ConvertSettings;
  keepAlive(): void;
}

export function engineName(engine: Engine): EngineName {
  if (engine === Engine.HD_TEXT) return "hd-text";
  if (engine === Engine.VECTOR) return "vector";
  return "hd-image";
}

function officeMessage(name: string, error: OfficeConversionError): string {
  const refusal = error.refusal;
  if (refusal?.kind === "external") return failureMessages.officeExternal(name);
  if (refusal?.kind === "too-large") return failureMessages.officeTooLarge(name, refusal.maxBytes);
  if (refusal?.kind === "picture") return failureMessages.officePicture(name, refusal.maxPixels);
  if (refusal?.kind === "eps") return failureMessages.officeEps(name);
  if (error.reason === "protected") return failureMessages.officeProtected(name);
  if (error.reason === "timeout") return failureMessages.officeTimeout(name);
  return failureMessages.officeDamaged(name);
}

/**
 * Downloads and reads every source. Office sources are converted with LibreOffice unless `convertedKeys` names
 * the PDF an earlier preparation stored for them (books bucket), which is then downloaded instead.
 */
async function readSources(
  job: ConversionJobRequested,
  deps: PrepareDependencies,
  dir: string,
  convertedKeys: string[],
): Promise<ReadSource[]> {
  const failures: { name: string; message: string }[] = [];
  const read: ReadSource[] = [];
  for (const [index, source] of job.sources.entries()) {
    const path = join(dir, `source-${index}`);
    const name = source.displayName || `file ${index + 1}`;
    const isImage = source.kind === SourceKind.IMAGE;
    const isOffice = source.kind === SourceKind.OFFICE;
    try {
      if (isImage) {
        await deps.store.downloadSource(source.key, path);
        deps.keepAlive();
        const size = await readImage(path);
        if (size.width * size.height > pictureLimits.maxPixels) {
          throw new JobFailure(failureMessages.imageTooLarge(name, pictureLimits.maxPixels));
        }
        read.push({
          path,
          kind: "image",
          password: "",
          pages: { kind: "image", size },
          outline: [],
          converted: false,
        });
        continue;
      }
      let pdfPath = path;
      const stored = convertedKeys[index];
      if (isOffice && stored) {
        await deps.store.downloadBookFile(stored, path);
      } else {
        await deps.store.downloadSource(source.key, path);
        if (isOffice) {
          if (!deps.settings.office) throw new OfficeConversionError("unavailable", "LibreOffice is not configured");
          const head = (await readFile(path)).subarray(0, 8);
          const extension =
            officeExtensionOf(name) ?? (officeContainer(new Uint8Array(head)) === "zip" ? "pptx" : "ppt");
          const workDir = join(dir, `office-${index}`);
          const started = Date.now();
          pdfPath = await officeToPdf(path, extension, workDir, deps.settings.office);
          conversionStageDuration.observe({ stage: "office" }, (Date.now() - started) / 1000);
          deps.log.info({ source: index, ms: Date.now() - started }, "office document converted to PDF");
        }
      }
      deps.keepAlive();
      if (isOffice && (await stat(pdfPath)).size > pdfLimits.maxBytes) {
        throw new JobFailure(failureMessages.pdfTooLarge(name));
      }
      const info = await readPdf(
        new Uint8Array(await readFile(pdfPath)),
        source.password,
        job.options?.importToc ?? false,
      );
      if (isOffice && info.pages.length > pdfLimits.maxPages) {
        throw new JobFailure(failureMessages.tooManyPages(name, pdfLimits.maxPages));
      }
      sourcesByEngine.inc({ engine: info.engine });
      if (info.engine === "pdfjs") {
        deps.log.warn(
          { source: index, engine: info.engine, pdfiumRefusal: info.pdfiumRefusal, pages: info.pages.length },
          "PDFium refused the source: pdf.js draws it",
        );
      }
      read.push({
        path: pdfPath,
        kind: "pdf",
        password: source.password,
        engine: info.engine,
        pages: { kind: "pdf", pages: info.pages },
        outline: info.outline,
        converted: isOffice,
      });
    } catch (error) {
      const kind = (error as Error).name;
      if (error instanceof JobFailure) failures.push({ name, message: error.message });
      // LibreOffice missing is the machine's fault, not the file's: retried, and reported as it is on the last attempt.
      else if (error instanceof OfficeConversionError && error.reason !== "unavailable") {
        if (error.refusal) deps.log.warn({ source: index, refusal: error.refusal }, "office document refused");
        failures.push({ name, message: officeMessage(name, error) });
      } else if (kind === "PdfPasswordError") failures.push({ name, message: failureMessages.incorrectPassword });
      else if (kind === "PdfReadError") failures.push({ name, message: failureMessages.pdf(name, error) });
      else if (kind === "ImageReadError") failures.push({ name, message: failureMessages.image });
      else if (error instanceof SourceMissingError) {
        failures.push({
          name,
          message: isImage ? failureMessages.image : failureMessages.pdf(name, readReasons.missing),
        });
      } else throw error;
    }
  }
  const message = combineFailures(failures, job.sources.length);
  if (message) throw new JobFailure(message);
  return read;
}

export async function prepareBook(
  job: ConversionJobRequested,
  deps: PrepareDependencies,
  convertedKeys: string[] = [],
): Promise<PreparedBook> {
  if (job.sources.length === 0) throw new JobFailure(failureMessages.noFiles);
  const dir = await mkdtemp(join(deps.settings.tmpDir ?? tmpdir(), "turnleaf-conversion-"));
  try {
    const sources = await readSources(job, deps, dir, convertedKeys);
    const options = job.options;
    let plan: PlannedPage[];
    try {
      plan = planBook(
        sources.map((source) => source.pages),
        {
          cut: options?.cut ?? 0,
          bleedPt: options?.bleedPt ?? 0,
          pageRange: options?.pageRange ?? "",
          ...(job.trial ? { maxPages: trialPageLimit } : {}),
        },
      );
    } catch (error) {
      if (error instanceof PageRangeError)
        throw new JobFailure(failureMessages.pageRange(error.range, error.pageCount));
      throw error;
    }
    if (plan.length === 0) throw new JobFailure(failureMessages.noPages);
    const sizes = plan.map((page) => renditionSizes(page.region, options?.maxSidePx ?? 0, options?.dpi ?? 0));
    const firstBookPage = new Map<string, number>();
    for (const page of plan) {
      const key = `${page.source}:${page.sourcePage}`;
      if (!firstBookPage.has(key)) firstBookPage.set(key, page.n);
    }
    return {
      job,
      dir,
      sources,
      plan,
      sizes,
      engine: engineName(options?.engine ?? Engine.UNSPECIFIED),
      pageOf: (source) => (sourcePage) => firstBookPage.get(`${source}:${sourcePage}`),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Closes the renderer's documents of a prepared book and removes its files. */
export async function releaseBook(book: PreparedBook, pool: { release(path: string): Promise<void> }): Promise<void> {
  // A render thread still busy with a page past its budget answers the release only when that page ends: the
  // book's files go without waiting for it.
  const released = Promise.all(book.sources.map((source) => pool.release(source.path)));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([released, new Promise((resolve) => (timer = setTimeout(resolve, releaseWaitMs)))]);
  clearTimeout(timer);
  await rm(book.dir, { recursive: true, force: true });
}

const releaseWaitMs = 5_000;
