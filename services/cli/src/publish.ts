/**
 * turnleaf publish: the project as an offline flipbook folder ending in FlipBook/index.html (plus FlipBook.zip)
 * that opens from disk with the real reader (web/reader built as a classic script: module scripts do not load
 * from file:// in Chromium). EXE, APP and APK need platform toolchains this tool does not have: it says so.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { type PublishOptions, writeFlipBook } from "./flip-book.js";
import { validatePath } from "./paths.js";
import { readProject } from "./project.js";
import { zipFolder } from "./zip.js";

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

  const input = { projectDir, outDir, project, manifest, readerDir, options, t: context.t };
  if (format === "wordpress") return (await import("./wordpress.js")).publishWordPress(context, input);
  if (format === "joomla") return (await import("./joomla.js")).publishJoomla(context, input);
  if (format === "drupal") return (await import("./drupal.js")).publishDrupal(context, input);
  if (format === "pwa") return (await import("./pwa.js")).publishPwa(context, input);
  const flipBook = join(outDir, "FlipBook");
  try {
    const book = await writeFlipBook({ ...input, flipBook });
    if (book.lock) context.note(context.t("offlinePasswordNote"));
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
