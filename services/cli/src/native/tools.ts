/**
 * The platform toolchains the native formats run (makensis, aapt, zipalign, apksigner, keytool, java): one
 * child process each, its failure turned into a catalogue text naming the tool (and the Debian package when the
 * tool is missing). Secrets travel in the environment, never on the command line.
 */
import { execFile } from "node:child_process";
import { homedir } from "node:os";
import { join } from "node:path";
import { CliError, exitCodes } from "../errors.js";
import { text } from "../i18n/text.js";

/** Where each tool comes from (scripts/setup.sh installs them). */
export const toolPackages: Readonly<Record<string, string>> = {
  makensis: "nsis",
  aapt: "aapt",
  zipalign: "zipalign",
  apksigner: "apksigner",
  keytool: "default-jdk-headless",
  java: "default-jdk-headless",
};

export interface ToolRun {
  stdout: string;
  stderr: string;
}

/** Runs `tool args` to completion; a missing tool or a non-zero exit is a CliError with the catalogue's text. */
export function runTool(
  tool: string,
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      tool,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        timeout: options.timeoutMs ?? 300_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        if ((error as NodeJS.ErrnoException).code === "ENOENT") {
          return reject(
            new CliError(
              text("nativeToolMissing", { tool, package: toolPackages[tool] ?? tool }),
              exitCodes.unavailable,
            ),
          );
        }
        const detail = (stderr || stdout || error.message).trim().split("\n").slice(-6).join("\n");
        reject(new CliError(text("nativeToolFailed", { tool, detail }), exitCodes.cannotCreate));
      },
    );
    // No tool here reads its input: one that asks for something (a password prompt) ends at once instead of waiting.
    child.stdin?.end();
  });
}

/** The smali jars (scripts/install-smali.sh): $TURNLEAF_SMALI_DIR, else ~/.cache/turnleaf/smali. */
export function smaliDir(env: NodeJS.ProcessEnv): string {
  return env.TURNLEAF_SMALI_DIR || join(homedir(), ".cache", "turnleaf", "smali");
}

/** The framework resources aapt links an APK against (Debian's android-framework-res). */
export function frameworkRes(env: NodeJS.ProcessEnv): string {
  return env.TURNLEAF_ANDROID_FRAMEWORK || "/usr/share/android-framework-res/framework-res.apk";
}
