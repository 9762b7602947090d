/**
 * Builds one package of the editor's publish dialog, off the request path: the gateway's route answers with a job
 * at once and this runs after it, one build at a time per gateway process. The book comes from the stores and REST
 * exactly as the command-line tool's `turnleaf pull` assembles it, and the package from its `turnleaf publish`
 * (services/cli: the offline flipbook builder and the EXE/APP/APK toolchains), run as child processes:
 *
 *   1. a project folder holding the book's converted pages of its newest ready revision (the books bucket: the pages
 *      readers see, so no re-conversion of the original and no trial watermark), its manifest and, for an APK, the
 *      book's last release (apk-history.json, which the tool checks again);
 *   2. `turnleaf pull <book> --force` into it, as the owner (their session cookie, in a state folder of the build's
 *      own, 0700): settings, table of contents, bookmarks, languages, media, page audio, download config, brands;
 *   3. `turnleaf publish --format html|exe|app|apk`, the signature password in the environment only;
 *   4. the file into the books bucket under packages/<jobId>/, where the download route reads it.
 */
import { execFile } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { Manifest } from "@turnleaf/book-format";
import type { S3Client } from "@turnleaf/kit";
import type { BookAssets } from "../book-assets.js";
import type { PackageRequest } from "./package-rules.js";
import type { ApkRelease } from "./package-store.js";

export interface BuilderSettings {
  assets: BookAssets;
  s3: S3Client;
  bucket: string;
  /** services/cli/dist/main.bundle.mjs (TURNLEAF_CLI_MAIN). */
  cliMain: string;
  /** Where the tool reaches this gateway (its own loopback address). */
  serverUrl: string;
  /** How long one tool run may take. */
  timeoutMs: number;
}

export interface BuildInput {
  jobId: string;
  bookId: string;
  revision: number;
  manifest: Manifest;
  request: PackageRequest;
  /** The owner's session cookie (`tl_session=…`), empty where the gateway acts as a fixed user. */
  cookie: string;
  signaturePassword?: string;
  lastRelease?: ApkRelease;
  /** The interface language of the tool's own messages (a failed build's detail). */
  language: string;
}

export interface BuiltPackage {
  fileName: string;
  objectKey: string;
  bytes: number;
}

/** A build that failed: the tool's own message (already in the user's language). */
export class BuildFailure extends Error {}

const suffixes = { html: ".zip", exe: ".exe", app: ".app.zip", apk: ".apk" } as const;

/** The saved file's name: the title without characters file systems refuse (spec 001 §5 paths). */
export function packageFileName(title: string, format: PackageRequest["format"]): string {
  const base =
    title
      .replace(/[/\\:*?"<>|！]/g, "_")
      .replace(/\p{Cc}/gu, "_")
      .trim()
      .slice(0, 80) || "FlipBook";
  return `${base}${suffixes[format]}`;
}

/** Every file of the revision the offline book reads: pictures, cover, thumbnails, page texts, search index. */
function bookKeys(manifest: Manifest): string[] {
  const keys = new Set<string>();
  for (const page of manifest.pages) {
    for (const key of Object.values(page.webp ?? {})) keys.add(key);
    for (const key of [page.jpg, page.thumb, page.text]) if (key) keys.add(key);
  }
  if (manifest.search) keys.add(manifest.search);
  return [...keys];
}

/**
 * What the tool's run inherits from the gateway's environment: where programs and the user's caches are (the smali
 * jars live in ~/.cache/turnleaf), never the gateway's own settings and secrets (store addresses and keys).
 */
function toolEnvironment(): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG", "JAVA_HOME", "XDG_CACHE_HOME"]) {
    const value = process.env[name];
    if (value) kept[name] = value;
  }
  return kept;
}

function runCli(settings: BuilderSettings, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [settings.cliMain, ...args],
      {
        env: { ...toolEnvironment(), ...env },
        timeout: settings.timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        // The tool's own message (in the user's language; its build failures are the spec's "Publish … failed").
        const detail =
          stderr
            .trim()
            .split("\n")
            .slice(-4)
            .join("\n")
            .replace(/^turnleaf: /gm, "") || error.message;
        reject(new BuildFailure(detail));
      },
    );
    // The tool is never asked anything here: a question it would ask ends it at once instead of holding the build.
    child.stdin?.end();
  });
}

