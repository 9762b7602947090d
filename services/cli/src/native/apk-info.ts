/**
 * APK info and its rules (spec 001 §3 and §5): name required; application ID of letters and digits in dot-separated
 * segments that do not start with a digit (two segments at least: Android installs no other), equal to the one the
 * book was published with before; version number a whole number rising by exactly 1 with each update of the same
 * book; version name required. The history of a book's APKs is kept in its project folder (apk-history.json).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type ApkInfo, applicationIdPattern, versionCodeOf } from "@turnleaf/kit/apk-info";
import { writeFileAtomic } from "../atomic-write.js";
import { CliError } from "../errors.js";
import { text } from "../i18n/text.js";

export interface ApkRelease extends ApkInfo {
  publishedAt: string;
}

export const historyFile = "apk-history.json";

export async function readHistory(projectDir: string): Promise<ApkRelease[]> {
  try {
    const parsed = JSON.parse(await readFile(join(projectDir, historyFile), "utf8")) as { releases?: ApkRelease[] };
    return Array.isArray(parsed.releases) ? parsed.releases : [];
  } catch {
    return [];
  }
}

export async function appendHistory(projectDir: string, release: ApkRelease): Promise<void> {
  const releases = [...(await readHistory(projectDir)), release];
  await writeFileAtomic(join(projectDir, historyFile), `${JSON.stringify({ releases }, null, 2)}\n`);
}

/**
 * The APK info of this build from the options and the book's last release: an update keeps the last ID and takes
 * the next version number when they are not given, and is refused when they are given otherwise.
 */
export function resolveApkInfo(
  given: { name?: string; applicationId?: string; versionCode?: string; versionName?: string },
  last: ApkRelease | undefined,
): ApkInfo {
  const name = (given.name ?? "").trim();
  if (!name) throw new CliError(text("apkNameRequired"));
  const applicationId = (given.applicationId ?? last?.applicationId ?? "").trim();
  if (!applicationIdPattern.test(applicationId)) throw new CliError(text("apkIdFormat"));
  if (last && applicationId !== last.applicationId) {
    throw new CliError(text("apkIdChanged", { id: last.applicationId }));
  }
  const expected = last ? last.versionCode + 1 : undefined;
  const versionText = (given.versionCode ?? (expected ?? 1).toString()).trim();
  const versionCode = versionCodeOf(versionText);
  if (!(versionCode >= 1) || (expected !== undefined && versionCode !== expected)) {
    throw new CliError(
      expected === undefined
        ? text("apkVersionNumber")
        : text("apkVersionNotNext", { last: last?.versionCode ?? 0, expected }),
    );
  }
  const versionName = (given.versionName ?? "").trim();
  if (!versionName) throw new CliError(text("apkVersionNameRequired"));
  return { name, applicationId, versionCode, versionName };
}
