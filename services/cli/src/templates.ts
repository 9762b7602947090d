/**
 * turnleaf template save|list|export|import|replace|delete: "my templates" (spec 001 §3): a name, a cover image and
 * the chosen configuration parts of a project (template, theme, scene, settings, languages, toc, bookmarks,
 * password, assistant). They live in the state folder's templates/ (one JSON file each); export writes one to a
 * `.tltemplate` file another machine imports; replace applies a template's parts to a project (an unsaved change).
 * Failures carry spec 001 §8's texts: no name, no cover, no items checked, already in list, wrong import
 * configuration.
 */
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { basename, extname, join, resolve } from "node:path";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { type Text, text } from "./i18n/text.js";
import { validatePath } from "./paths.js";
import { type ConfigPart, configParts, readProject } from "./project.js";
import { editedConfig, writeWorking } from "./projects.js";
import { checkProjectSettings } from "./setting-check.js";

/** The spec 001 §8 template failures: what failed, then why. */
const failed = (
  what:
    | "templateSaveFailed"
    | "templateReplaceFailed"
    | "templateDeleteFailed"
    | "templateImportFailed"
    | "templateExportFailed",
  detail: Text | string,
) => text(what, { detail });

export const templateFormat = 1;
const coverTypes: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".bmp": "image/bmp",
  ".webp": "image/webp",
};
const maxCoverBytes = 10 * 1024 * 1024;

export interface Template {
  format: number;
  name: string;
  cover: { name: string; type: string; data: string };
  parts: ConfigPart[];
  config: Partial<Record<ConfigPart, unknown>>;
  createdAt: string;
}

/** The chosen parts: a comma list of part names, or "all". */
export function parseParts(given: string | undefined): ConfigPart[] {
  if (given === undefined || given.trim() === "") return [];
  if (given.trim() === "all") return [...configParts];
  const parts = given.split(",").map((part) => part.trim());
  for (const part of parts) {
    if (!(configParts as readonly string[]).includes(part)) {
      throw new UsageError(text("templatePartUnknown", { part, parts: configParts.join(", ") }));
    }
  }
  return [...new Set(parts)] as ConfigPart[];
}

/** A template file's content checked field by field: anything else is 'wrong import configuration'. */
export function checkTemplate(value: unknown): Template {
  const template = value as Template;
  const valid =
    template !== null &&
    typeof template === "object" &&
    template.format === templateFormat &&
    typeof template.name === "string" &&
    template.name.trim() !== "" &&
    typeof template.cover?.data === "string" &&
    template.cover.data !== "" &&
    typeof template.cover.type === "string" &&
    Array.isArray(template.parts) &&
    template.parts.length > 0 &&
    template.parts.every((part) => (configParts as readonly string[]).includes(part)) &&
    template.config !== null &&
    typeof template.config === "object" &&
    Object.keys(template.config).every((part) => template.parts.includes(part as ConfigPart));
  if (!valid) throw new CliError(failed("templateImportFailed", text("templateWrongConfiguration")));
  return template;
}

const fileName = (name: string) => `${Buffer.from(name.trim().toLowerCase(), "utf8").toString("base64url")}.json`;

async function templatesDir(context: Context): Promise<string> {
  return context.state.folder("templates");
}

