/**
 * turnleaf import: one PDF, several PDFs merged in order, or images, converted in this process by the
 * conversion service's own pipeline (@turnleaf/conversion/local) into a local project folder:
 *
 *   <project>/project.json   the project (name, sources, options, edition of the import)
 *   <project>/book/          the book folder: manifest.json, pages/<n>/<width>.webp|png|jpg, thumbs/, text/, search.json
 *
 * Unregistered (no valid licence file) imports are the trial: at most 12 pages or images, and a watermark.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { basename, extname, join, resolve } from "node:path";
import { create } from "@bufbuild/protobuf";
import { bookKeys } from "@turnleaf/book-format";
import {
  ConversionJobRequestedSchema,
  Cut,
  Engine,
  SourceKind,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import {
  choosePdfiumForConversions,
  convertJob,
  createRenderPool,
  FsBookStore,
  failureMessages,
  ImageReadError,
  JobFailure,
  PdfPasswordError,
  PdfReadError,
  prepareConversion,
  readImage,
  readPdf,
} from "@turnleaf/conversion/local";
import { writeFileAtomic } from "./atomic-write.js";
import type { Context } from "./context.js";
import { CliError, exitCodes, licenceCodeText, UsageError } from "./errors.js";
import { platformText, render, text } from "./i18n/text.js";
import {
  type ConversionChoices,
  conversionChoices,
  importLimits,
  pageQuality,
  resolvePageRange,
} from "./import-options.js";
import { currentEdition } from "./licence.js";
import { validatePath } from "./paths.js";
import { configOf, type Project, projectFormat } from "./project.js";
import { settleUnsaved } from "./projects.js";
import { ask, canPrompt } from "./prompt.js";

export interface ImportOptions {
  files: string[];
  out: string | undefined;
  pages: string | undefined;
  quality: string | undefined;
  definition: string | undefined;
  maxEdge: string | undefined;
  dpi: string | undefined;
  password: string | undefined;
  title: string | undefined;
  engine?: string | undefined;
  cut?: string | undefined;
  noToc?: boolean;
  noLinks?: boolean;
  noSearch?: boolean;
  /** Images over 10 MB: keep them ("continue") or leave them out ("skip"); asked on a terminal. */
  largeImages?: "skip" | "continue" | undefined;
  /** The answer to "save the unsaved changes first?" when the project has them (asked on a terminal). */
  unsaved?: "save" | "discard";
  json: boolean;
}

const imageExtensions = new Set([".jpg", ".jpeg", ".png", ".bmp"]);
/** Presentations and documents, converted to PDF by LibreOffice (`soffice`) in the pipeline. */
export const officeExtensions = new Set([".ppt", ".pptx", ".pps", ".ppsx", ".odp", ".doc", ".docx", ".odt"]);
const bookId = "local";
const cuts: Record<ConversionChoices["cut"], Cut> = {
  none: Cut.NONE,
  auto: Cut.AUTO,
  "1": Cut.VERTICAL_HALVES,
  "2": Cut.HORIZONTAL_HALVES,
  "3": Cut.QUARTERS,
};
const revision = 1;

interface Source {
  path: string;
  name: string;
  kind: "pdf" | "image";
  pages: number;
  /** A presentation or document: LibreOffice turns it into the PDF converted (its pages are known only then). */
  office?: boolean;
  /** Bytes. */
  size: number;
}

class PasswordNeeded extends CliError {}
class LargeImage extends CliError {}

