import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * The built CLI, bundled as its bin and the gateway's image run it (scripts/bundle-services.mjs); the tests run it as
 * a child process, as a user would.
 */
export const repoRoot = join(import.meta.dirname, "..", "..");
export const cliMain = join(repoRoot, "services", "cli", "dist", "main.bundle.mjs");

export function assertCliBuilt(): void {
  if (!existsSync(cliMain)) {
    throw new Error(
      `${cliMain} is missing: build first (node_modules/.bin/tsc -b && node scripts/bundle-services.mjs cli)`,
    );
  }
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program to completion (php, the CLI). */
export function runProgram(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 120_000, ...options }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/**
 * The tests read the tool's English texts: TURNLEAF_LANG=en unless a test sets the language itself (the tool speaks
 * Chinese by default; tests/cli/language.test.ts runs it without any).
 */
const english = { TURNLEAF_LANG: "en" };

/** Runs the built CLI in `cwd` with the state folder `home` (TURNLEAF_HOME). */
export function runCli(cwd: string, home: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return runProgram(process.execPath, [cliMain, ...args], {
    cwd,
    env: { ...process.env, ...english, TURNLEAF_HOME: home, ...env },
  });
}

/** Starts the built CLI without waiting for it: its output is collected, `exited` resolves with the status. */
export function startCli(cwd: string, home: string, args: string[], env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(process.execPath, [cliMain, ...args], {
    cwd,
    env: { ...process.env, ...english, TURNLEAF_HOME: home, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk: Buffer) => {
    output.stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output.stderr += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on("exit", (code, signal) => resolve({ code, signal }));
  });
  return { child, output, exited };
}
