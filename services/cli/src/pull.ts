/**
 * turnleaf pull <book id> --out <project dir>: an online book back into a local project (#34 item 1). Into a new
 * folder: the owner's original PDF is downloaded and imported with the import options of the project that uploaded
 * it, then every part is written (./project-sync.ts). Into the project the book was uploaded from or pulled into
 * before: its parts are replaced by the online ones and its pages kept. Either way, what the other side changed since
 * the last sync is shown, and local changes since are never overwritten without --force.
 */
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Cloud, cloudExitCodes } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { validatePath } from "./paths.js";
import { type Project, readProject } from "./project.js";
import { DownloadRefused, downloadOriginalPdf, pulledParts } from "./project-pull.js";
import {
  changedParts,
  describeChanges,
  localFingerprints,
  localParts,
  type PasswordPart,
  readOnline,
  syncParts,
  writeProjectFile,
} from "./project-sync.js";
import { settleUnsaved } from "./projects.js";

export interface PullOptions {
  book: string | undefined;
  out: string | undefined;
  server: string | undefined;
  force: boolean;
  unsaved: "save" | "discard" | undefined;
  json: boolean;
}

/** The pages revision readers see now (from the hosted reader's book.json), 0 when it cannot be told. */
async function pagesRevision(cloud: Cloud, number: string): Promise<number> {
  try {
    const response = await cloud.fetch(`/b/${encodeURIComponent(number)}/book.json`);
    const text = await response.text();
    return Number(/\/assets\/(\d+)\//.exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export async function pull(context: Context, options: PullOptions): Promise<void> {
  const bookId = options.book?.trim();
  if (!bookId || !options.out) throw new UsageError(text("pullUsage"));
  const projectDir = resolve(context.cwd, validatePath(options.out, "pathOutput"));
  const cloud = await Cloud.open(context, options.server);
  if (!cloud.loggedIn) throw new CliError(text("loginTimeout"), cloudExitCodes.login);
  const online = await readOnline(cloud, bookId);
  const revision = await pagesRevision(cloud, online.number);

  let project: Project;
  if (existsSync(join(projectDir, "project.json"))) {
    await settleUnsaved(context, projectDir, options.unsaved, "doingPull");
    ({ project } = await readProject(projectDir));
    const record = project.cloud?.[cloud.server];
    if (!record || record.bookId !== bookId) {
      if (!options.force) throw new CliError(text("syncNeverSynced", { dir: projectDir, bookId }));
    } else {
      const local = changedParts(record.local, localFingerprints(localParts(project)));
      if (local.length > 0 && !options.force) {
        throw new CliError(text("syncChangedLocally", { bookId, changes: local.join(", ") }), exitCodes.invalidInput);
      }
      for (const line of describeChanges(record.online, online.parts)) context.note(`${bookId}: ${line}`);
      if (revision > 0 && record.revision > 0 && revision !== record.revision) {
        context.note(context.t("pullPagesChanged", { revision }));
      }
    }
  } else {
    // A new project: the owner's original PDF, imported as the uploading project imported it.
    await mkdir(join(projectDir, "source"), { recursive: true });
    const pdf = join(projectDir, "source", "original.pdf");
    await downloadOriginalPdf(cloud, bookId, pdf).catch((error: unknown) => {
      // The book service gives the original only when the book's download config offers it (even to its owner).
      if (error instanceof DownloadRefused && error.status === 403) {
        throw new CliError(text("pullNoOriginal", { bookId }), exitCodes.invalidInput);
      }
      throw error;
    });
    const { importBook } = await import("./import.js");
    const choices = online.stash?.import;
    await importBook(context, {
      files: [pdf],
      out: projectDir,
      pages: choices?.pages || undefined,
      quality: choices?.quality.preset,
      definition: choices?.quality.preset === "custom" ? String(choices.quality.definition) : undefined,
      maxEdge: choices?.quality.preset === "custom" ? String(choices.quality.maxSidePx) : undefined,
      dpi: choices?.quality.preset === "custom" && choices.quality.dpi ? String(choices.quality.dpi) : undefined,
      password: undefined,
      title: online.stash?.title,
      engine: choices?.engine,
      cut: choices?.cut,
      noToc: choices?.toc === false,
      noLinks: choices?.links === false,
      noSearch: choices?.search === false,
      json: false,
    });
    ({ project } = await readProject(projectDir));
  }

  const localPassword = project.password as PasswordPart | undefined;
  const parts = await pulledParts(cloud, projectDir, online, localPassword);
  const next: Project = { ...project };
  const writable = next as unknown as Record<string, unknown>;
  for (const part of syncParts) delete writable[part];
  Object.assign(next, { settings: {} }, parts);
  next.cloud = {
    ...(project.cloud ?? {}),
    [cloud.server]: {
      bookId,
      number: online.number,
      revision,
      syncedAt: context.now().toISOString(),
      online: online.parts,
      local: localFingerprints(localParts(next)),
    },
  };
  next.savedAt = context.now().toISOString();
  await writeProjectFile(projectDir, next);
  const password = parts.password as PasswordPart | undefined;
  if (password && password.access === "password" && !password.password) context.note(context.t("pullPasswordUnknown"));
  if (options.json) context.print(JSON.stringify({ project: projectDir, bookId, number: online.number, revision }));
  else context.print(context.t("pullDone", { bookId, dir: projectDir }));
}
