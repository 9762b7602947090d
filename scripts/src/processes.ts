import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { connect } from "node:net";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import type { Logger } from "pino";

export interface ProcessOptions {
  /** Shown as the prefix of every output line and in the supervisor's logs. */
  name: string;
  command: string;
  args?: readonly string[];
  /** Added to (and overriding) the parent's environment. */
  env?: Record<string, string | undefined>;
  cwd?: string;
  log: Logger;
  /** When set, the child's stdout and stderr go to this file (truncated) instead of `name | line` on stdout. */
  logFile?: string;
  /** How long stop() waits after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
}

export interface ProcessHandle {
  name: string;
  pid: number;
  /** Resolves with the exit code, or null when the process was ended by a signal. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if the process is still alive after the stop timeout. Safe to call more than once. */
  stop(): Promise<void>;
}

const defaultStopTimeoutMs = 5_000;

/** Children still running; killed outright if the parent exits without stopping them. */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function killLiveChildrenOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const child of liveChildren) child.kill("SIGKILL");
  });
}

/** Starts a child process; resolves once it has been spawned (rejects if, say, the command does not exist). */
export async function startProcess(options: ProcessOptions): Promise<ProcessHandle> {
  const { name, command, args = [], log } = options;
  const stopTimeoutMs = options.stopTimeoutMs ?? defaultStopTimeoutMs;

  // A file descriptor rather than a pipe: the child can keep writing even if this process dies first.
  const logFd = options.logFile === undefined ? undefined : openSync(options.logFile, "w");
  let child: ChildProcess;
  try {
    child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: logFd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logFd, logFd],
      // A process group of its own: Ctrl-C in a terminal reaches only the supervisor, which then stops the
      // children in order (gateway, services, stores) instead of all of them racing at once.
      detached: true,
    });
  } finally {
    if (logFd !== undefined) closeSync(logFd);
  }

  let stopRequested = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code, signal) => {
      liveChildren.delete(child);
      const details = { process: name, childPid: child.pid, code, signal };
      if (stopRequested) log.debug(details, "process stopped");
      else if (code === 0) log.info(details, "process exited");
      else log.warn(details, "process exited unexpectedly");
      resolve(code);
    });
  });

  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", (error) => reject(new Error(`${name}: cannot start ${command}: ${error.message}`)));
  });
  child.on("error", (error) => log.error({ process: name, err: error }, "process error"));
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name}: ${command} started without a pid`);

  liveChildren.add(child);
  killLiveChildrenOnExit();
  if (logFd === undefined) prefixOutputLines(name, child);
  log.debug({ process: name, childPid: pid, command, args }, "process started");

  let stopping: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopRequested = true;
      child.kill("SIGTERM");
      let killTimer: NodeJS.Timeout | undefined;
      const killLater = new Promise<void>((resolve) => {
        killTimer = setTimeout(() => {
          log.warn({ process: name, childPid: pid, stopTimeoutMs }, "process ignored SIGTERM; sending SIGKILL");
          child.kill("SIGKILL");
          resolve();
        }, stopTimeoutMs);
      });
      await Promise.race([exited, killLater]);
      clearTimeout(killTimer);
      await exited;
    })();
    return stopping;
  }

  return { name, pid, exited, stop };
}

function prefixOutputLines(name: string, child: ChildProcess): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      process.stdout.write(`${name} | ${line}\n`);
    });
  }
}

export interface WaitOptions {
  /** Stops waiting early (rejecting with the signal's reason), e.g. when the server being waited for has exited. */
  signal?: AbortSignal;
  /** Pause between attempts. */
  intervalMs?: number;
}

/**
 * Calls `probe` until it returns true or the timeout passes. A probe that throws counts as "not yet";
 * its last error ends up in the timeout message.
 */
export async function pollUntil(
  description: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  options: WaitOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const intervalMs = options.intervalMs ?? 100;
  let lastProblem = "no attempt finished";
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      if (await probe()) return;
      lastProblem = "not ready yet";
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() + intervalMs > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${description} (last attempt: ${lastProblem})`);
    }
    await sleep(intervalMs, undefined, options.signal ? { signal: options.signal } : undefined).catch(() => {
      options.signal?.throwIfAborted();
    });
  }
}

/** Resolves once a TCP connection to host:port succeeds. */
export async function waitForTcp(host: string, port: number, timeoutMs: number, options?: WaitOptions): Promise<void> {
  await pollUntil(`tcp ${host}:${port}`, () => canConnect(host, port), timeoutMs, options);
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error("connect timed out"));
    });
    socket.once("error", reject);
  });
}

/** Resolves once a GET of `url` yields a response that `predicate` accepts. */
export async function waitForHttp(
  url: string,
  predicate: (response: Response) => boolean | Promise<boolean>,
  timeoutMs: number,
  options?: WaitOptions,
): Promise<void> {
  await pollUntil(
    `GET ${url}`,
    async () => {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      try {
        if (await predicate(response)) return true;
        throw new Error(`HTTP ${response.status}`);
      } finally {
        if (!response.bodyUsed) await response.body?.cancel();
      }
    },
    timeoutMs,
    options,
  );
}
