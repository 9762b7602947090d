/**
 * turnleaf upload <project>: the project's sources to the cloud through the gateway's desktop upload paths
 * (create-book-multi, or replace-book-multi to overwrite an online book), in chunks at the server's offset, then
 * end-upload and the conversion's progress, and the upload-finished output: link, QR code, embed code.
 *
 * The task is remembered in <project>/upload.json until it completes: run the command again after an interruption
 * (a killed process, a lost connection) and it continues the same task from the offset the server reports. While
 * uploading, a line `p` on stdin pauses the task on the server and `c` continues it.
 */
import { createHash } from "node:crypto";
import { open, readFile, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import QRCode from "qrcode";
import { logInWith } from "./account.js";
import { writeFileAtomic } from "./atomic-write.js";
import { Cloud, CloudRefusal, cloudExitCodes } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { currentEdition } from "./licence.js";
import { validatePath } from "./paths.js";
import { type Project, readProject } from "./project.js";
import { pushProject, writeProjectFile } from "./project-sync.js";
import { ask, canPrompt } from "./prompt.js";
import { checkOnlineUnchanged, confirmUnpaid } from "./upload-checks.js";

export interface UploadOptions {
  project: string | undefined;
  server: string | undefined;
  email: string | undefined;
  password: string | undefined;
  title: string | undefined;
  keywords: string | undefined;
  description: string | undefined;
  category: string | undefined;
  htmlText: boolean;
  /** A publication (spec 000 folder type 2, counted against PUB_BOOK_NUM) instead of a book (1, BOOK_FILE_NUM). */
  publication?: boolean;
  overwrite: string | undefined;
  pdfPassword: string | undefined;
  chunkSize: string | undefined;
  rate: string | undefined;
  noWait: boolean;
  /** Confirms an unpaid upload (no points, an expired VIP plan) without asking. */
  yes?: boolean;
  /** Overwrite the online book even when it changed since this project last synced with it. */
  force?: boolean;
  json: boolean;
}

/** The server's own words (a task's or a refusal's message, worded by the gateway in the tool's language). */
const said = (message: string) => text("serverSaid", { message });

interface TaskFile {
  fileId: string;
  name: string;
  size: number | string;
  received: number | string;
}

export interface Task {
  taskId: string;
  title: string;
  state: string;
  message: string;
  bookId: string;
  number: string;
  revision: number;
  files: TaskFile[];
  partSize: number | string;
}

interface Progress {
  phase: "upload" | "conversion" | "ready" | "failed";
  task: Task;
  conversion: { state: string; pagesDone: number; pagesTotal: number; message: string } | null;
}

/** What upload.json keeps between runs. */
interface SavedUpload {
  server: string;
  taskId: string;
  files: { fileId: string; path: string; size: number }[];
}

const savedFile = "upload.json";
const mediaTypes: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  bmp: "image/bmp",
  ppt: "application/vnd.ms-powerpoint",
  pps: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ppsx: "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
  odp: "application/vnd.oasis.opendocument.presentation",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  odt: "application/vnd.oasis.opendocument.text",
};

function mimeOf(name: string): string {
  const extension = name.split(".").pop()?.toLowerCase() ?? "";
  return extension === "pdf" ? "application/pdf" : (mediaTypes[extension] ?? "application/octet-stream");
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  const handle = await open(path);
  try {
    for await (const chunk of handle.createReadStream()) hash.update(chunk as Buffer);
  } finally {
    await handle.close();
  }
  return hash.digest("hex");
}

