/**
 * turnleaf design list|apply: looks by name (spec 001 §3 design tab: templates, themes, scenes, and "my templates").
 * The catalogue's presets are the platform's served resource files (web/resource-files resourceFiles/templates,
 * themes, scenes); applying one writes its values into the project's working copy as the editor does (a template
 * brings its theme's values under its own; `designTemplate`, `designTheme`, `designScene` record which), every value
 * checked by the book service's validator first. A saved template ("mine") is applied as `template replace` does.
 */
import { createRequire } from "node:module";
import { resolve } from "node:path";
import type { LocalizedText, PresetEntry, PresetFile, SettingValues, TemplateEntry } from "@turnleaf/resource-files";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { validatePath } from "./paths.js";
import { readProject } from "./project.js";
import { editedConfig, writeWorking } from "./projects.js";
import { checkProjectSettings } from "./setting-check.js";
import { listTemplates, template as templateCommand } from "./templates.js";

export const presetKinds = ["templates", "themes", "scenes"] as const;
type PresetKind = (typeof presetKinds)[number];
const kinds = [...presetKinds, "mine"] as const;

const files: Record<PresetKind, string> = {
  templates: "templates/templates.json",
  themes: "themes/themesConfig.json",
  scenes: "scenes/scenes.json",
};
const recordKeys: Record<PresetKind, string> = {
  templates: "designTemplate",
  themes: "designTheme",
  scenes: "designScene",
};

/** A preset file as the platform serves it. */
export function presets(kind: PresetKind): PresetFile {
  return createRequire(import.meta.url)(`@turnleaf/resource-files/resourceFiles/${files[kind]}`) as PresetFile;
}

function nameIn(context: Context, name: LocalizedText): string {
  return context.language === "zh-CN" ? name.zh : name.en;
}

/** The values a preset writes: a template's theme under its own, and the record of which designs these are. */
export function presetValues(kind: PresetKind, entry: PresetEntry): SettingValues {
  const values: SettingValues = { [recordKeys[kind]]: entry.id };
  if (kind === "templates") {
    const themeId = (entry as TemplateEntry).themeId;
    const theme = presets("themes").items.find((candidate) => candidate.id === themeId);
    Object.assign(values, theme?.settings ?? {}, { designTheme: themeId });
  }
  return { ...values, ...entry.settings, [recordKeys[kind]]: entry.id };
}

/** The preset a name means: its id or its name in any language, letters in any case; `kind:` narrows it. */
export function findPreset(wanted: string): { kind: PresetKind; entry: PresetEntry } | undefined {
  const [prefix, rest] = wanted.includes(":") ? (wanted.split(/:(.*)/s) as [string, string]) : ["", wanted];
  const narrowed = presetKinds.filter((kind) => !prefix || kind === prefix || `${kind.slice(0, -1)}` === prefix);
  const key = rest.trim().toLowerCase();
  for (const kind of narrowed) {
    const entry = presets(kind).items.find((item) =>
      [item.id, item.name.zh, item.name.en].some((candidate) => candidate.toLowerCase() === key),
    );
    if (entry) return { kind, entry };
  }
  return undefined;
}

export interface DesignOptions {
  action: string | undefined;
  args: string[];
  json: boolean;
}

export async function design(context: Context, options: DesignOptions): Promise<void> {
  if (options.action === "list") return list(context, options.args[0], options.json);
  if (options.action === "apply") return apply(context, options.args[0], options.args[1], options.json);
  throw new UsageError(text("designUsage"));
}

async function list(context: Context, wanted: string | undefined, json: boolean): Promise<void> {
  if (wanted !== undefined && !(kinds as readonly string[]).includes(wanted)) {
    throw new UsageError(text("designKind", { kinds: kinds.join(", ") }));
  }
  const shown = wanted ? [wanted] : kinds;
  const rows: { kind: string; id: string; name: LocalizedText | string }[] = [];
  for (const kind of shown) {
    if (kind === "mine") {
      for (const item of await listTemplates(context)) rows.push({ kind, id: item.name, name: item.name });
    } else {
      for (const item of presets(kind as PresetKind).items) rows.push({ kind, id: item.id, name: item.name });
    }
  }
  if (json) {
    context.print(JSON.stringify(rows));
    return;
  }
  for (const kind of shown) {
    context.print(context.t(`designHeading_${kind as (typeof kinds)[number]}`));
    const inKind = rows.filter((row) => row.kind === kind);
    if (inKind.length === 0) context.print(`  ${context.t("none")}`);
    for (const row of inKind) {
      const name = typeof row.name === "string" ? row.name : nameIn(context, row.name);
      context.print(`  ${row.id.padEnd(12)} ${name}`);
    }
  }
}

async function apply(
  context: Context,
  projectPath: string | undefined,
  name: string | undefined,
  json: boolean,
): Promise<void> {
  const projectDir = resolve(context.cwd, validatePath(projectPath, "pathProject"));
  if (!name?.trim()) throw new UsageError(text("designNameMissing"));
  const found = findPreset(name);
  if (!found) {
    const mine = (await listTemplates(context)).find((item) => item.name.toLowerCase() === name.trim().toLowerCase());
    if (mine) {
      return templateCommand(context, {
        action: "replace",
        args: [mine.name, projectPath ?? ""],
        name: undefined,
        cover: undefined,
        parts: undefined,
        out: undefined,
        json,
      });
    }
    throw new CliError(text("designNotFound", { name }), exitCodes.noInput);
  }
  const { project } = await readProject(projectDir);
  const config = await editedConfig(projectDir, project);
  const values = checkProjectSettings(presetValues(found.kind, found.entry));
  const settings = { ...((config.settings as Record<string, unknown> | undefined) ?? {}), ...values };
  const changed = await writeWorking(projectDir, project, { ...config, settings });
  if (json) {
    context.print(JSON.stringify({ kind: found.kind, id: found.entry.id, changed, settings: Object.keys(values) }));
    return;
  }
  context.print(
    context.t(changed ? "designApplied" : "designNoEffect", {
      kind: context.t(`designKind_${found.kind}`),
      name: nameIn(context, found.entry.name),
    }),
  );
}
