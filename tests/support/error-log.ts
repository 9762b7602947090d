import { createLogger, type Logger } from "@turnleaf/kit";

/**
 * A logger for services run in the test's process that keeps their error lines (an rpc or request that failed,
 * with its cause) in memory instead of printing them: a failing assertion can name the cause of an unexpected
 * `unknownError` reply, which the reply itself hides.
 */
export function errorLog(service: string): { log: Logger; lines: () => string } {
  const kept: string[] = [];
  const log = createLogger({ service, level: "error" }, { write: (line: string) => void kept.push(line) });
  return { log, lines: () => (kept.length === 0 ? "no error was logged" : kept.join("")) };
}
