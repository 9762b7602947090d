/**
 * The editor's publish dialog (spec 001 §3 and §5), checked on the server: the format (HTML, EXE, APP, APK), the
 * EXE/APP launch window (maximised, maximised plus full-screen, custom width × height), and the APK info — name
 * required; application ID of English letters and digits in dot-separated segments not starting with a digit (two
 * segments at least: Android installs no other), equal to the one the book was published with before; version
 * number a whole number rising by exactly 1 with each update of the same book; version name required; a signature
 * and its password. Pure: the route answers the first broken rule as a coded message (the spec's texts).
 */
import { type ApkInfo, type ApkInfoText, applicationIdPattern, versionCodeOf } from "@turnleaf/kit/apk-info";

export const packageFormats = ["html", "exe", "app", "apk"] as const;
export type PackageFormat = (typeof packageFormats)[number];

export interface PackageRequest {
  format: PackageFormat;
  title: string;
  /** EXE and APP. */
  window?: { mode: "maximized" | "fullscreen" | "custom"; width?: number; height?: number };
  /** EXE, APP and APK: the icon's picture (PNG or JPEG) in place of the book's cover. */
  icon?: Buffer;
  /** APK. */
  apk?: ApkInfo;
  signature?: string;
}

export type PackageRuleBreak =
  | { key: "publishFormat" }
  | { key: "publishWindowSize" }
  | { key: "publishIconFormat"; max: number }
  | { key: "apkNameRequired" }
  | { key: "apkIdFormat" }
  | { key: "apkIdChanged"; id: string }
  | { key: "apkVersionNumber" }
  | { key: "apkVersionNotNext"; last: number; expected: number }
  | { key: "apkVersionNameRequired" }
  | { key: "apkSignatureRequired" };

/** The window's custom size in pixels; texts are held to `textMax` characters by the route's schema. */
export const packageLimits = { windowMin: 200, windowMax: 10_000, textMax: 100, iconBytes: 256 * 1024 } as const;

export interface PackageForm extends ApkInfoText {
  format?: string;
  title?: string;
  /** The icon's bytes in base64 (the dialog reads the chosen picture). */
  icon?: string;
  window?: string;
  width?: string;
  height?: string;
}

export const isPackageRuleBreak = (value: PackageRequest | PackageRuleBreak): value is PackageRuleBreak =>
  "key" in value;

/** The last APK of the book: the next must keep its ID and take the next version number. */
export interface LastRelease {
  applicationId: string;
  versionCode: number;
}

/** The icon's bytes: undefined when none was sent, null when it is no PNG or JPEG up to the limit. */
function iconOf(base64: string | undefined): Buffer | undefined | null {
  if (!base64) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, "base64");
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return (png || jpeg) && bytes.length <= packageLimits.iconBytes ? bytes : null;
}

/** Checks the dialog's form as sent; answers the request or the first rule it breaks. */
export function checkPackageForm(
  form: PackageForm,
  fallbackTitle: string,
  last?: LastRelease,
): PackageRequest | PackageRuleBreak {
  const format = (form.format ?? "").trim().toLowerCase() as PackageFormat;
  if (!packageFormats.includes(format)) return { key: "publishFormat" };
  const title = (form.title ?? "").trim() || fallbackTitle.trim() || "Flipbook";
  if (format === "html") return { format, title };
  const icon = iconOf(form.icon);
  if (icon === null) return { key: "publishIconFormat", max: packageLimits.iconBytes / 1024 };
  const withIcon = icon ? { icon } : {};
  if (format === "exe" || format === "app") {
    const mode = (form.window ?? "maximized").trim().toLowerCase();
    if (mode === "maximized" || mode === "fullscreen") return { format, title, ...withIcon, window: { mode } };
    if (mode !== "custom") return { key: "publishWindowSize" };
    const pixels = (value?: string) => (value && /^\d{1,5}$/.test(value.trim()) ? Number(value) : Number.NaN);
    const width = pixels(form.width);
    const height = pixels(form.height);
    const inRange = (value: number) => value >= packageLimits.windowMin && value <= packageLimits.windowMax;
    if (!inRange(width) || !inRange(height)) return { key: "publishWindowSize" };
    return { format, title, ...withIcon, window: { mode, width, height } };
  }
  const name = (form.appName ?? "").trim();
  if (!name) return { key: "apkNameRequired" };
  const applicationId = (form.appId ?? "").trim();
  if (!applicationIdPattern.test(applicationId)) return { key: "apkIdFormat" };
  if (last && applicationId !== last.applicationId) return { key: "apkIdChanged", id: last.applicationId };
  const expected = last ? last.versionCode + 1 : undefined;
  const versionText = (form.versionCode ?? "").trim();
  const versionCode = versionCodeOf(versionText);
  if (!(versionCode >= 1)) return { key: "apkVersionNumber" };
  if (expected !== undefined && versionCode !== expected) {
    return { key: "apkVersionNotNext", last: last?.versionCode ?? 0, expected };
  }
  const versionName = (form.versionName ?? "").trim();
  if (!versionName) return { key: "apkVersionNameRequired" };
  const signature = (form.signature ?? "").trim();
  if (!signature || !form.signaturePassword) return { key: "apkSignatureRequired" };
  return { format, title, ...withIcon, apk: { name, applicationId, versionCode, versionName }, signature };
}
