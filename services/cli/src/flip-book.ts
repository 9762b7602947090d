/**
 * The offline flipbook folder every publish format writes (FlipBook/ for html, the package's flipbook/ for the
 * plug-ins, the PWA's folder): index.html, the classic-script reader, the book's pictures and media files.
 * publish.ts chooses the format; the format modules call writeFlipBook from here.
 */
import { createHash, randomBytes } from "node:crypto";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { servedBrandSettings } from "@turnleaf/resource-files";
import { CliError, exitCodes } from "./errors.js";
import { escapeHtml } from "./html-escape.js";
import { text } from "./i18n/text.js";
import type { Translate } from "./i18n/translate.js";
import { shipMediaFiles } from "./media-files.js";
import { shipPageAudio } from "./page-audio/ship.js";
import { projectMedia } from "./page-media.js";
import type { readProject } from "./project.js";
import type { Brand, PasswordPart, ProjectDownload } from "./project-sync.js";
import { type OfflineDownload, type OfflineLock, offlineReaderBook, readerAssetKeys } from "./reader-book.js";

/** Spec 000 §5: yes, show, true (any case) are true; anything else false. */
const settingOn = (value: unknown) =>
  typeof value === "boolean" ? value : ["yes", "show", "true"].includes(String(value).trim().toLowerCase());

/** A bundled file's name: no folders, nothing that is not a plain name character. */
const bundledName = (name: string) =>
  basename(name)
    .replace(/[^\p{L}\p{N}._ -]/gu, "_")
    .replace(/^\.+/, "_") || "file";

/**
 * The download button's files copied into `<flipBook>/files/download/`: the original PDF (the project's first PDF
 * source) and the attachments, as the hosted reader offers them (on with DownloadButtonVisible and the project's
 * download config). Answers the reader's download settings, `undefined` where the hosted book would have none.
 */
async function shipDownloads(
  projectDir: string,
  flipBook: string,
  project: Awaited<ReturnType<typeof readProject>>["project"],
): Promise<OfflineDownload | null | undefined> {
  const settings = project.settings ?? {};
  if (!("DownloadButtonVisible" in settings)) return undefined;
  if (!settingOn(settings.DownloadButtonVisible)) return null;
  // As the hosted reader: the button follows DownloadButtonVisible, its files the download config.
  const config = project.download as ProjectDownload | undefined;
  const download: OfflineDownload = { allowSinglePage: config !== undefined && config.singlePages !== false };
  if (!config) return download;
  const folder = join(flipBook, "files", "download");
  await mkdir(folder, { recursive: true });
  const pdf = project.sources.find((source) => source.kind === "pdf" && source.path);
  if (config.pdf !== false && pdf?.path) {
    const name = bundledName(pdf.name);
    await copyFile(pdf.path, join(folder, name)).catch(() => {
      throw new CliError(text("uploadSourceMissing", { path: pdf.path ?? "" }), exitCodes.noInput);
    });
    download.pdfUrl = `files/download/${encodeURIComponent(name)}`;
  }
  const attachments = [];
  for (const attachment of config.attachments ?? []) {
    const name = bundledName(attachment.name);
    await copyFile(join(projectDir, attachment.file), join(folder, name)).catch(() => {
      throw new CliError(text("attachmentMissing", { file: attachment.file }), exitCodes.noInput);
    });
    attachments.push({ name: attachment.name, url: `files/download/${encodeURIComponent(name)}` });
  }
  if (attachments.length > 0) download.attachments = attachments;
  return download;
}

/**
 * The settings as the hosted book.json serves them: a brand applied by its id becomes the brand itself (the project's
 * `brands`), as the book service serves it; an id the project has no brand for is left out, as there.
 */
function servedSettings(settings: Record<string, unknown>, raw: unknown): Record<string, unknown> {
  const brands = Array.isArray(raw) ? (raw as Brand[]) : [];
  return servedBrandSettings(settings, (kind, brandId) => {
    const brand = brands.find((candidate) => candidate.brandId === brandId && candidate.type === kind);
    return (
      brand && { brandId: brand.brandId, title: brand.title, logo: brand.logo, link: brand.link, desc: brand.desc }
    );
  });
}

/** The password gate of an offline book: checked in the browser (the pages are in the folder: no real protection). */
function offlineLock(raw: unknown): OfflineLock | null {
  const password = raw as PasswordPart | undefined;
  if (password?.access !== "password" || !password.password) return null;
  const salt = randomBytes(16).toString("hex");
  return {
    mode: "single",
    hint: password.hint ?? "",
    fromPage: Math.max(1, Number(password.fromPage) || 1),
    offline: { salt, sha256: createHash("sha256").update(`${salt}:${password.password}`).digest("hex") },
  };
}

