import type { Fields } from "../api.js";
import type { Labels } from "../labels.js";

export type Format = "html" | "exe" | "app" | "apk";
export type WindowMode = "maximized" | "fullscreen" | "custom";

/** A package being built (get-package): its state and, once ready, its file. */
export interface Job {
  jobId: string;
  state: "queued" | "building" | "ready" | "failed";
  fileName?: string;
  bytes?: number;
  download?: string;
  error?: string;
}

/** What the dialog holds for one package, whatever its format. */
export interface PackageChoices {
  bookId: string;
  format: Format;
  title: string;
  /** The chosen icon's bytes in base64; none: the server uses the book's cover. */
  icon: string | undefined;
  window: { mode: WindowMode; width: string; height: string };
  apk: {
    appName: string;
    appId: string;
    versionCode: string;
    versionName: string;
    signature: string;
    password: string;
  };
}

/** The create-package request: only the fields the chosen format takes. */
export function packageRequest(choices: PackageChoices): Fields {
  const { format, window, apk } = choices;
  return {
    bookId: choices.bookId,
    format,
    title: choices.title,
    ...(format !== "html" && choices.icon ? { icon: choices.icon } : {}),
    ...(format === "exe" || format === "app"
      ? { window: window.mode, ...(window.mode === "custom" ? { width: window.width, height: window.height } : {}) }
      : {}),
    ...(format === "apk"
      ? {
          appName: apk.appName,
          appId: apk.appId,
          versionCode: apk.versionCode,
          versionName: apk.versionName,
          signature: apk.signature,
          signaturePassword: apk.password,
        }
      : {}),
  };
}

/** What the dialog says of a job's state; nothing before the first build. */
export function jobStateText(
  job: Job | undefined,
  labels: Pick<Labels, "queued" | "publishBuilding" | "publishReady" | "publishFailed">,
): string {
  if (!job) return "";
  return {
    queued: labels.queued,
    building: labels.publishBuilding,
    ready: labels.publishReady,
    failed: labels.publishFailed,
  }[job.state];
}