export async function listTemplates(context: Context): Promise<Template[]> {
  const dir = await templatesDir(context);
  const templates: Template[] = [];
  for (const entry of (await readdir(dir)).sort()) {
    if (!entry.endsWith(".json")) continue;
    try {
      templates.push(JSON.parse(await readFile(join(dir, entry), "utf8")) as Template);
    } catch {
      // An unreadable file is not a template of the list.
    }
  }
  return templates.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

async function findTemplate(context: Context, name: string): Promise<Template | undefined> {
  try {
    return JSON.parse(await readFile(join(await templatesDir(context), fileName(name)), "utf8")) as Template;
  } catch {
    return undefined;
  }
}

async function store(context: Context, template: Template): Promise<void> {
  await writeFile(join(await templatesDir(context), fileName(template.name)), `${JSON.stringify(template)}\n`, {
    mode: 0o600,
  });
}

export interface TemplateOptions {
  action: string | undefined;
  args: string[];
  name: string | undefined;
  cover: string | undefined;
  parts: string | undefined;
  out: string | undefined;
  json: boolean;
}

export async function template(context: Context, options: TemplateOptions): Promise<void> {
  switch (options.action) {
    case "save":
      return save(context, options);
    case "list": {
      const templates = await listTemplates(context);
      if (options.json) {
        context.print(JSON.stringify(templates.map(({ name, parts, createdAt }) => ({ name, parts, createdAt }))));
        return;
      }
      if (templates.length === 0) context.print(context.t("templatesNone"));
      for (const item of templates) context.print(`${item.name}: ${item.parts.join(", ")}`);
      return;
    }
    case "export": {
      const name = options.args[0] ?? options.name;
      const out = resolve(context.cwd, validatePath(options.out, "pathOutput", ".tltemplate"));
      const found = name ? await findTemplate(context, name) : undefined;
      if (!found) {
        throw new CliError(
          failed("templateExportFailed", text("templateNotListed", { name: name ?? "" })),
          exitCodes.noInput,
        );
      }
      await writeFile(out, `${JSON.stringify(found, null, 2)}\n`).catch((error: Error) => {
        throw new CliError(failed("templateExportFailed", error.message), exitCodes.cannotCreate);
      });
      context.print(context.t("templateExported", { name: found.name, file: out }));
      return;
    }
    case "import": {
      const file = resolve(context.cwd, validatePath(options.args[0], "pathFile"));
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(file, "utf8"));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") {
          throw new CliError(failed("templateImportFailed", text("fileNotFound", { file })), exitCodes.noInput);
        }
        throw new CliError(failed("templateImportFailed", text("templateWrongConfiguration")));
      }
      const imported = checkTemplate(parsed);
      if (await findTemplate(context, imported.name)) {
        throw new CliError(failed("templateImportFailed", text("templateAlreadyListed", { name: imported.name })));
      }
      await store(context, { ...imported, createdAt: context.now().toISOString() });
      context.print(context.t("templateImported", { name: imported.name, parts: imported.parts.join(", ") }));
      return;
    }
    case "replace":
      return replace(context, options);
    case "delete": {
      const name = options.args[0] ?? "";
      if (!(await findTemplate(context, name))) {
        throw new CliError(failed("templateDeleteFailed", text("templateNotListed", { name })), exitCodes.noInput);
      }
      await rm(join(await templatesDir(context), fileName(name)));
      context.print(context.t("templateDeleted", { name }));
      return;
    }
    default:
      throw new UsageError(text("templateUsage"));
  }
}

async function save(context: Context, options: TemplateOptions): Promise<void> {
  const projectDir = resolve(context.cwd, validatePath(options.args[0], "pathProject"));
  const name = options.name?.trim() ?? "";
  if (!name) throw new CliError(failed("templateSaveFailed", text("templateNoName")));
  if (!options.cover || options.cover.trim() === "") {
    throw new CliError(failed("templateSaveFailed", text("templateNoCover")));
  }
  const coverPath = resolve(context.cwd, validatePath(options.cover, "pathCover"));
  const type = coverTypes[extname(coverPath).toLowerCase()];
  const coverSize = await stat(coverPath).then(
    (info) => (info.isFile() ? info.size : -1),
    () => -1,
  );
  if (!type || coverSize <= 0) {
    throw new CliError(failed("templateSaveFailed", text("templateCoverNotImage", { file: basename(coverPath) })));
  }
  if (coverSize > maxCoverBytes) throw new CliError(failed("templateSaveFailed", text("templateCoverSize")));
  const parts = parseParts(options.parts);
  if (parts.length === 0) throw new CliError(failed("templateSaveFailed", text("templateNoItems")));
  if (await findTemplate(context, name)) {
    throw new CliError(failed("templateSaveFailed", text("templateAlreadyListed", { name })));
  }
  const { project } = await readProject(projectDir);
  const config = await editedConfig(projectDir, project);
  const chosen = Object.fromEntries(
    parts.filter((part) => config[part] !== undefined).map((part) => [part, config[part]]),
  );
  await store(context, {
    format: templateFormat,
    name,
    cover: { name: basename(coverPath), type, data: (await readFile(coverPath)).toString("base64") },
    parts,
    config: chosen,
    createdAt: context.now().toISOString(),
  });
  context.print(context.t("templateSaved", { name, parts: parts.join(", ") }));
}

async function replace(context: Context, options: TemplateOptions): Promise<void> {
  const [name, projectPath] = options.args;
  if (!name) throw new CliError(failed("templateReplaceFailed", text("templateNoName")));
  const found = await findTemplate(context, name);
  if (!found) {
    throw new CliError(failed("templateReplaceFailed", text("templateNotListed", { name })), exitCodes.noInput);
  }
  const projectDir = resolve(context.cwd, validatePath(projectPath, "pathProject"));
  const { project } = await readProject(projectDir);
  const parts = options.parts ? parseParts(options.parts).filter((part) => found.parts.includes(part)) : found.parts;
  if (parts.length === 0) throw new CliError(failed("templateReplaceFailed", text("templateNoItems")));
  const config = { ...(await editedConfig(projectDir, project)) };
  for (const part of parts) {
    if (found.config[part] === undefined) delete config[part];
    else config[part] = found.config[part];
  }
  // The template's settings are written into the project: the book service's validator checks them first.
  if (config.settings && typeof config.settings === "object") {
    config.settings = checkProjectSettings(config.settings as Record<string, unknown>);
  }
  const changed = await writeWorking(projectDir, project, config);
  context.print(
    changed
      ? context.t("templateReplaced", { parts: parts.join(", "), name: found.name })
      : context.t("templateNoEffect", { name: found.name }),
  );
}
