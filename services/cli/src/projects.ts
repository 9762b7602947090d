/**
 * turnleaf project show|set|save|discard|open: a project's configuration is edited in a working copy
 * (`<project>/project.unsaved.json`, written by `project set`, `template replace` and the studio) until it is saved
 * into project.json. Saving with no change is skipped ('no changes'); importing into the project, opening another
 * project or closing the studio with unsaved changes asks first (on a terminal; elsewhere --save-changes or
 * --discard-changes answers). Re-import replaces the pages and keeps all configuration.
 */
import { readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { validatePath } from "./paths.js";
import { configOf, configParts, type Project, type ProjectConfig, readProject, sameConfig } from "./project.js";
import { canPrompt, confirm } from "./prompt.js";
import { checkProjectSettings } from "./setting-check.js";

/** What is about to happen to a project with unsaved changes, in the catalogue's words. */
export type UnsavedMoment = "doingImport" | "doingOpen" | "doingClose" | "doingPull";

const workingFile = "project.unsaved.json";
const currentFile = "current-project";

async function readJsonFile<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** The working copy's configuration, or undefined when there are no unsaved changes. */
export async function readWorking(projectDir: string): Promise<ProjectConfig | undefined> {
  return readJsonFile<ProjectConfig>(join(projectDir, workingFile));
}

/** The configuration being edited: the working copy when there is one, else the saved one. */
export async function editedConfig(projectDir: string, project: Project): Promise<ProjectConfig> {
  return (await readWorking(projectDir)) ?? configOf(project);
}

/** Writes the working copy; when it equals the saved configuration there is nothing unsaved. */
export async function writeWorking(projectDir: string, project: Project, config: ProjectConfig): Promise<boolean> {
  if (sameConfig(config, configOf(project))) {
    await rm(join(projectDir, workingFile), { force: true });
    return false;
  }
  await writeFileAtomic(join(projectDir, workingFile), `${JSON.stringify(config, null, 2)}\n`);
  return true;
}

/** Saves the working copy into project.json: false (and nothing written) when nothing changed. */
export async function saveProject(context: Context, projectDir: string, name?: string): Promise<boolean> {
  const { project } = await readProject(projectDir);
  const working = await readWorking(projectDir);
  const renamed = name !== undefined && name.trim() !== "" && name !== project.name;
  if ((!working || sameConfig(working, configOf(project))) && !renamed) {
    await rm(join(projectDir, workingFile), { force: true });
    return false;
  }
  const saved: Project = {
    ...project,
    ...(renamed ? { name: name.trim() } : {}),
    savedAt: context.now().toISOString(),
  };
  if (working) {
    for (const part of configParts) delete saved[part];
    Object.assign(saved, { settings: {} }, working);
  }
  try {
    await writeFileAtomic(join(projectDir, "project.json"), `${JSON.stringify(saved, null, 2)}\n`);
  } catch (error) {
    throw new CliError(text("configFailed", { detail: (error as Error).message }), exitCodes.cannotCreate);
  }
  await rm(join(projectDir, workingFile), { force: true });
  return true;
}

/**
 * Before importing into, or leaving, a project with unsaved changes: save or discard them as answered (asked on a
 * terminal). Nothing happens when there are none or the folder is no project yet.
 */
export async function settleUnsaved(
  context: Context,
  projectDir: string,
  answer: "save" | "discard" | undefined,
  doing: UnsavedMoment,
): Promise<void> {
  const working = await readWorking(projectDir);
  if (!working) return;
  const project = await readJsonFile<Project>(join(projectDir, "project.json"));
  const name = project?.name ?? projectDir;
  let choice = answer;
  if (!choice && canPrompt()) {
    const question = context.t("unsavedQuestion", { name, doing: context.t(doing) });
    choice = (await confirm(question, true)) ? "save" : "discard";
  }
  if (!choice) throw new CliError(text("unsavedRefusal", { name, doing: text(doing) }));
  if (choice === "save") await saveProject(context, projectDir);
  else await rm(join(projectDir, workingFile), { force: true });
  context.note(context.t(choice === "save" ? "unsavedSaved" : "unsavedDiscarded", { name }));
}

export interface ProjectOptions {
  action: string | undefined;
  project: string | undefined;
  assignments: string[];
  name: string | undefined;
  unsaved: "save" | "discard" | undefined;
  json: boolean;
}

/** `key=value`: the value as JSON when it parses (numbers, booleans, objects), else as text. */
export function parseAssignment(assignment: string): [string, unknown] {
  const at = assignment.indexOf("=");
  if (at < 1) throw new UsageError(text("assignmentFormat", { text: assignment }));
  const key = assignment.slice(0, at);
  const raw = assignment.slice(at + 1);
  try {
    return [key, JSON.parse(raw)];
  } catch {
    return [key, raw];
  }
}

export async function projectCommand(context: Context, options: ProjectOptions): Promise<void> {
  const action = options.action;
  if (!action || !["show", "set", "save", "discard", "open"].includes(action)) {
    throw new UsageError(text("projectUsage"));
  }
  const projectDir = resolve(context.cwd, validatePath(options.project, "pathProject"));
  const { project } = await readProject(projectDir);
  switch (action) {
    case "show": {
      const working = await readWorking(projectDir);
      const summary = {
        name: project.name,
        title: project.title,
        pages: project.pageCount,
        trial: project.trial,
        unsavedChanges: working !== undefined,
        parts: Object.keys(working ?? configOf(project)),
        settings: (working ?? configOf(project)).settings ?? {},
      };
      if (options.json) context.print(JSON.stringify(summary));
      else {
        context.print(
          context.t(summary.trial ? "projectSummaryTrial" : "projectSummary", {
            name: summary.name,
            title: summary.title,
            count: summary.pages,
          }),
        );
        context.print(context.t(summary.unsavedChanges ? "projectUnsaved" : "projectSaved"));
        context.print(context.t("projectParts", { parts: summary.parts.join(", ") || context.t("none") }));
      }
      return;
    }
    case "set": {
      if (options.assignments.length === 0) throw new UsageError(text("projectSetNothing"));
      const config = await editedConfig(projectDir, project);
      const changes: Record<string, unknown> = {};
      for (const assignment of options.assignments) {
        const [key, value] = parseAssignment(assignment);
        changes[key] = value;
      }
      const settings = {
        ...((config.settings as Record<string, unknown> | undefined) ?? {}),
        ...checkProjectSettings(changes),
      };
      const dirty = await writeWorking(projectDir, project, { ...config, settings });
      context.print(context.t(dirty ? "changedUnsaved" : "noChange"));
      return;
    }
    case "save": {
      const saved = await saveProject(context, projectDir, options.name);
      context.print(saved ? context.t("saved", { file: join(projectDir, "project.json") }) : context.t("noChanges"));
      return;
    }
    case "discard": {
      await rm(join(projectDir, workingFile), { force: true });
      context.print(context.t("discarded"));
      return;
    }
    case "open": {
      const current = (await readFile(join(context.state.dir, currentFile), "utf8").catch(() => "")).trim();
      if (current && current !== projectDir) await settleUnsaved(context, current, options.unsaved, "doingOpen");
      await context.state.folder(".");
      await writeFileAtomic(join(context.state.dir, currentFile), `${projectDir}\n`, { mode: 0o600 });
      context.print(context.t("opened", { name: project.name, project: projectDir }));
      return;
    }
  }
}
