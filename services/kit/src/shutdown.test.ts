import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const shutdownModule = fileURLToPath(new URL("./shutdown.ts", import.meta.url));
const loggerModule = fileURLToPath(new URL("./logger.ts", import.meta.url));

/** A process that closes a step taking `stepMs` on SIGTERM; resolves with its exit code and log lines. */
async function stopProcess(stepMs: number): Promise<{ code: number | null; lines: Record<string, unknown>[] }> {
  const script = [
    `const { closeOnSignals } = await import(${JSON.stringify(shutdownModule)});`,
    `const { createLogger } = await import(${JSON.stringify(loggerModule)});`,
    `const log = createLogger({ service: "shutdown-test", level: "info" });`,
    `closeOnSignals(log, [{ name: "slow-drain", close: () => new Promise((resolve) => setTimeout(resolve, ${stepMs})) }], 10_000);`,
    `setInterval(() => undefined, 1_000);`,
    `log.info("ready");`,
  ].join("\n");
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (output.includes('"ready"') && !child.killed) child.kill("SIGTERM");
  });
  const [code] = await once(child, "exit");
  const lines = output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { code: code as number | null, lines };
}

describe("closeOnSignals", () => {
  it("names a shutdown step still running after a second, then finishes it and exits cleanly", async () => {
    const { code, lines } = await stopProcess(1_500);
    expect(code).toBe(0);
    expect(lines).toContainEqual(
      expect.objectContaining({ step: "slow-drain", msg: "shutdown step still running after 1 s" }),
    );
    expect(lines.map((line) => line.msg)).toContain("stopped");
  }, 30_000);

  it("names no step that finishes within the second", async () => {
    const { code, lines } = await stopProcess(50);
    expect(code).toBe(0);
    expect(lines.map((line) => line.msg)).not.toContain("shutdown step still running after 1 s");
  }, 30_000);
});
