import { ConfigError } from "./config.js";
import { createLogger, type Logger } from "./logger.js";

export interface ShutdownStep {
  name: string;
  close(): Promise<void>;
}

const telemetryShutdownKey = Symbol.for("turnleaf.telemetry.shutdown");

async function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * On SIGTERM or SIGINT runs the steps in order (stop taking work first, close stores last), each bounded by
 * the grace period, then flushes telemetry and exits. A second signal exits at once.
 */
export function closeOnSignals(log: Logger, steps: ShutdownStep[], graceMs: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, "second signal, exiting now");
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, "shutting down");
    let clean = true;
    for (const step of steps) {
      // A step still running after a second is named: a process killed at the end of its grace period (a
      // supervisor's SIGKILL) tells no more, and a slow stop costs every restart and every test that stops it.
      const slow = setTimeout(() => log.warn({ step: step.name }, "shutdown step still running after 1 s"), 1_000);
      try {
        await withTimeout(step.close(), graceMs);
      } catch (error) {
        clean = false;
        log.error({ err: error, step: step.name }, "shutdown step failed");
      } finally {
        clearTimeout(slow);
      }
    }
    const flushTelemetry = (globalThis as Record<symbol, unknown>)[telemetryShutdownKey] as
      | (() => Promise<void>)
      | undefined;
    if (flushTelemetry) await withTimeout(flushTelemetry(), graceMs).catch(() => undefined);
    log.info("stopped");
    process.exit(clean ? 0 : 1);
  };
  process.on("SIGTERM", (signal) => void stop(signal));
  process.on("SIGINT", (signal) => void stop(signal));
}

/** Ends a process whose start failed: configuration problems are listed one per line, anything else logged. */
export function exitOnStartupFailure(service: string, error: unknown): never {
  const log = createLogger({ service, level: "info" });
  if (error instanceof ConfigError) log.fatal({ problems: error.problems }, error.message);
  else log.fatal({ err: error }, "start failed");
  process.exit(1);
}
