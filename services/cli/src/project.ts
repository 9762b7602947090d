/** project.json: a local project made by `turnleaf import` and read by `turnleaf publish`. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Manifest } from "@turnleaf/conversion/local";
import { CliError, exitCodes } from "./errors.js";
import type { ConversionChoices, PageQuality } from "./import-options.js";

export const projectFormat = 1;

export interface Project {
  format: number;
  /** The project's name (default 'My Project'). */
  name: string;
  /** The book's title, shown by the reader. */
  title: string;
  createdAt: string;
  importedAt: string;
  /** `path`: where the source was imported from (upload and re-import read it again). */
  sources: { name: string; path?: string; kind: "pdf" | "image"; pages: number }[];
  import: { pages: string; quality: PageQuality } & Partial<ConversionChoices>;
  /** Imported by an unregistered copy: watermarked pages. */
  trial: boolean;
  pageCount: number;
  /** The manifest, relative to the project folder. */
  book: string;
  /** Reader settings (the reader's defaults where unset). */
  settings: Record<string, unknown>;
}

export const projectMessages = { missing: "Project file does not exist" } as const;

export async function readProject(projectDir: string): Promise<{ project: Project; manifest: Manifest }> {
  let project: Project;
  let manifest: Manifest;
  try {
    project = JSON.parse(await readFile(join(projectDir, "project.json"), "utf8")) as Project;
    manifest = JSON.parse(await readFile(join(projectDir, project.book), "utf8")) as Manifest;
  } catch {
    throw new CliError(`${projectMessages.missing}: ${projectDir}`, exitCodes.noInput);
  }
  if (project.format !== projectFormat || manifest.format !== 1 || manifest.state !== "ready") {
    throw new CliError(
      `failed to read or save configuration: ${projectDir} is not a finished Turnleaf project`,
      exitCodes.noInput,
    );
  }
  return { project, manifest };
}
