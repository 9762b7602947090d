/**
 * An APK's info (spec 001 §3 "APK info" and §5) as the gateway checks the editor's form and the desktop tool its
 * options: each side keeps its own order and errors (the desktop tool fills in its last release's ID and next
 * version number).
 */
export interface ApkInfo {
  name: string;
  applicationId: string;
  versionCode: number;
  versionName: string;
}

/** The APK info and signature as typed (the editor's publish form, the desktop tool's options): text, unchecked. */
export interface ApkInfoText {
  appName?: string;
  appId?: string;
  versionCode?: string;
  versionName?: string;
  /** The signature (turnleaf signature create) and its password. */
  signature?: string;
  signaturePassword?: string;
}

/** Letters and digits in dot-separated segments that do not start with a digit, two at least (Android installs no other). */
export const applicationIdPattern = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)+$/;

/** The version number as typed: a whole number of up to nine digits, else NaN. */
export const versionCodeOf = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : Number.NaN);
