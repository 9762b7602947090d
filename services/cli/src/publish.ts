/**
 * turnleaf publish: the project as an offline flipbook folder ending in FlipBook/index.html (plus FlipBook.zip)
 * that opens from disk with the real reader (web/reader built as a classic script: module scripts do not load
 * from file:// in Chromium). EXE, APP and APK need platform toolchains this tool does not have: it says so.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { shipMediaFiles } from "./media-files.js";
import { projectMedia } from "./page-media.js";
import { validatePath } from "./paths.js";
import { readProject } from "./project.js";
import { offlineReaderBook, readerAssetKeys } from "./reader-book.js";
import { zipFolder } from "./zip.js";

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

const formats = ["html", "exe", "app", "apk", "wordpress", "joomla", "drupal", "pwa"] as const;
type Format = (typeof formats)[number];

export const publishMessages = {
  html: (detail: string) => `Publish HTML failed: ${detail}`,
  toolchain: (format: string, what: string) =>
    `Publish ${format.toUpperCase()} failed: ${what} needs a platform toolchain that does not exist in this tool; nothing was written. Publish --format html for an offline flipbook instead.`,
} as const;

const toolchains: Record<string, { suffix: string; what: string }> = {
  exe: { suffix: ".exe", what: "a Windows EXE" },
  app: { suffix: ".app", what: "a macOS APP" },
  apk: { suffix: ".apk", what: "an Android APK (Android SDK and a signing key)" },
};

/** The offline reader bundle: TURNLEAF_READER_OFFLINE_DIR, else web/reader/dist-offline of this checkout. */
function offlineReaderDir(context: Context): string {
  if (context.env.TURNLEAF_READER_OFFLINE_DIR) return context.env.TURNLEAF_READER_OFFLINE_DIR;
  return fileURLToPath(new URL("../../../web/reader/dist-offline/", import.meta.url));
}

const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
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

export async function publish(context: Context, options: PublishOptions): Promise<void> {
  const format = (options.format ?? "").toLowerCase() as Format;
  if (!options.format) throw new UsageError(`--format is required: ${formats.join(", ")}`);
  if (!formats.includes(format)) throw new UsageError(`unknown --format ${options.format}: ${formats.join(", ")}`);
  const projectDir = resolve(context.cwd, validatePath(options.project, "Project path"));
  const toolchain = toolchains[format];
  if (toolchain) {
    validatePath(options.out, "Output path", toolchain.suffix);
    throw new CliError(publishMessages.toolchain(format, toolchain.what), exitCodes.unavailable);
  }
  for (const [name, value] of [
    ["--width", options.width],
    ["--height", options.height],
  ] as const) {
    if (value !== undefined && !/^\d{1,5}(px|%)?$/.test(value.trim())) {
      throw new UsageError(`${name} must be a number of pixels or a percentage, such as 600 or 100%`);
    }
  }
  const outDir = resolve(context.cwd, validatePath(options.out, "Output path"));
  const { project, manifest } = await readProject(projectDir);
  if (options.script !== undefined) options.scriptText = await readScript(context, options.script);
  const readerDir = offlineReaderDir(context);
  if (!existsSync(join(readerDir, "reader.js")) || !existsSync(join(readerDir, "reader.css"))) {
    throw new CliError(
      publishMessages.html(`the offline reader is not built in ${readerDir}: run npm run build:offline -w web/reader`),
      exitCodes.internal,
    );
  }

  const input = { projectDir, outDir, project, manifest, readerDir, options };
  if (format === "wordpress") return (await import("./wordpress.js")).publishWordPress(context, input);
  if (format === "joomla") return (await import("./joomla.js")).publishJoomla(context, input);
  if (format === "drupal") return (await import("./drupal.js")).publishDrupal(context, input);
  if (format === "pwa") return (await import("./pwa.js")).publishPwa(context, input);
  const flipBook = join(outDir, "FlipBook");
  try {
    await writeFlipBook({ projectDir, flipBook, project, manifest, readerDir, options });
    await zipFolder(flipBook, "FlipBook", join(outDir, "FlipBook.zip"));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(publishMessages.html((error as Error).message), exitCodes.cannotCreate);
  }
  const index = join(flipBook, "index.html");
  if (options.json) {
    context.print(JSON.stringify({ index, zip: join(outDir, "FlipBook.zip"), pages: manifest.pageCount }));
    return;
  }
  context.print(`published: ${index}`);
  context.print(`zip: ${join(outDir, "FlipBook.zip")}`);
}

const maxScriptBytes = 256 * 1024;

async function readScript(context: Context, script: string): Promise<string> {
  const path = resolve(context.cwd, validatePath(script, "Script path", ".js"));
  const text = await readFile(path, "utf8").catch(() => {
    throw new CliError(`${script}: file not found`, exitCodes.noInput);
  });
  if (Buffer.byteLength(text) > maxScriptBytes) throw new CliError(`${script}: the extra script must be under 256 KB`);
  return text;
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
  const book = await offlineReaderBook({
    manifest,
    bookDir,
    title,
    assets: "files/",
    htmlConfig: project.settings,
    toc: project.toc,
    bookmarks: project.bookmarks,
    media,
  });
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
