/**
 * What the CMS plug-in formats (WordPress, Joomla, Drupal) share: a package folder `<out>/<folder>/` holding the
 * offline flipbook under `flipbook/` and the format's own files, and `<out>/<folder>.zip` to install. A failure is
 * reported with the format's own "Publish … failed" prefix (spec 001 §8).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Manifest } from "@turnleaf/book-format";
import { CliError, exitCodes } from "./errors.js";
import { type PublishOptions, writeFlipBook } from "./flip-book.js";
import { text } from "./i18n/text.js";
import type { Translate } from "./i18n/translate.js";
import type { Project } from "./project.js";
import type { offlineReaderBook } from "./reader-book.js";
import { zipFolder } from "./zip.js";

export interface PackageInput {
  projectDir: string;
  outDir: string;
  project: Project;
  manifest: Manifest;
  readerDir: string;
  options: PublishOptions;
  /** The interface language's texts (the flipbook's refusals). */
  t: Translate;
}

/** The embed settings every plug-in format offers (spec 001 §3 plug-in settings). */
export interface EmbedSettings {
  title: string;
  description: string;
  keywords: string;
  width: string;
  height: string;
}

/** The settings a CMS module's form shows, in order, with their labels (English: the CMS translates its forms). */
export const embedSettingLabels = [
  ["width", "Width"],
  ["height", "Height"],
  ["title", "Title"],
  ["keywords", "Keywords"],
  ["description", "Description"],
] as const satisfies readonly (readonly [keyof EmbedSettings, string])[];

export function embedSettings(input: PackageInput): EmbedSettings {
  const { options, project } = input;
  return {
    title: options.title ?? project.title,
    description: options.description ?? "",
    keywords: options.keywords ?? "",
    width: options.width ?? "100%",
    height: options.height ?? "600",
  };
}

/** A machine name: lowercase letters, digits and `separator`, from the title (a fallback when nothing is left). */
export function machineName(title: string, separator = "-"): string {
  const name = title
    .normalize("NFKD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, "g"), "")
    .slice(0, 40);
  return name || "flipbook";
}

/** A PHP single-quoted string literal. */
export const phpString = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/**
 * Writes `<outDir>/<folder>/` with the flipbook under `flipbook/` and the files `files(book)` answers (paths
 * relative to the folder), then the zip. Answers the folder and the zip.
 */
export async function writePluginPackage(
  input: PackageInput,
  folder: string,
  failed: "publishWordPressFailed" | "publishJoomlaFailed" | "publishDrupalFailed",
  files: (book: Awaited<ReturnType<typeof offlineReaderBook>>) => Record<string, string>,
): Promise<{ dir: string; zip: string }> {
  const dir = join(input.outDir, folder);
  const zip = join(input.outDir, `${folder}.zip`);
  try {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const book = await writeFlipBook({ ...input, flipBook: join(dir, "flipbook") });
    for (const [name, text] of Object.entries(files(book))) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
    await zipFolder(dir, folder, zip);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(text(failed, { detail: (error as Error).message }), exitCodes.cannotCreate);
  }
  return { dir, zip };
}
