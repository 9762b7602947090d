import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LanguageService } from "@turnleaf/contracts/language/v1/language_service_pb";
import { createClient } from "@turnleaf/kit";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { startProcess, waitForTcp } from "../../scripts/src/processes.js";
import { freePort, repositoryRoot } from "../../scripts/src/services.js";
import { workerStores } from "../setup/worker-stores.js";

// One built service process at a time, for what only a real process shows: start-up config errors and tracing.
const log = pino({ level: "silent" });
const stores = workerStores();

async function runLanguageService(env: Record<string, string>) {
  const logFile = join(await mkdtemp(join(tmpdir(), "turnleaf-process-")), "language.log");
  const handle = await startProcess({
    name: "language",
    command: process.execPath,
    args: ["--import", "@turnleaf/kit/telemetry-preload", "services/language/dist/main.bundle.mjs"],
    cwd: repositoryRoot,
    env: { OTEL_TRACES_EXPORTER: "", OTEL_EXPORTER_OTLP_ENDPOINT: "", ...env },
    log,
    logFile,
  });
  return { handle, output: () => readFile(logFile, "utf8") };
}

describe("a service process", () => {
  it("refuses to start on bad configuration and lists every problem", async () => {
    const { handle, output } = await runLanguageService({ GRPC_PORT: "99999", MONGODB_URI: "", LOG_LEVEL: "loud" });
    expect(await handle.exited).toBe(1);
    const text = await output();
    const fatal = JSON.parse(text.trim().split("\n").at(-1) ?? "{}") as {
      level: number;
      problems: string[];
      msg: string;
    };
    expect(fatal.level).toBe(60);
    expect(fatal.msg).toContain("language: invalid configuration");
    expect(fatal.problems.map((problem) => problem.split(":")[0]).sort()).toEqual([
      "GRPC_PORT",
      "LOG_LEVEL",
      "MONGODB_URI",
    ]);
  });

  it("emits OpenTelemetry spans for its RPCs only when an exporter is configured", async () => {
    const port = await freePort();
    const { handle, output } = await runLanguageService({
      GRPC_HOST: "127.0.0.1",
      GRPC_PORT: String(port),
      MONGODB_URI: stores.mongodbUri,
      OTEL_TRACES_EXPORTER: "console",
      OTEL_METRICS_EXPORTER: "none",
      OTEL_LOGS_EXPORTER: "none",
      OTEL_SERVICE_NAME: "turnleaf-language",
    });
    await waitForTcp("127.0.0.1", port, 20_000);
    const client = createClient(LanguageService, `127.0.0.1:${port}`, { peer: "language" });
    await client.listInterfaceLanguages({});
    client.close();
    await handle.stop();
    const text = await output();
    expect(text).toContain("'service.name': 'turnleaf-language'");
    expect(text).toMatch(/name: 'grpc\.turnleaf\.language\.v1\.LanguageService\/ListInterfaceLanguages'/);
  });

  it("stays silent about telemetry without OTEL_* settings", async () => {
    const port = await freePort();
    const { handle, output } = await runLanguageService({
      GRPC_HOST: "127.0.0.1",
      GRPC_PORT: String(port),
      MONGODB_URI: stores.mongodbUri,
    });
    await waitForTcp("127.0.0.1", port, 20_000);
    const client = createClient(LanguageService, `127.0.0.1:${port}`, { peer: "language" });
    await client.listInterfaceLanguages({});
    client.close();
    expect(await handle.stop().then(() => handle.exited)).toBe(0);
    const lines = (await output()).trim().split("\n");
    expect(lines.every((line) => line.startsWith("{"))).toBe(true);
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain("grpc server listening");
  });
});
