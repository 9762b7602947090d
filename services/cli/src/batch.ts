/**
 * turnleaf batch: every PDF or image of a folder imported into a project of its own, one after another, with a task
 * list (spec 001 §4 batch conversion: waiting, converting, success, failure) kept in <out>/batch.json. Ctrl-C stops
 * all: the running task ends as a failure ("stopped") and the rest stay waiting; `--retry` runs again what did not
 * succeed. One file's failure never stops the others.
 */
import { mkdir, readdir, readFile } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import { writeFileAtomic } from "./atomic-write.js";
import type { Context } from "./context.js";
import { CliError, describeFailure, exitCodes, UsageError } from "./errors.js";
import { type ImportOptions, importBook, officeExtensions } from "./import.js";
import { validatePath } from "./paths.js";

export type TaskStatus = "waiting" | "converting" | "stopping" | "success" | "failure";

export interface BatchTask {
  file: string;
  project: string;
  status: TaskStatus;
  message: string;
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

function line(task: BatchTask): string {
  return `${task.status.padEnd(10)} ${task.file}${task.message ? `: ${task.message}` : ""}`;
}

export async function batch(context: Context, options: BatchOptions): Promise<void> {
  if (options.list !== undefined) return showList(context, options);
  if (!options.folder) throw new UsageError("name the folder of PDFs or images to convert");
  const folder = resolve(context.cwd, validatePath(options.folder, "Folder path"));
  const out = resolve(context.cwd, validatePath(options.out, "Output path"));
  const listPath = join(out, batchFile);

  let tasks: BatchTask[];
  if (options.retry) {
    const saved = await readFile(listPath, "utf8").catch(() => {
      throw new CliError(`no earlier batch in ${out} to retry`, exitCodes.noInput);
    });
    tasks = tasksToRun(JSON.parse(saved) as BatchTask[]);
  } else {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => {
      throw new CliError(`${options.folder}: folder not found`, exitCodes.noInput);
    });
    tasks = planTasks(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
    if (tasks.length === 0)
      throw new CliError(`${options.folder}: no PDF or image files to convert`, exitCodes.noInput);
  }

  // One save at a time, each the list as it was when asked: a later save never lands before an earlier one.
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    const text = `${JSON.stringify(tasks, null, 2)}\n`;
    saving = saving.then(() => writeFileAtomic(listPath, text).catch(() => undefined));
    return saving;
  };
  let stopped = false;
  const stop = () => {
    stopped = true;
    context.note("stopping all: the running task ends, the rest stay waiting");
    const running = tasks.findIndex((task) => task.status === "converting");
    if (running >= 0) {
      tasks[running] = { ...(tasks[running] as BatchTask), status: "stopping" };
      void save();
    }
  };
  process.once("SIGINT", stop);
  try {
    await mkdir(out, { recursive: true });
    await save();
    for (const [index, task] of tasks.entries()) {
      if (task.status === "success") continue;
      if (stopped) break;
      tasks[index] = { ...task, status: "converting" };
      await save();
      if (!options.json) context.note(line(tasks[index] as BatchTask));
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
        tasks[index] = { ...task, status: stopped ? "failure" : "success", message: stopped ? "stopped" : "" };
      } catch (error) {
        tasks[index] = { ...task, status: "failure", message: describeFailure(error, context.t).message };
      }
      await save();
      if (!options.json) context.print(line(tasks[index] as BatchTask));
    }
  } finally {
    process.removeListener("SIGINT", stop);
  }

  const failed = tasks.filter((task) => task.status === "failure");
  const succeeded = tasks.filter((task) => task.status === "success");
  const waiting = tasks.filter((task) => task.status === "waiting");
  if (options.json) context.print(JSON.stringify({ tasks, list: listPath }));
  else context.print(`${succeeded.length} succeeded, ${failed.length} failed, ${waiting.length} waiting (${listPath})`);
  if (failed.length > 0 || waiting.length > 0) {
    throw new CliError(
      `batch conversion failed for ${failed.map((task) => task.file).join(", ") || "stopped tasks"}; run again with --retry`,
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
  if (!(tab in tabs)) throw new UsageError("--list takes all, success, failure or waiting");
  const out = resolve(context.cwd, validatePath(options.out, "Output path"));
  const saved = await readFile(join(out, batchFile), "utf8").catch(() => {
    throw new CliError(`no batch in ${out}`, exitCodes.noInput);
  });
  const wanted = tabs[tab];
  const tasks = (JSON.parse(saved) as BatchTask[]).filter((task) => !wanted || wanted.includes(task.status));
  if (options.json) context.print(JSON.stringify(tasks));
  else for (const task of tasks) context.print(line(task));
}

/** Each task's own import prints nothing: the batch reports its task list. */
function quietContext(context: Context): Context {
  return { ...context, print: () => undefined, note: () => undefined };
}