/** The begin fields from the project's import options (spec 001 §3 → gateway create-book-multi). */
export function importFields(project: Project): Record<string, string> {
  const options = project.import;
  const cutTypes: Record<string, string> = { none: "0", auto: "-1", "1": "1", "2": "2", "3": "3" };
  return {
    engineType: options.engine === "image" ? "2" : "1",
    cutType: cutTypes[options.cut ?? "none"] ?? "0",
    pdfImportConfig: JSON.stringify({
      importTOC: options.toc ?? true,
      importLink: options.links ?? true,
      importSearch: options.search ?? true,
      ...(options.pages ? { r: options.pages } : {}),
    }),
    definition: String(options.quality.definition),
    maxEdge: String(options.quality.maxSidePx),
    ...(options.quality.dpi ? { dpi: String(options.quality.dpi) } : {}),
  };
}

function positiveInteger(given: string | undefined, name: string): number | undefined {
  if (given === undefined) return undefined;
  if (!/^\d{1,12}$/.test(given.trim()) || Number(given) < 1) throw new UsageError(text("positiveNumber", { name }));
  return Number(given);
}

/** Pause/continue from stdin lines (`p`, `c`), read between chunks. */
function controls(context: Context) {
  let paused = false;
  let closed = false;
  let wake: ((continued: boolean) => void) | undefined;
  const lines = createInterface({ input: process.stdin, terminal: false });
  lines.on("line", (line) => {
    const command = line.trim().toLowerCase();
    if (command === "p" || command === "pause") paused = true;
    if (command === "c" || command === "continue") {
      paused = false;
      wake?.(true);
    }
  });
  lines.on("close", () => {
    closed = true;
    wake?.(false);
  });
  // stdin keeps the process alive only while the upload waits for "continue".
  process.stdin.unref?.();
  return {
    get paused() {
      return paused;
    },
    waitForContinue: async () => {
      if (!paused) return;
      context.note(context.t("uploadPaused"));
      const continued =
        !closed &&
        (await new Promise<boolean>((resolve) => {
          wake = resolve;
          process.stdin.ref?.();
        }));
      process.stdin.unref?.();
      if (!continued) throw new CliError(text("uploadStillPaused"), cloudExitCodes.unreachable);
    },
    close: () => lines.close(),
  };
}

export async function upload(context: Context, options: UploadOptions): Promise<void> {
  const projectDir = resolve(context.cwd, validatePath(options.project, "pathProject"));
  const { project } = await readProject(projectDir);
  const title = (options.title ?? project.title).trim();
  if (!title) throw new CliError(text("uploadFailed", { detail: text("titleRequired") }));
  if (options.overwrite !== undefined && options.overwrite.trim() === "") {
    throw new CliError(text("uploadFailed", { detail: text("overwriteRequired") }));
  }
  if (options.publication && options.overwrite !== undefined) throw new UsageError(text("publicationOverwrite"));
  const chunkSize = positiveInteger(options.chunkSize, "--chunk-size");
  const rate = positiveInteger(options.rate, "--rate");
  // The cloud's categories are numbered (the gateway refuses anything else): say so before any upload starts.
  if (options.category !== undefined && !/^[0-9]{1,20}$/.test(options.category.trim())) {
    throw new UsageError(text("categoryFlag"));
  }

  const cloud = await Cloud.open(context, options.server);
  if (options.email !== undefined || !cloud.loggedIn) {
    // With nobody to ask, a missing login is the spec's login timeout.
    await logInWith(context, cloud, options, () => text("loginTimeout"));
  }

  try {
    await confirmUnpaid(context, cloud, options);
    if (options.overwrite !== undefined) await checkOnlineUnchanged(context, cloud, project, options);
    else {
      const known = project.cloud?.[cloud.server];
      if (known) context.note(context.t("syncAlreadyOnline", { bookId: known.bookId }));
    }
    const done = await uploadProject(context, cloud, projectDir, project, { ...options, title }, { chunkSize, rate });
    if (!options.noWait) {
      // The whole project onto the book: every part through the editor's own paths (./project-sync.ts).
      const record = await pushProject(
        cloud,
        projectDir,
        project,
        { bookId: done.bookId, revision: Number(done.revision) || 0 },
        options.overwrite !== undefined,
        context.now(),
      );
      const { project: current } = await readProject(projectDir);
      await writeProjectFile(projectDir, { ...current, cloud: { ...(current.cloud ?? {}), [cloud.server]: record } });
      context.note(context.t("syncUploaded"));
    }
    await finished(context, cloud, done, options.json);
  } catch (error) {
    if (error instanceof CliError && error.text.key !== "uploadFailed" && error.text.key !== "unpaidRefused") {
      throw new CliError(text("uploadFailed", { detail: error.text }), error.exitCode);
    }
    throw error;
  }
}

