/**
 * turnleaf publish: the project as an offline flipbook folder ending in FlipBook/index.html (plus FlipBook.zip)
 * that opens from disk with the real reader (web/reader built as a classic script: module scripts do not load
 * from file:// in Chromium). EXE, APP and APK wrap that folder with the platform toolchains (native/).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { type PublishOptions, writeFlipBook } from "./flip-book.js";
import { text } from "./i18n/text.js";
import type { NativeOptions } from "./native/publish-native.js";
import { validatePath } from "./paths.js";
import { readProject } from "./project.js";
import { zipFolder } from "./zip.js";

const formats = ["html", "exe", "app", "apk", "wordpress", "joomla", "drupal", "pwa"] as const;
type Format = (typeof formats)[number];

/** The native packages (native/): their output's suffix. */
const nativeSuffixes: Record<string, string> = { exe: ".exe", app: ".app", apk: ".apk" };

/** The offline reader bundle: TURNLEAF_READER_OFFLINE_DIR, else web/reader/dist-offline of this checkout. */
function offlineReaderDir(context: Context): string {
  if (context.env.TURNLEAF_READER_OFFLINE_DIR) return context.env.TURNLEAF_READER_OFFLINE_DIR;
  return fileURLToPath(new URL("../../../web/reader/dist-offline/", import.meta.url));
}

export async function publish(context: Context, options: PublishOptions & NativeOptions): Promise<void> {
  const format = (options.format ?? "").toLowerCase() as Format;
  if (!options.format) throw new UsageError(text("formatRequired", { formats: formats.join(", ") }));
  if (!formats.includes(format)) {
    throw new UsageError(text("formatUnknown", { format: options.format, formats: formats.join(", ") }));
  }
  const projectDir = resolve(context.cwd, validatePath(options.project, "pathProject"));
  const native = nativeSuffixes[format];
  if (native) validatePath(options.out, "pathOutput", native);
  for (const [name, value] of [
    ["--width", options.width],
    ["--height", options.height],
  ] as const) {
    if (value !== undefined && !/^\d{1,5}(px|%)?$/.test(value.trim())) {
      throw new UsageError(text("sizeFlag", { name }));
    }
  }
  const outDir = resolve(context.cwd, validatePath(options.out, "pathOutput"));
  const { project, manifest } = await readProject(projectDir);
  if (options.script !== undefined) options.scriptText = await readScript(context, options.script);
  const readerDir = offlineReaderDir(context);
  if (!existsSync(join(readerDir, "reader.js")) || !existsSync(join(readerDir, "reader.css"))) {
    throw new CliError(
      text("publishHtmlFailed", { detail: text("readerNotBuilt", { dir: readerDir }) }),
      exitCodes.internal,
    );
  }

  const input = { projectDir, outDir, project, manifest, readerDir, options, t: context.t };
  if (native) {
    const { publishNative } = await import("./native/publish-native.js");
    const out = resolve(context.cwd, options.out as string);
    return publishNative(context, {
      format: format as "exe" | "app" | "apk",
      projectDir,
      out,
      loaded: { project, manifest },
      readerDir,
      options,
    });
  }
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
    throw new CliError(text("publishHtmlFailed", { detail: (error as Error).message }), exitCodes.cannotCreate);
  }
  const index = join(flipBook, "index.html");
  if (options.json) {
    context.print(JSON.stringify({ index, zip: join(outDir, "FlipBook.zip"), pages: manifest.pageCount }));
    return;
  }
  context.print(context.t("published", { file: index }));
  context.print(context.t("zipLine", { zip: join(outDir, "FlipBook.zip") }));
}

const maxScriptBytes = 256 * 1024;

async function readScript(context: Context, script: string): Promise<string> {
  const path = resolve(context.cwd, validatePath(script, "pathScript", ".js"));
  const source = await readFile(path, "utf8").catch(() => {
    throw new CliError(text("fileNotFound", { file: script }), exitCodes.noInput);
  });
  if (Buffer.byteLength(source) > maxScriptBytes) throw new CliError(text("scriptTooLarge", { file: script }));
  return source;
}
