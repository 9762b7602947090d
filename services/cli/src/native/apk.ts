/**
 * --format apk: an Android package made with Debian's Android tools: aapt packs the manifest (APK info), the cover
 * icon and the offline book under assets/ against the framework resources; smali assembles the WebView activity
 * into classes.dex; zipalign aligns; apksigner signs with the user's signature (a PKCS12 keystore from the
 * platform, opened with the user's password, which reaches apksigner through the environment only).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ApkInfo } from "@turnleaf/kit/apk-info";
import type { Context } from "../context.js";
import { CliError, exitCodes } from "../errors.js";
import { escapeHtml } from "../html-escape.js";
import { text } from "../i18n/text.js";
import { activityClass, bookActivitySmali } from "./book-activity.js";
import { frameworkRes, runTool, smaliDir } from "./tools.js";

export interface ApkInput {
  bookDir: string;
  iconPng: Buffer;
  info: ApkInfo;
  /** The signing key: a PKCS12 keystore, its alias and password. */
  keystore: Buffer;
  alias: string;
  password: string;
  outFile: string;
  workDir: string;
}

/** An attribute value aapt reads literally: XML-escaped, a leading @ or ? escaped (else it is a reference). */
const literal = (text: string) => escapeHtml(text).replace(/^([@?])/, "\\$1");

export function androidManifest(info: ApkInfo): string {
  const label = literal(info.name);
  return `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android"
    package="${info.applicationId}"
    android:versionCode="${info.versionCode}"
    android:versionName="${literal(info.versionName)}">
  <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="29" />
  <application android:label="${label}" android:icon="@drawable/icon" android:allowBackup="false">
    <activity android:name="${activityClass}" android:label="${label}" android:exported="true"
        android:configChanges="orientation|screenSize|keyboardHidden|screenLayout">
      <intent-filter>
        <action android:name="android.intent.action.MAIN" />
        <category android:name="android.intent.category.LAUNCHER" />
      </intent-filter>
    </activity>
  </application>
</manifest>
`;
}

/** Assembles the activity into `dexFile` with the smali jars of scripts/install-smali.sh. */
async function assembleDex(context: Context, workDir: string, dexFile: string): Promise<void> {
  const jars = smaliDir(context.env);
  const source = join(workDir, "BookActivity.smali");
  await writeFile(source, bookActivitySmali, "utf8");
  try {
    await runTool("java", ["-cp", join(jars, "*"), "org.jf.smali.Main", "assemble", "-o", dexFile, source]);
  } catch (error) {
    if (error instanceof CliError && /ClassNotFound|Could not find or load main class/.test(error.message)) {
      throw new CliError(text("nativeSmaliMissing", { dir: jars }), exitCodes.unavailable);
    }
    throw error;
  }
}

export async function buildApk(context: Context, input: ApkInput): Promise<void> {
  const { workDir } = input;
  await mkdir(join(workDir, "res", "drawable"), { recursive: true });
  await writeFile(join(workDir, "res", "drawable", "icon.png"), input.iconPng);
  await writeFile(join(workDir, "AndroidManifest.xml"), androidManifest(input.info), "utf8");
  await assembleDex(context, workDir, join(workDir, "classes.dex"));
  const unsigned = join(workDir, "unsigned.apk");
  await runTool("aapt", [
    "package",
    "-f",
    "-M",
    join(workDir, "AndroidManifest.xml"),
    "-S",
    join(workDir, "res"),
    "-A",
    input.bookDir,
    // aapt leaves out names starting with "." or folders starting with "_" by default: the book keeps every file.
    "--ignore-assets",
    "!.svn:!.git:!.DS_Store",
    "-I",
    frameworkRes(context.env),
    "-F",
    unsigned,
  ]);
  await runTool("aapt", ["add", unsigned, "classes.dex"], { cwd: workDir });
  const aligned = join(workDir, "aligned.apk");
  await runTool("zipalign", ["-f", "-p", "4", unsigned, aligned]);
  const keystore = join(workDir, "signature.p12");
  await writeFile(keystore, input.keystore, { mode: 0o600 });
  await runTool(
    "apksigner",
    [
      "sign",
      "--ks",
      keystore,
      "--ks-type",
      "PKCS12",
      "--ks-key-alias",
      input.alias,
      "--ks-pass",
      "env:TURNLEAF_KS_PASS",
      "--key-pass",
      "env:TURNLEAF_KS_PASS",
      "--out",
      input.outFile,
      aligned,
    ],
    { env: { TURNLEAF_KS_PASS: input.password } },
  ).catch((error: unknown) => {
    // A keystore the password does not open: the spec's text.
    if (error instanceof CliError && /password|keystore|Failed to load signer/i.test(error.message)) {
      throw new CliError(text("signatureOrPassword"));
    }
    throw error;
  });
}