/**
 * Uploads the project (continuing its saved task when there is one), ends the upload and, unless `noWait`, waits
 * for the conversion: answers the finished task (bookId, number, revision).
 */
export async function uploadProject(
  context: Context,
  cloud: Cloud,
  projectDir: string,
  project: Project,
  options: Pick<
    UploadOptions,
    "keywords" | "description" | "category" | "htmlText" | "publication" | "overwrite" | "pdfPassword" | "noWait"
  > & {
    title: string;
  },
  pace: { chunkSize: number | undefined; rate: number | undefined } = { chunkSize: undefined, rate: undefined },
): Promise<Task> {
  const savedPath = join(projectDir, savedFile);
  const saved = await readSaved(savedPath, cloud.server);
  let task = saved ? await resumable(cloud, saved) : undefined;
  let files: SavedUpload["files"];
  if (task && saved) {
    files = saved.files;
    context.note(context.t("uploadResuming", { taskId: task.taskId, state: task.state }));
    if (task.state === "paused") task = await operate(cloud, task.taskId, "continue");
  } else {
    ({ task, files } = await begin(context, cloud, project, options));
    await writeFileAtomic(
      savedPath,
      `${JSON.stringify({ server: cloud.server, taskId: task.taskId, files }, null, 2)}\n`,
    );
  }
  await sendFiles(context, cloud, task, files, pace);
  const ended = await end(context, cloud, task.taskId, options.pdfPassword);
  await rm(savedPath, { force: true });
  // The HTML text version: the book's text layer on, for readers and search engines alike.
  if (options.htmlText) await cloud.post("/api/book/set-book-text-status", { bookId: ended.bookId, textStatus: "1" });
  return options.noWait ? ended : await waitForConversion(context, cloud, ended.taskId);
}

