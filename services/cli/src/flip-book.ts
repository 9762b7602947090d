/**
 * The offline flipbook folder every publish format writes (FlipBook/ for html, the package's flipbook/ for the
 * plug-ins, the PWA's folder): index.html, the classic-script reader, the book's pictures and media files.
 * publish.ts chooses the format; the format modules call writeFlipBook from here.
 */
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { escapeHtml } from "./html-escape.js";
import { shipMediaFiles } from "./media-files.js";
import { shipPageAudio } from "./page-audio/ship.js";
import { projectMedia } from "./page-media.js";
import type { readProject } from "./project.js";
import { offlineReaderBook, readerAssetKeys } from "./reader-book.js";

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
    htmlConfig: project.settings,
    toc: project.toc,
    bookmarks: project.bookmarks,
    media,
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
