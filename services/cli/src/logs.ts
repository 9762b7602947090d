/**
 * The tool's log (spec 001 §2 error report and log export): each command appends one JSON line to the state folder's
 * `logs/turnleaf.log` — when, which command (its name only: arguments can hold passwords and licence codes), how it
 * ended (exit status and the failure's catalogue key or licence code) and how long it took. The file keeps its last
 * 1 MB. `turnleaf logs export --out FILE` writes it with the tool's version, Node and OS, for support
 * (`turnleaf feedback --logs` sends the same to the platform).
 */
import { appendFile, readFile, stat, writeFile } from "node:fs/promises";
import { arch, platform, release } from "node:os";
import { join, resolve } from "node:path";
import { LicenceError } from "@turnleaf/licence-client";
import type { Context } from "./context.js";
import { CliError, exitCodes, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { validatePath } from "./paths.js";
import { toolVersion } from "./version.js";

export const logFile = "turnleaf.log";
const maxLogBytes = 1024 * 1024;

export interface LogLine {
  at: string;
  command: string;
  exitCode: number;
  /** The failure's catalogue key (or `licence:<code>`), absent for a success. */
  failure?: string;
  ms: number;
}

/** What a failure is, as the log keeps it: a key or a code, never the user's data. */
export function failureKey(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  if (error instanceof LicenceError) return `licence:${error.code}`;
  if (error instanceof CliError) return error.text.key;
  return error instanceof Error ? error.name : "unknown";
}

/** Appends a command's line; a log that cannot be written never fails the command. */
export async function logCommand(context: Context, line: LogLine): Promise<void> {
  try {
    const dir = await context.state.folder("logs");
    const path = join(dir, logFile);
    await appendFile(path, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    const size = (await stat(path)).size;
    if (size > maxLogBytes) {
      const kept = (await readFile(path, "utf8")).slice(-maxLogBytes / 2);
      await writeFile(path, kept.slice(kept.indexOf("\n") + 1), { mode: 0o600 });
    }
  } catch {
    // The log is a help for support, not part of any command.
  }
}

/** The log with what support needs to read it: the tool's version, Node, the OS and the interface language. */
export async function logReport(context: Context): Promise<string> {
  const log = await readFile(join(context.state.dir, "logs", logFile), "utf8").catch(() => "");
  const header = {
    tool: "turnleaf",
    version: toolVersion(),
    node: process.version,
    os: `${platform()} ${release()} ${arch()}`,
    language: context.language,
    exportedAt: context.now().toISOString(),
  };
  return `${JSON.stringify(header)}\n${log}`;
}

export interface LogsOptions {
  action: string | undefined;
  out: string | undefined;
  json: boolean;
}

export async function logs(context: Context, options: LogsOptions): Promise<void> {
  if (options.action !== "export") throw new UsageError(text("logsUsage"));
  const out = resolve(context.cwd, validatePath(options.out, "pathOutput"));
  const report = await logReport(context);
  try {
    await writeFile(out, report, { mode: 0o600 });
  } catch (error) {
    throw new CliError(text("logsExportFailed", { detail: (error as Error).message }), exitCodes.cannotCreate);
  }
  const lines = report.split("\n").filter((line) => line !== "").length - 1;
  if (options.json) context.print(JSON.stringify({ file: out, lines }));
  else context.print(context.t("logsExported", { file: out, count: lines }));
}
