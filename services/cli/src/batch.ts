/**
 * turnleaf batch: every PDF or image of a folder imported into a project of its own, one after another, with a task
 * list (spec 001 §4 batch conversion: waiting, converting, success, failure) kept in <out>/batch.json. Ctrl-C stops
 * all: the running task ends as a failure ("stopped") and the rest stay waiting; `--retry` runs again what did not
 * succeed. One file's failure never stops the others.
 */
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import type { Context } from "./context.js";
import { CliError, describeFailure, exitCodes, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { type ImportOptions, importBook, officeExtensions } from "./import.js";
import { validatePath } from "./paths.js";
import { readProject } from "./project.js";
import { canPrompt, confirm } from "./prompt.js";

export type TaskStatus = "waiting" | "converting" | "stopping" | "success" | "failure";

export interface BatchTask {
  file: string;
  project: string;
  status: TaskStatus;
  message: string;
  /** The file's size in bytes (the list's size column, spec 001 §3 batch item). */
  size?: number;
  /** The project's page count once converted (the list's page column). */
  pages?: number;
}

export interface BatchOptions
  extends Pick<
    ImportOptions,
    "pages" | "quality" | "definition" | "maxEdge" | "dpi" | "engine" | "cut" | "noToc" | "noLinks" | "noSearch"
  > {
  folder: string | undefined;
  out: string | undefined;
  retry: boolean;
  /** Print the saved task list (the window's tabs: all, success, failure) instead of converting. */
  list?: string | undefined;
  /** Delete the whole batch (its list and every project it made), confirmed with `yes` or on a terminal. */
  deleteAll?: boolean;
  yes?: boolean;
  json: boolean;
}

const importable = new Set([".pdf", ".jpg", ".jpeg", ".png", ".bmp", ...officeExtensions]);
export const batchFile = "batch.json";

/** The tasks of a folder, in name order; a project folder name per file (its name without the extension). */
export function planTasks(files: string[]): BatchTask[] {
  const used = new Set<string>();
  return files
    .filter((file) => importable.has(extname(file).toLowerCase()))
    .sort((a, b) => a.localeCompare(b))
    .map((file) => {
      const stem = file.slice(0, file.length - extname(file).length) || "book";
      let project = stem;
      for (let suffix = 2; used.has(project); suffix += 1) project = `${stem}-${suffix}`;
      used.add(project);
      return { file, project, status: "waiting", message: "" };
    });
}

/** On retry, what succeeded stays done; everything else waits again. */
export function tasksToRun(tasks: BatchTask[]): BatchTask[] {
  return tasks.map((task) => (task.status === "success" ? task : { ...task, status: "waiting", message: "" }));
}

/** A size for people: bytes, KB, MB or GB with one decimal. */
export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return "-";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** One row of the list: status, name, size and page columns (spec 001 §2), then the failure's message. */
function line(context: Context, task: BatchTask): string {
  const status = context.t(`batchStatus_${task.status}`).padEnd(10);
  const pages = task.pages === undefined ? "-" : String(task.pages);
  const row = `${status} ${task.file}  ${formatSize(task.size).padStart(9)}  ${pages.padStart(5)}`;
  return task.message ? `${row}  ${task.message}` : row;
}

function header(context: Context): string {
  return context.t("batchHeader");
}

export async function batch(context: Context, options: BatchOptions): Promise<void> {
  if (options.deleteAll) return deleteAll(context, options);
  if (options.list !== undefined) return showList(context, options);
  if (!options.folder) throw new UsageError(text("batchNameFolder"));
  const folder = resolve(context.cwd, validatePath(options.folder, "pathFolder"));
  const out = resolve(context.cwd, validatePath(options.out, "pathOutput"));
  const listPath = join(out, batchFile);

  let tasks: BatchTask[];
  if (options.retry) {
    const saved = await readFile(listPath, "utf8").catch(() => {
      throw new CliError(text("batchNoRetry", { out }), exitCodes.noInput);
    });
    tasks = tasksToRun(JSON.parse(saved) as BatchTask[]);
  } else {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => {
      throw new CliError(text("folderNotFound", { folder: options.folder ?? "" }), exitCodes.noInput);
    });
    tasks = planTasks(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
    if (tasks.length === 0) {
      throw new CliError(text("batchNothing", { folder: options.folder ?? "" }), exitCodes.noInput);
    }
    for (const task of tasks) task.size = (await stat(join(folder, task.file)).catch(() => undefined))?.size;
  }

  // One save at a time, each the list as it was when asked: a later save never lands before an earlier one.
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const text = `${JSON.stringify(tasks, null, 2)}\n`;
    saving = saving.then(() => writeFileAtomic(listPath, text).catch(() => undefined));
    return saving;
  };
  let stopped = false;
  let asking = false;
  const stopAll = () => {
    stopped = true;
    context.note(context.t("batchStopping"));
    const running = tasks.findIndex((task) => task.status === "converting");
    if (running >= 0) {
      tasks[running] = { ...(tasks[running] as BatchTask), status: "stopping" };
      void save();
    }
  };
  // Stop all asks first on a terminal (spec 001 §4); a second Ctrl-C while asking, or a script's signal, stops.
  const stop = () => {
    if (stopped) return;
    if (!canPrompt() || asking) return stopAll();
    asking = true;
    void confirm(context.t("batchStopConfirm"), false).then(
      (yes) => {
        asking = false;
        if (yes) stopAll();
      },
      () => stopAll(),
    );
  };
  process.on("SIGINT", stop);
  try {
    await mkdir(out, { recursive: true });
    await save();
    for (const [index, task] of tasks.entries()) {
      if (task.status === "success") continue;
      if (stopped) break;
      tasks[index] = { ...task, status: "converting" };
      await save();
      if (!options.json) context.note(line(context, tasks[index] as BatchTask));
      try {
        await importBook(quietContext(context), {
          files: [join(folder, task.file)],
          out: join(out, task.project),
          pages: options.pages,
          quality: options.quality,
          definition: options.definition,
          maxEdge: options.maxEdge,
          dpi: options.dpi,
          engine: options.engine,
          cut: options.cut,
          noToc: options.noToc,
          noLinks: options.noLinks,
          noSearch: options.noSearch,
          password: undefined,
          title: undefined,
          json: false,
        });
        const pages = (await readProject(join(out, task.project)).catch(() => undefined))?.project.pageCount;
        tasks[index] = {
          ...task,
          status: stopped ? "failure" : "success",
          message: stopped ? context.t("batchStopped") : "",
          ...(pages === undefined ? {} : { pages }),
        };
      } catch (error) {
        tasks[index] = { ...task, status: "failure", message: describeFailure(error, context.t).message };
      }
      await save();
      if (!options.json) context.print(line(context, tasks[index] as BatchTask));
    }
  } finally {
    process.removeListener("SIGINT", stop);
  }

  const failed = tasks.filter((task) => task.status === "failure");
  const succeeded = tasks.filter((task) => task.status === "success");
  const waiting = tasks.filter((task) => task.status === "waiting");
  if (options.json) context.print(JSON.stringify({ tasks, list: listPath }));
  else {
    context.print(
      context.t("batchSummary", {
        succeeded: succeeded.length,
        failed: failed.length,
        waiting: waiting.length,
        list: listPath,
      }),
    );
  }
  if (failed.length > 0 || waiting.length > 0) {
    const files = failed.map((task) => task.file).join(", ");
    throw new CliError(
      text("batchFailed", { files: files ? files : text("batchStoppedTasks") }),
      exitCodes.invalidInput,
    );
  }
}