async function checkSource(context: Context, file: string, password: string, allowLarge = false): Promise<Source> {
  const path = resolve(context.cwd, validatePath(file, "pathFile"));
  const name = basename(path);
  const extension = extname(name).toLowerCase();
  const office = officeExtensions.has(extension);
  const kind = extension === ".pdf" || office ? "pdf" : imageExtensions.has(extension) ? "image" : undefined;
  if (!kind) {
    throw new CliError(text("fileFormat", { name }));
  }
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error("not a file");
    size = info.size;
  } catch {
    throw new CliError(text("fileNotFound", { file }), exitCodes.noInput);
  }
  if (kind === "image") {
    if (size >= importLimits.maxImageBytes && !allowLarge) throw new LargeImage(text("imageSize", { name }));
    try {
      await readImage(path);
    } catch (error) {
      if (error instanceof ImageReadError) throw new CliError(text("imageFailed", { name }));
      throw error;
    }
    return { path, name, kind, pages: 1, size };
  }
  if (size >= importLimits.maxPdfBytes) throw new CliError(text("pdfSize", { name }));
  if (office) return { path, name, kind, pages: 0, office, size };
  try {
    const info = await readPdf(new Uint8Array(await readFile(path)), password, false);
    return { path, name, kind, pages: info.pages.length, size };
  } catch (error) {
    if (error instanceof PdfPasswordError) {
      if (password) throw new CliError(text("incorrectPassword"));
      throw new PasswordNeeded(text("passwordNeeded", { name }));
    }
    if (error instanceof PdfReadError) throw new CliError(platformText(failureMessages.pdf(name, error)));
    throw error;
  }
}

/** Merged PDFs: under 1 GB together (spec 001 §5), as each one alone; checked before any of them is read. */
async function checkMergedSize(context: Context, files: string[]): Promise<void> {
  const pdfs = files.filter((file) => extname(file).toLowerCase() === ".pdf");
  if (pdfs.length < 2) return;
  let bytes = 0;
  for (const file of pdfs) bytes += (await stat(resolve(context.cwd, file)).catch(() => undefined))?.size ?? 0;
  if (bytes >= importLimits.maxPdfBytes) throw new CliError(text("mergedSize"));
}