async function readSaved(path: string, server: string): Promise<SavedUpload | undefined> {
  try {
    const saved = JSON.parse(await readFile(path, "utf8")) as SavedUpload;
    return saved.server === server && saved.taskId ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** The saved task when it can go on (uploading, paused, starting); otherwise a new one starts. */
async function resumable(cloud: Cloud, saved: SavedUpload): Promise<Task | undefined> {
  try {
    const progress = await cloud.post<Progress>("/api/book/get-book-progress", { taskId: saved.taskId });
    return ["uploading", "paused", "starting"].includes(progress.task.state) ? progress.task : undefined;
  } catch (error) {
    if (error instanceof CloudRefusal && error.exitCode !== 77) return undefined;
    throw error;
  }
}

async function begin(
  context: Context,
  cloud: Cloud,
  project: Project,
  options: Pick<UploadOptions, "keywords" | "description" | "category" | "htmlText" | "publication" | "overwrite"> & {
    title: string;
  },
): Promise<{ task: Task; files: SavedUpload["files"] }> {
  if (project.sources.some((source) => !source.path)) throw new CliError(text("uploadNoSources"));
  const files: SavedUpload["files"] = [];
  const declared: { name: string; size: number; type: string; sha256: string }[] = [];
  for (const source of project.sources) {
    const path = source.path as string;
    const info = await stat(path).catch(() => {
      throw new CliError(text("uploadSourceMissing", { path }), exitCodes.noInput);
    });
    files.push({ fileId: "", path, size: info.size });
    declared.push({ name: source.name, size: info.size, type: mimeOf(source.name), sha256: await sha256Of(path) });
  }
  const edition = await currentEdition(context);
  const overwrite = options.overwrite !== undefined;
  const task = await cloud.post<Task>(overwrite ? "/api/book/replace-book-multi" : "/api/book/create-book-multi", {
    title: options.title,
    keywords: options.keywords ?? "",
    description: options.description ?? "",
    category: options.category ?? "",
    htmlText: options.htmlText ? "1" : "0",
    // Spec 000 folder types, as the editor's upload screen chooses: the server's quota for the type applies (an
    // overwritten book keeps its own).
    ...(overwrite ? {} : { folderType: options.publication ? "2" : "1" }),
    files: JSON.stringify(declared),
    ...importFields(project),
    // The project holds only the images its import kept: large ones were answered "continue" there.
    largeImages: "continue",
    ...(edition.registered ? {} : { trial: "1" }),
    ...(overwrite ? { overwrite: "1", bookId: options.overwrite as string } : {}),
  });
  task.files.forEach((file, index) => {
    const local = files[index];
    if (local) local.fileId = file.fileId;
  });
  context.note(
    task.message
      ? context.t("uploadTaskCreatedSaid", { taskId: task.taskId, message: task.message })
      : context.t("uploadTaskCreated", { taskId: task.taskId }),
  );
  return { task, files };
}

async function operate(cloud: Cloud, taskId: string, operate: "pause" | "continue"): Promise<Task> {
  return cloud.post<Task>("/api/book/operate-book", { taskId, operate });
}

async function serverOffset(cloud: Cloud, taskId: string, fileId: string): Promise<number> {
  const response = await cloud.fetch(`/api/book/upload-book-files?taskId=${taskId}&fileId=${fileId}`, {
    method: "HEAD",
  });
  const offset = response.headers.get("upload-offset");
  if (!response.ok || offset === null) {
    throw new CliError(text("requestException", { detail: text("uploadResumeAsk", { status: response.status }) }), 75);
  }
  return Number(offset);
}

async function sendFiles(
  context: Context,
  cloud: Cloud,
  task: Task,
  files: SavedUpload["files"],
  pace: { chunkSize: number | undefined; rate: number | undefined },
): Promise<void> {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const partSize = Number(task.partSize) || 5 * 1024 * 1024;
  let chunk = pace.chunkSize ?? partSize;
  if (pace.rate) chunk = Math.min(chunk, pace.rate * 1024);
  const control = controls(context);
  try {
    let before = 0;
    for (const file of files) {
      let offset = await serverOffset(cloud, task.taskId, file.fileId);
      if (offset > 0) {
        context.note(context.t("uploadServerHas", { file: file.path, offset, size: file.size }));
      }
      const handle = await open(file.path);
      try {
        while (offset < file.size) {
          if (control.paused) {
            await operate(cloud, task.taskId, "pause");
            context.note(context.t("uploadPausedAt", { done: before + offset, total }));
            await control.waitForContinue();
            await operate(cloud, task.taskId, "continue");
            context.note(context.t("uploadContinuing"));
            offset = await serverOffset(cloud, task.taskId, file.fileId);
          }
          const length = Math.min(chunk, file.size - offset);
          const buffer = Buffer.alloc(length);
          await handle.read(buffer, 0, length, offset);
          const started = Date.now();
          const response = await cloud.fetch(
            `/api/book/upload-book-files?taskId=${task.taskId}&fileId=${file.fileId}&offset=${offset}`,
            { method: "POST", headers: { "content-type": "application/octet-stream" }, body: buffer },
          );
          const reply = await cloud.envelope<{ offset: number }>(response).catch((error: unknown) => {
            // Another offset: the server says where to go on.
            if (error instanceof CloudRefusal && error.code === "UPLOAD_OFFSET_CONFLICT") return undefined;
            throw error;
          });
          offset = reply ? Number(reply.data.offset) : await serverOffset(cloud, task.taskId, file.fileId);
          context.note(context.t("uploadProgress", { done: before + offset, total }));
          if (pace.rate) {
            const due = (length / (pace.rate * 1024)) * 1000 - (Date.now() - started);
            if (due > 0) await sleep(due);
          }
        }
      } finally {
        await handle.close();
      }
      before += file.size;
    }
  } finally {
    control.close();
  }
}

async function end(context: Context, cloud: Cloud, taskId: string, pdfPassword: string | undefined): Promise<Task> {
  let password = pdfPassword ?? "";
  for (;;) {
    try {
      const task = await cloud.post<Task>("/api/book/end-upload", { taskId, password });
      if (task.state === "failed") throw new CliError(text("uploadTaskFailed", { detail: said(task.message) }));
      return task;
    } catch (error) {
      if (!(error instanceof CloudRefusal)) throw error;
      if (error.code === "PDF_PASSWORD_REQUIRED" && !password && canPrompt()) {
        password = await ask(`${context.t("uploadPdfPassword")} `, true);
        continue;
      }
      if (error.code === "PDF_PASSWORD_REQUIRED") {
        throw new CliError(text("uploadPdfPasswordFlag", { detail: error.text }));
      }
      if (error.code === "PDF_PASSWORD_INCORRECT") throw new CliError(text("incorrectPassword"));
      const message = String(error.text.values?.message ?? "");
      if (/SHA-256/.test(message)) throw new CliError(text("invalidSignature", { detail: error.text }));
      throw new CliError(text("uploadTaskFailed", { detail: error.text }), error.exitCode);
    }
  }
}

async function waitForConversion(context: Context, cloud: Cloud, taskId: string): Promise<Task> {
  let last = "";
  for (;;) {
    const progress = await cloud.post<Progress>("/api/book/get-book-progress", { taskId });
    if (progress.phase === "ready") return progress.task;
    if (progress.phase === "failed") {
      const message = progress.conversion?.message || progress.task.message;
      throw new CliError(text("uploadTaskFailed", { detail: message ? said(message) : text("conversionFailed") }));
    }
    const line = progress.conversion
      ? context.t("converting", { done: progress.conversion.pagesDone, total: progress.conversion.pagesTotal })
      : `${progress.task.state}`;
    if (line !== last) context.note(line);
    last = line;
    await sleep(500);
  }
}

/** The book's public link, QR text and embed code as the server gives them (get-code-info), else built here. */
async function shareCodes(cloud: Cloud, task: Task): Promise<{ link: string; qrText: string; embed: string }> {
  try {
    const codes = await cloud.post<{ link: string; qrText: string; embedCode: string }>("/api/book/get-code-info", {
      bookId: task.bookId,
    });
    if (codes.link) return { link: codes.link, qrText: codes.qrText || codes.link, embed: codes.embedCode };
  } catch (error) {
    if (!(error instanceof CloudRefusal) || error.exitCode === 77) throw error;
  }
  const link = `${cloud.server}/b/${task.number}`;
  return {
    link,
    qrText: link,
    embed: `<iframe src="${link}" width="100%" height="600" style="border:0" allowfullscreen></iframe>`,
  };
}

/** The upload-finished output of spec 001 §2: link, QR code, embed code. */
async function finished(context: Context, cloud: Cloud, task: Task, json: boolean): Promise<void> {
  const { link, qrText, embed } = await shareCodes(cloud, task);
  if (json) {
    context.print(JSON.stringify({ bookId: task.bookId, number: task.number, revision: task.revision, link, embed }));
    return;
  }
  const qr = await QRCode.toString(qrText, { type: "terminal", small: true });
  context.print(context.t("uploadFinished", { title: task.title }));
  context.print(context.t("linkLine", { link }));
  context.print(context.t("bookLine", { bookId: task.bookId, revision: task.revision }));
  context.print(qr.trimEnd());
  context.print(context.t("embedLine", { embed }));
}
