/** project.json: a local project made by `turnleaf import` and read by `turnleaf publish`. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Manifest } from "@turnleaf/book-format";
import { canonical } from "./canonical.js";
import { CliError, exitCodes } from "./errors.js";
import { text } from "./i18n/text.js";
import type { ConversionChoices, PageQuality } from "./import-options.js";
import { type ConfigPart, configParts, type SyncRecord } from "./sync-record.js";

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
  /** The other configuration parts (spec 001 §3 project and template parts), kept as the editor stores them. */
  template?: unknown;
  theme?: unknown;
  scene?: unknown;
  languages?: unknown;
  toc?: unknown;
  bookmarks?: unknown;
  password?: unknown;
  assistant?: unknown;
  /** When the configuration was last saved. */
  savedAt?: string;
  /**
   * Media items on pages, as the hosted editor's get-page-media answers them (`{items, removedPdfLinks}`): placed
   * in the editor through `turnleaf studio`, shown by the published flipbook (src/page-media.ts).
   */
  media?: unknown;
  /** Page audio (#37): `{pages: [{page, source, file, text, caption, captionPosition, …}], play}` (src/page-audio/). */
  pageAudio?: unknown;
  /** The book `turnleaf studio` edits this project as, per server. */
  studio?: Record<string, { bookId: string; number: string }>;
  /** The account's brands the settings apply by id (./project-sync.ts Brand): they travel with the project. */
  brands?: unknown;
  /** The download button, original PDF and attachments (files of the project): ./project-sync.ts ProjectDownload. */
  download?: unknown;
  /** The online book this project was last uploaded to or pulled from, per server (./project-sync.ts SyncRecord). */
  cloud?: Record<string, SyncRecord>;
}

/** The configuration parts of a project (./sync-record.ts): what a template can carry and what re-import keeps. */
export { type ConfigPart, configParts };
export type ProjectConfig = Partial<Record<ConfigPart, unknown>>;

/** The configuration of a project (the parts it has). */
export function configOf(project: Project, parts: readonly ConfigPart[] = configParts): ProjectConfig {
  const config: ProjectConfig = {};
  for (const part of parts) if (project[part] !== undefined) config[part] = project[part];
  return config;
}

export function sameConfig(a: ProjectConfig, b: ProjectConfig): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

export async function readProject(projectDir: string): Promise<{ project: Project; manifest: Manifest }> {
  let project: Project;
  let manifest: Manifest;
  try {
    project = JSON.parse(await readFile(join(projectDir, "project.json"), "utf8")) as Project;
    manifest = JSON.parse(await readFile(join(projectDir, project.book), "utf8")) as Manifest;
  } catch {
    throw new CliError(text("projectMissing", { project: projectDir }), exitCodes.noInput);
  }
  if (project.format !== projectFormat || manifest.format !== 1 || manifest.state !== "ready") {
    throw new CliError(
      text("configFailed", { detail: text("projectUnfinished", { project: projectDir }) }),
      exitCodes.noInput,
    );
  }
  return { project, manifest };
}