export async function importBook(context: Context, options: ImportOptions): Promise<void> {
  if (options.files.length === 0) throw new UsageError(text("importNameFiles"));
  const projectDir = resolve(context.cwd, validatePath(options.out, "pathOutput"));
  const quality = pageQuality(options);
  const edition = await currentEdition(context);
  // Before the sources are read: native PDFium where it is installed renders pages several times faster.
  const pdfium = choosePdfiumForConversions();

  const choices = conversionChoices(options);
  let password = options.password ?? "";
  const sources: Source[] = [];
  let largeImages = options.largeImages;
  const skipped: string[] = [];
  await checkMergedSize(context, options.files);
  for (const file of options.files) {
    try {
      sources.push(await checkSource(context, file, password));
    } catch (error) {
      if (error instanceof LargeImage) {
        // Images over 10 MB: continue with them or skip them (spec 001 §5), asked once on a terminal.
        if (!largeImages && canPrompt()) {
          const answer = await ask(`${render(context.t, error.text)}. ${context.t("largeImagesQuestion")} `);
          largeImages = answer.trim().toLowerCase().startsWith("c") ? "continue" : "skip";
        }
        if (!largeImages) throw new CliError(text("largeImagesChoice", { detail: error.text }));
        if (largeImages === "skip") skipped.push(basename(file));
        else sources.push(await checkSource(context, file, password, true));
        continue;
      }
      // A protected PDF and no --password: ask on a terminal (once), as the desktop tool's prompt does.
      if (!(error instanceof PasswordNeeded) || !canPrompt()) throw error;
      password = await ask(`${context.t("passwordQuestion", { name: basename(file) })} `, true);
      sources.push(await checkSource(context, file, password));
    }
  }
  if (skipped.length > 0) context.note(context.t("largeImagesSkipped", { files: skipped.join(", ") }));
  if (sources.length === 0) throw new CliError(text("noneImported"));
  const kinds = new Set(sources.map((source) => source.kind));
  if (kinds.size > 1) throw new CliError(text("mixedKinds"));
  if (password && sources.length > 1) throw new CliError(text("protectedMerge"));
  const total = sources.reduce((sum, source) => sum + source.pages, 0);
  if (kinds.has("pdf") && total >= importLimits.maxPdfPages) {
    throw new CliError(text("pdfPages", { pages: importLimits.maxPdfPages }));
  }
  const selected = options.pages === undefined ? total : resolvePageRange(options.pages, total).length;
  if (!edition.registered) {
    context.note(
      context.t("trialNote", {
        code: edition.reason.code,
        reason: render(context.t, licenceCodeText(edition.reason.code)),
        limit: importLimits.trialPages,
      }),
    );
    if (selected > importLimits.trialPages) {
      throw new CliError(text("trialLimit", { count: selected, limit: importLimits.trialPages }));
    }
  }

  const job = create(ConversionJobRequestedSchema, {
    jobId: randomUUID(),
    bookId,
    revision,
    trial: !edition.registered,
    sources: sources.map((source) => ({
      key: source.path,
      kind: source.office ? SourceKind.OFFICE : source.kind === "pdf" ? SourceKind.PDF : SourceKind.IMAGE,
      displayName: source.name,
      password,
    })),
    options: {
      engine: choices.engine === "image" ? Engine.HD_IMAGE : Engine.HD_TEXT,
      maxSidePx: quality.maxSidePx,
      quality: quality.definition,
      dpi: quality.dpi,
      cut: cuts[choices.cut],
      importToc: choices.toc,
      importLinks: choices.links,
      importSearch: choices.search,
      pageRange: options.pages?.trim() ?? "",
    },
  });

  await settleUnsaved(context, projectDir, options.unsaved, "doingImport");
  const bookDir = join(projectDir, "book");
  await mkdir(projectDir, { recursive: true }).catch((error: Error) => {
    throw new CliError(text("cannotCreate", { path: projectDir, detail: error.message }), exitCodes.cannotCreate);
  });
  // Re-import replaces the pages (the project's other settings stay).
  await rm(bookDir, { recursive: true, force: true });
  await prepareConversion(pdfium);
  const pool = createRenderPool(Math.max(1, Math.min(4, availableParallelism() - 1, selected)), { pdfium });
  const store = new FsBookStore({
    sourcesDir: context.cwd,
    booksDir: bookDir,
    revisionPrefix: bookKeys.revisionPrefix(bookId, revision),
  });
  let result: Awaited<ReturnType<typeof convertJob>>;
  try {
    result = await convertJob(job, {
      store,
      pool,
      log: silentLogger,
      settings: { webpEffort: 2, office: { soffice: "soffice", timeoutMs: 120_000, isolation: "none" } },
      onProgress: async ({ done, total: pages }) => {
        if (process.stderr.isTTY) process.stderr.write(`\r${context.t("converting", { done, total: pages })}`);
      },
      keepAlive: () => undefined,
    });
  } catch (error) {
    await rm(bookDir, { recursive: true, force: true });
    if (error instanceof JobFailure) throw new CliError(platformText(error.message));
    throw error;
  } finally {
    if (process.stderr.isTTY) process.stderr.write("\n");
    await pool.close();
  }

  const previous = await readProjectFile(projectDir);
  const project: Project = {
    format: projectFormat,
    name: previous?.name ?? options.title ?? context.t("defaultProjectName"),
    title:
      options.title ?? previous?.title ?? sources[0]?.name.replace(/\.[^.]+$/, "") ?? context.t("defaultProjectName"),
    createdAt: previous?.createdAt ?? context.now().toISOString(),
    importedAt: context.now().toISOString(),
    sources: sources.map((source) => ({
      name: source.name,
      path: source.path,
      kind: source.kind,
      pages: source.pages,
    })),
    import: { pages: options.pages?.trim() ?? "", quality, ...choices },
    trial: !edition.registered,
    pageCount: result.pageCount,
    book: "book/manifest.json",
    ...(previous ? configOf(previous) : {}),
    settings: previous?.settings ?? {},
    ...(previous?.savedAt ? { savedAt: previous.savedAt } : {}),
    ...(previous?.studio ? { studio: previous.studio } : {}),
  };
  await writeFileAtomic(join(projectDir, "project.json"), `${JSON.stringify(project, null, 2)}\n`);
  if (options.json) {
    context.print(JSON.stringify({ project: projectDir, pageCount: result.pageCount, trial: project.trial }));
    return;
  }
  context.print(
    context.t(project.trial ? "importedTrial" : "imported", { count: result.pageCount, project: projectDir }),
  );
}

async function readProjectFile(projectDir: string): Promise<Project | undefined> {
  try {
    return JSON.parse(await readFile(join(projectDir, "project.json"), "utf8")) as Project;
  } catch {
    return undefined;
  }
}

/** The pipeline logs through pino in the service; here its few lines are not for the user. */
const silentLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  child: () => silentLogger,
} as unknown as Parameters<typeof convertJob>[1]["log"];
