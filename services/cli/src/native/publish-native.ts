/**
 * turnleaf publish --format exe|app|apk: the offline book (the same folder --format html writes) wrapped as a
 * Windows executable (exe.ts), a zipped macOS bundle (app.ts) or a signed Android package (apk.ts), with the
 * cover as icon. Each is built in a temporary folder and moved to --out only when it is complete.
 */
import { createHash } from "node:crypto";
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { ApkInfoText } from "@turnleaf/kit/apk-info";
import sharp from "sharp";
import { Cloud } from "../cloud.js";
import type { Context } from "../context.js";
import { CliError, exitCodes, UsageError } from "../errors.js";
import { type PublishOptions, writeFlipBook } from "../flip-book.js";
import { text } from "../i18n/text.js";
import type { readProject } from "../project.js";
import { appendHistory, readHistory, resolveApkInfo } from "./apk-info.js";
import { coverPicture, icnsFile, icoFile, squareIcon } from "./icons.js";
import { launchWindow } from "./window.js";

export interface NativeOptions extends ApkInfoText {
  /** EXE and APP: maximized | fullscreen | custom (with width and height). */
  window?: string;
  /** The icon's picture (PNG or JPEG; spec 001 §3 APK info icon), else the book's cover. */
  icon?: string;
  server?: string;
}

export interface NativeInput {
  format: "exe" | "app" | "apk";
  projectDir: string;
  /** The output file (.exe, .app, .apk). */
  out: string;
  loaded: Awaited<ReturnType<typeof readProject>>;
  readerDir: string;
  options: PublishOptions & NativeOptions;
}

/** The book's stable key: the project's creation time and first source (the same book keeps it across updates). */
function bookKey(loaded: NativeInput["loaded"]): string {
  const { project } = loaded;
  return createHash("sha256")
    .update(`${project.createdAt}\n${project.sources[0]?.name ?? ""}\n${project.title}`)
    .digest("hex")
    .slice(0, 12);
}

export async function publishNative(context: Context, input: NativeInput): Promise<void> {
  const { format, options, loaded } = input;
  const title = (options.title ?? loaded.project.title).trim() || "Flipbook";
  const window = format === "apk" ? undefined : launchWindow(options.window, options.width, options.height);
  // APK: every rule and the signature are checked before anything is built.
  const history = format === "apk" ? await readHistory(input.projectDir) : [];
  const apkInfo =
    format === "apk"
      ? resolveApkInfo(
          {
            name: options.appName ?? title,
            applicationId: options.appId,
            versionCode: options.versionCode,
            versionName: options.versionName,
          },
          history.at(-1),
        )
      : undefined;
  const signing = format === "apk" ? await signatureKeystore(context, options) : undefined;

  const work = await mkdtemp(join(tmpdir(), `turnleaf-${format}-`));
  try {
    const bookDir = join(work, "book");
    try {
      await writeFlipBook({
        projectDir: input.projectDir,
        flipBook: bookDir,
        project: loaded.project,
        manifest: loaded.manifest,
        readerDir: input.readerDir,
        options: { ...options, title },
        t: context.t,
      });
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(
        text("nativePublishFailed", { format: format.toUpperCase(), detail: (error as Error).message }),
        exitCodes.cannotCreate,
      );
    }
    const cover = options.icon
      ? await iconPicture(context, options.icon, format)
      : await coverPicture(input.projectDir, loaded);
    await mkdir(dirname(input.out), { recursive: true });
    let written = input.out;
    if (format === "exe" && window) {
      const icoPath = join(work, "icon.ico");
      await writeFile(icoPath, await icoFile(cover));
      const built = join(work, "book.exe");
      const { buildExe } = await import("./exe.js");
      await buildExe({
        bookDir,
        icoPath,
        title,
        bookKey: bookKey(loaded),
        window,
        outFile: built,
        workDir: work,
      });
      await copyFile(built, input.out);
    } else if (format === "app" && window) {
      const { buildApp } = await import("./app.js");
      const appDir = join(work, basename(input.out));
      const zip = await buildApp({
        bookDir,
        icns: await icnsFile(cover),
        title,
        identifier: `com.turnleaf.flipbook.b${bookKey(loaded)}`,
        version: "1.0",
        window,
        appDir,
      });
      await rm(input.out, { recursive: true, force: true });
      await cp(appDir, input.out, { recursive: true });
      await copyFile(zip, `${input.out}.zip`);
      written = `${input.out}.zip`;
    } else if (format === "apk" && apkInfo && signing) {
      const { buildApk } = await import("./apk.js");
      const built = join(work, "book.apk");
      await buildApk(context, {
        bookDir,
        iconPng: await squareIcon(cover, 192),
        info: apkInfo,
        keystore: signing.keystore,
        alias: signing.alias,
        password: signing.password,
        outFile: built,
        workDir: join(work, "apk"),
      });
      await copyFile(built, input.out);
      await appendHistory(input.projectDir, { ...apkInfo, publishedAt: context.now().toISOString() });
    }
    const bytes = (await stat(written)).size;
    if (options.json) {
      context.print(JSON.stringify({ file: written, format, bytes, ...(apkInfo ?? {}) }));
      return;
    }
    context.print(context.t("nativePublished", { file: written, size: bytes }));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** --icon: a picture sharp reads (PNG, JPEG, WebP), else the publish failure naming it. */
async function iconPicture(context: Context, icon: string, format: string): Promise<Buffer> {
  const path = resolve(context.cwd, icon);
  const bytes = await readFile(path).catch(() => {
    throw new CliError(text("fileNotFound", { file: icon }), exitCodes.noInput);
  });
  await sharp(bytes)
    .metadata()
    .catch((error: unknown) => {
      throw new CliError(
        text("nativePublishFailed", { format: format.toUpperCase(), detail: `${icon}: ${(error as Error).message}` }),
        exitCodes.invalidInput,
      );
    });
  return bytes;
}

/** The signing keystore of --signature NAME from the platform, opened with --signature-password. */
async function signatureKeystore(
  context: Context,
  options: NativeOptions,
): Promise<{ keystore: Buffer; alias: string; password: string }> {
  if (!options.signature || !options.signaturePassword) throw new UsageError(text("apkSignatureRequired"));
  const cloud = await Cloud.open(context, options.server);
  if (!cloud.loggedIn) throw new CliError(text("signatureLogin"), 77);
  const { fetchKeystore } = await import("../signatures.js");
  const answer = await fetchKeystore(cloud, options.signature, options.signaturePassword);
  return { keystore: answer.keystore, alias: answer.alias, password: options.signaturePassword };
}