/** The project folder of step 1. */
async function writeProject(settings: BuilderSettings, input: BuildInput, projectDir: string): Promise<void> {
  const bookDir = join(projectDir, "book");
  await mkdir(bookDir, { recursive: true });
  await writeFile(join(bookDir, "manifest.json"), JSON.stringify(input.manifest));
  for (const key of bookKeys(input.manifest)) {
    const object = await settings.assets.object(input.bookId, input.revision, key);
    if (!object) continue;
    await mkdir(dirname(join(bookDir, key)), { recursive: true });
    await pipeline(object.body, createWriteStream(join(bookDir, key)));
  }
  const now = new Date().toISOString();
  const project = {
    format: 1,
    name: input.request.title,
    title: input.request.title,
    createdAt: now,
    importedAt: now,
    sources: [],
    import: { pages: "", quality: { preset: "HD", maxSidePx: 1280, definition: 85, dpi: 0 } },
    trial: false,
    pageCount: input.manifest.pageCount,
    book: "book/manifest.json",
    settings: {},
  };
  await writeFile(join(projectDir, "project.json"), JSON.stringify(project, null, 2));
  const last = input.lastRelease;
  if (last) {
    const release = {
      name: last.name,
      applicationId: last.applicationId,
      versionCode: last.versionCode,
      versionName: last.versionName,
      publishedAt: new Date(last.publishedAt).toISOString(),
    };
    await writeFile(join(projectDir, "apk-history.json"), JSON.stringify({ releases: [release] }));
  }
}

/** The tool's `publish` flags for the request. */
function publishArgs(request: PackageRequest, out: string, icon: string | undefined): string[] {
  // --name=value: a user's text beginning with "-" stays a value, never read as an option.
  const flags: [string, string][] = [
    ["format", request.format],
    ["out", out],
    ["title", request.title],
  ];
  if (icon) flags.push(["icon", icon]);
  if (request.window) {
    flags.push(["window", request.window.mode]);
    if (request.window.width) flags.push(["width", String(request.window.width)]);
    if (request.window.height) flags.push(["height", String(request.window.height)]);
  }
  if (request.apk) {
    flags.push(
      ["app-name", request.apk.name],
      ["app-id", request.apk.applicationId],
      ["version-code", String(request.apk.versionCode)],
      ["version-name", request.apk.versionName],
      ["signature", request.signature ?? ""],
    );
  }
  return flags.map(([name, value]) => `--${name}=${value}`);
}

export async function buildPackage(settings: BuilderSettings, input: BuildInput): Promise<BuiltPackage> {
  const work = await mkdtemp(join(tmpdir(), "turnleaf-package-"));
  try {
    const home = join(work, "home");
    await mkdir(home, { mode: 0o700 });
    const session = { server: settings.serverUrl, cookie: input.cookie, email: "", userId: "", expiresAt: "" };
    await writeFile(join(home, "session.json"), JSON.stringify(session), { mode: 0o600 });
    const projectDir = join(work, "project");
    await writeProject(settings, input, projectDir);
    const env: Record<string, string> = {
      TURNLEAF_HOME: home,
      TURNLEAF_SERVER: settings.serverUrl,
      TURNLEAF_LANG: input.language,
      ...(process.env.TURNLEAF_READER_OFFLINE_DIR
        ? { TURNLEAF_READER_OFFLINE_DIR: process.env.TURNLEAF_READER_OFFLINE_DIR }
        : {}),
      ...(process.env.TURNLEAF_SMALI_DIR ? { TURNLEAF_SMALI_DIR: process.env.TURNLEAF_SMALI_DIR } : {}),
      ...(process.env.TURNLEAF_ANDROID_FRAMEWORK
        ? { TURNLEAF_ANDROID_FRAMEWORK: process.env.TURNLEAF_ANDROID_FRAMEWORK }
        : {}),
    };
    await runCli(settings, ["pull", input.bookId, "--out", projectDir, "--force", "--discard-changes"], env);
    const { format } = input.request;
    const fileName = packageFileName(input.request.title, format);
    const out = join(work, "out", format === "html" ? "" : `package${suffixes[format].replace(".zip", "")}`);
    const icon = input.request.icon ? join(work, "icon") : undefined;
    if (icon && input.request.icon) await writeFile(icon, input.request.icon);
    await runCli(settings, ["publish", projectDir, ...publishArgs(input.request, out, icon)], {
      ...env,
      ...(input.signaturePassword ? { TURNLEAF_SIGNATURE_PASSWORD: input.signaturePassword } : {}),
    });
    const file = format === "html" ? join(out, "FlipBook.zip") : format === "app" ? `${out}.zip` : out;
    const bytes = (await stat(file)).size;
    const objectKey = `packages/${input.jobId}/${format}${suffixes[format]}`;
    await settings.s3.fPutObject(settings.bucket, objectKey, file, { "Content-Type": "application/octet-stream" });
    return { fileName, objectKey, bytes };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
