/**
 * turnleaf studio <project>: the online editor on a local project. It uses the local stack at the server (starting
 * it from this checkout's scripts/dist/up.js, as `npm start` does, when nothing answers there), gives the project a
 * book on it once (an upload; remembered in project.json's `studio`), pushes the project's settings, TOC and
 * bookmarks to the book and prints the editor's address. Saving also downloads the media items' uploaded files into the
 * project's media/ folder (publish ships them in the offline flipbook). While it runs, a line `s` on stdin saves what was changed in the editor into the
 * project (skipped when nothing changed) and `q` (or Ctrl-C) closes, asking first when there are unsaved changes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { writeFileAtomic } from "./atomic-write.js";
import { Cloud, CloudRefusal } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError, exitCodes } from "./errors.js";
import { text } from "./i18n/text.js";
import { fetchMediaFiles } from "./media-files.js";
import { type ProjectMedia, projectMedia } from "./page-media.js";
import { validatePath } from "./paths.js";
import { type Project, type ProjectConfig, readProject, sameConfig } from "./project.js";
import { pushProject } from "./project-sync.js";
import { editedConfig, saveProject, settleUnsaved, writeWorking } from "./projects.js";
import { uploadProject } from "./upload.js";

export interface StudioOptions {
  project: string | undefined;
  server: string | undefined;
  start: boolean;
  open: boolean;
  lang: string | undefined;
  unsaved: "save" | "discard" | undefined;
  json: boolean;
}

const upScript = () => fileURLToPath(new URL("../../../scripts/dist/up.js", import.meta.url));

async function healthy(server: string): Promise<boolean> {
  try {
    const response = await fetch(`${server}/healthz`, { signal: AbortSignal.timeout(3_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Starts the local stack for `server` (its port) and waits for it; the child is stopped when the studio closes. */