const tabs: Record<string, TaskStatus[] | undefined> = {
  all: undefined,
  success: ["success"],
  failure: ["failure"],
  waiting: ["waiting"],
};

async function showList(context: Context, options: BatchOptions): Promise<void> {
  const tab = options.list || "all";
  if (!(tab in tabs)) throw new UsageError(text("batchListFlag"));
  const out = resolve(context.cwd, validatePath(options.out, "pathOutput"));
  const wanted = tabs[tab];
  const tasks = (await savedTasks(out)).filter((task) => !wanted || wanted.includes(task.status));
  if (options.json) context.print(JSON.stringify(tasks));
  else {
    context.print(header(context));
    for (const task of tasks) context.print(line(context, task));
  }
}

async function savedTasks(out: string): Promise<BatchTask[]> {
  const saved = await readFile(join(out, batchFile), "utf8").catch(() => {
    throw new CliError(text("batchNone", { out }), exitCodes.noInput);
  });
  return JSON.parse(saved) as BatchTask[];
}

/** Delete all (spec 001 §2): the list and every project it made, after a confirmation (`--yes` or a terminal's). */
async function deleteAll(context: Context, options: BatchOptions): Promise<void> {
  const out = resolve(context.cwd, validatePath(options.out, "pathOutput"));
  const tasks = await savedTasks(out);
  let yes = options.yes === true;
  if (!yes && canPrompt()) yes = await confirm(context.t("batchDeleteConfirm", { count: tasks.length }), false);
  if (!yes) throw new UsageError(text("batchDeleteNeedsYes", { count: tasks.length }));
  for (const task of tasks) await rm(join(out, task.project), { recursive: true, force: true });
  await rm(join(out, batchFile), { force: true });
  if (options.json) context.print(JSON.stringify({ deleted: tasks.map((task) => task.project) }));
  else context.print(context.t("batchDeleted", { count: tasks.length }));
}

/** Each task's own import prints nothing: the batch reports its task list. */
function quietContext(context: Context): Context {
  return { ...context, print: () => undefined, note: () => undefined };
}