export interface PublishOptions {
  project: string | undefined;
  format: string | undefined;
  out: string | undefined;
  title: string | undefined;
  description: string | undefined;
  keywords: string | undefined;
  lang: string | undefined;
  /** Plug-ins (WordPress, Joomla, Drupal): the embed's default size. */
  width?: string;
  height?: string;
  /** WordPress: a text version of the book in the shortcode's output, for search engines. */
  seoText?: boolean;
  /** HTML settings' extra script (spec 001 §3): a .js file run at the end of index.html's body. */
  script?: string;
  /** The extra script's text, read by publish. */
  scriptText?: string;
  json: boolean;
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can appear. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function indexHtml(input: {
  title: string;
  description: string;
  keywords: string;
  lang: string;
  book: unknown;
  extraHead: string;
  extraBody: string;
}) {
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="generator" content="Turnleaf" />
    <title>${escapeHtml(input.title)}</title>
    ${input.description ? `<meta name="description" content="${escapeHtml(input.description)}" />` : ""}
    ${input.keywords ? `<meta name="keywords" content="${escapeHtml(input.keywords)}" />` : ""}
    <link rel="stylesheet" href="reader/reader.css" />
    ${input.extraHead}
  </head>
  <body>
    <div id="root"></div>
    <script type="application/json" id="turnleaf-book">${scriptJson(input.book)}</script>
    <noscript>${escapeHtml(input.title)}: this flipbook needs JavaScript.</noscript>
    <script src="reader/reader.js"></script>
    ${input.extraBody}
  </body>
</html>
`;
}

/** Writes the offline flipbook folder (index.html, the classic-script reader, the book's pictures) to `flipBook`. */
export async function writeFlipBook(input: {
  projectDir: string;
  flipBook: string;
  project: Awaited<ReturnType<typeof readProject>>["project"];
  manifest: Awaited<ReturnType<typeof readProject>>["manifest"];
  readerDir: string;
  options: PublishOptions;
  t: Translate;
  /** Markup added to the head and the end of the body (the PWA's manifest link and service worker). */
  extraHead?: string;
  extraBody?: string;
}): Promise<Awaited<ReturnType<typeof offlineReaderBook>>> {
  const { projectDir, flipBook, project, manifest, readerDir, options } = input;
  await rm(flipBook, { recursive: true, force: true });
  await mkdir(join(flipBook, "reader"), { recursive: true });
  const bookDir = join(projectDir, dirname(project.book));
  for (const key of readerAssetKeys(manifest)) {
    const target = join(flipBook, "files", key);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(bookDir, key), target);
  }
  await copyFile(join(readerDir, "reader.js"), join(flipBook, "reader", "reader.js"));
  await copyFile(join(readerDir, "reader.css"), join(flipBook, "reader", "reader.css"));
  const title = options.title ?? project.title;
  // Uploaded media files travel inside the flipbook: it must play them from disk, with no server.
  const media = await shipMediaFiles({
    projectDir,
    flipBook,
    assets: "files/",
    media: projectMedia(project.media),
    servers: Object.keys(project.studio ?? {}),
  });
  // Page audio (#37): the project's audio files travel inside the flipbook too.
  const pageAudio = await shipPageAudio({
    projectDir,
    flipBook,
    assets: "files/",
    raw: project.pageAudio,
    pageCount: manifest.pageCount,
  });
  const offline = await offlineReaderBook({
    manifest,
    bookDir,
    title,
    assets: "files/",
    htmlConfig: servedSettings(project.settings ?? {}, project.brands),
    toc: project.toc,
    bookmarks: project.bookmarks,
    media,
    languages: project.languages,
    lock: offlineLock(project.password),
    download: await shipDownloads(projectDir, flipBook, project),
  });
  const book = pageAudio ? { ...offline, pageAudio } : offline;
  await writeFile(
    join(flipBook, "index.html"),
    indexHtml({
      title,
      description: options.description ?? "",
      keywords: options.keywords ?? "",
      lang: options.lang ?? "zh",
      book,
      extraHead: input.extraHead ?? "",
      extraBody: `${input.extraBody ?? ""}${
        options.scriptText ? `\n    <script>${options.scriptText.replace(/<\/(script)/gi, "<\\/$1")}</script>` : ""
      }`,
    }),
  );
  return book;
}