async function startStack(context: Context, server: string): Promise<ChildProcess> {
  const script = upScript();
  if (!existsSync(script)) throw new CliError(text("studioNoStack", { server }), exitCodes.unavailable);
  const port = new URL(server).port || "80";
  context.note(context.t("studioStarting", { port }));
  const child = spawn(process.execPath, [script], {
    cwd: fileURLToPath(new URL("../../../", import.meta.url)),
    env: { ...context.env, PORT: port, LOG_LEVEL: context.env.LOG_LEVEL ?? "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let waited = 0; waited < 600; waited += 1) {
    if (child.exitCode !== null) break;
    if (await healthy(server)) return child;
    await sleep(1_000);
  }
  child.kill("SIGINT");
  throw new CliError(text("studioNotStarted", { server }), exitCodes.unavailable);
}

interface BookInfo {
  bookId: string;
  number: string;
  htmlConfig: Record<string, unknown>;
  catalog?: unknown[];
  bookmarks?: unknown[];
}

async function bookInfo(cloud: Cloud, bookId: string): Promise<BookInfo | undefined> {
  try {
    return await cloud.post<BookInfo>("/api/book/get-book", { bookId });
  } catch (error) {
    if (error instanceof CloudRefusal && error.exitCode !== 77) return undefined;
    throw error;
  }
}

/** The project's book on this server: the remembered one, else a new upload of the project. */
async function studioBook(context: Context, cloud: Cloud, projectDir: string, project: Project): Promise<BookInfo> {
  const known = project.studio?.[cloud.server];
  const existing = known ? await bookInfo(cloud, known.bookId) : undefined;
  if (existing) return existing;
  context.note(context.t("studioGivingBook", { server: cloud.server }));
  const task = await uploadProject(context, cloud, projectDir, project, {
    title: project.title,
    keywords: undefined,
    description: undefined,
    category: undefined,
    htmlText: false,
    overwrite: undefined,
    pdfPassword: undefined,
    noWait: false,
  });
  // The studio link is bookkeeping, not configuration: it is written straight into project.json.
  const { project: current } = await readProject(projectDir);
  const studio = { ...(current.studio ?? {}), [cloud.server]: { bookId: task.bookId, number: task.number } };
  await writeFileAtomic(join(projectDir, "project.json"), `${JSON.stringify({ ...current, studio }, null, 2)}\n`);
  const created = await bookInfo(cloud, task.bookId);
  if (!created) throw new CliError(text("studioBookUnreadable", { bookId: task.bookId }), exitCodes.internal);
  return created;
}

/** What the editor edits of a project: its settings (htmlConfig), TOC (catalog) and bookmarks. */
type Edited = { settings: Record<string, unknown>; toc: unknown[]; bookmarks: unknown[] };

const editedOf = (info: BookInfo | undefined): Edited => ({
  settings: info?.htmlConfig ?? {},
  toc: info?.catalog ?? [],
  bookmarks: info?.bookmarks ?? [],
});

/**
 * The book's media items into project.json when the editor changed them. They are the book's content rather than a
 * configuration part (no template carries them), so they are written at once, as the studio link is.
 */
async function pullMedia(context: Context, cloud: Cloud, projectDir: string, bookId: string): Promise<void> {
  const listed = projectMedia(await cloud.post<ProjectMedia>("/api/book/get-page-media", { bookId }));
  // The uploaded files come along, so publish can ship them in the offline flipbook (./media-files.ts).
  for (const address of await fetchMediaFiles(projectDir, listed, [cloud.server]))
    context.note(context.t("studioMediaNotDownloaded", { address }));
  const { project: current } = await readProject(projectDir);
  if (JSON.stringify(projectMedia(current.media)) === JSON.stringify(listed)) return;
  await writeFileAtomic(
    join(projectDir, "project.json"),
    `${JSON.stringify({ ...current, media: listed }, null, 2)}\n`,
  );
}

export async function studio(context: Context, options: StudioOptions): Promise<void> {
  const projectDir = resolve(context.cwd, validatePath(options.project, "pathProject"));
  const { project } = await readProject(projectDir);
  const cloud = await Cloud.open(context, options.server);
  let stack: ChildProcess | undefined;
  if (!(await healthy(cloud.server))) {
    if (!options.start) throw new CliError(text("studioNoStack", { server: cloud.server }), exitCodes.unavailable);
    stack = await startStack(context, cloud.server);
  }
  try {
    const book = await studioBook(context, cloud, projectDir, project);
    const edited = await editedConfig(projectDir, project);
    // The whole project (the working copy's configuration) onto its studio book, as upload writes it: the editor
    // shows what the uploaded book will show (./project-sync.ts).
    await pushProject(
      cloud,
      projectDir,
      { ...project, ...edited } as Project,
      { bookId: book.bookId, revision: 0 },
      true,
      context.now(),
    );
    let baseline = editedOf(await bookInfo(cloud, book.bookId));
    const editor = `${cloud.server}/book_edit2/editor?num=${encodeURIComponent(book.number)}${options.lang ? `&lang=${options.lang}` : ""}`;
    if (options.json) context.print(JSON.stringify({ editor, bookId: book.bookId, number: book.number }));
    else {
      context.print(context.t("studioEditor", { editor }));
      context.print(context.t("studioKeys"));
    }
    if (options.open)
      spawn("xdg-open", [editor], { stdio: "ignore", detached: true })
        .on("error", () => undefined)
        .unref();

    /** The editor's settings, when it changed any, into the project's working copy. */
    const pull = async (): Promise<void> => {
      const now = editedOf(await bookInfo(cloud, book.bookId));
      if (sameConfig(now, baseline)) return;
      const { project: current } = await readProject(projectDir);
      const config: ProjectConfig = { ...(await editedConfig(projectDir, current)) };
      for (const part of ["settings", "toc", "bookmarks"] as const) {
        if (sameConfig({ [part]: now[part] }, { [part]: baseline[part] })) continue;
        // An emptied TOC or bookmark list is no part at all, as in a project that never had one.
        if (part !== "settings" && now[part].length === 0) delete config[part];
        else config[part] = now[part];
      }
      await writeWorking(projectDir, current, config);
      baseline = now;
    };

    for await (const command of commands()) {
      if (command === "s") {
        await pull();
        await pullMedia(context, cloud, projectDir, book.bookId);
        const saved = await saveProject(context, projectDir);
        context.print(saved ? context.t("saved", { file: join(projectDir, "project.json") }) : context.t("noChanges"));
      }
      if (command === "q") break;
    }
    await pull();
    await pullMedia(context, cloud, projectDir, book.bookId);
    await settleUnsaved(context, projectDir, options.unsaved, "doingClose");
    context.note(context.t("studioClosed"));
  } finally {
    if (stack && stack.exitCode === null) {
      stack.kill("SIGINT");
      await new Promise((resolveExit) => stack?.once("exit", resolveExit));
    }
  }
}

/** Lines of stdin as commands (s, q); Ctrl-C and the end of stdin close as q does. */
async function* commands(): AsyncGenerator<"s" | "q"> {
  const lines = createInterface({ input: process.stdin, terminal: false });
  // The studio runs until told to close: stdin keeps the process alive (an upload before may have unref'd it).
  process.stdin.ref?.();
  const queue: ("s" | "q")[] = [];
  let wake: (() => void) | undefined;
  const push = (command: "s" | "q") => {
    queue.push(command);
    wake?.();
  };
  lines.on("line", (line) => {
    const command = line.trim().toLowerCase();
    if (command === "s" || command === "save") push("s");
    if (command === "q" || command === "quit") push("q");
  });
  lines.on("close", () => push("q"));
  const interrupt = () => push("q");
  process.on("SIGINT", interrupt);
  try {
    for (;;) {
      const next = queue.shift();
      if (next) {
        yield next;
        if (next === "q") return;
        continue;
      }
      await new Promise<void>((resolveWake) => {
        wake = resolveWake;
      });
    }
  } finally {
    process.removeListener("SIGINT", interrupt);
    lines.close();
  }
}
