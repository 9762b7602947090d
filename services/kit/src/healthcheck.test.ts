import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { LanguageService } from "@turnleaf/contracts/language/v1/language_service_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningGrpcServer, serve, startGrpcServer } from "./grpc-server.js";
import { createLogger } from "./logger.js";

const run = promisify(execFile);
const script = fileURLToPath(new URL("./healthcheck.ts", import.meta.url));

/** Runs the health check script as the image's HEALTHCHECK does and returns its exit code. */
async function healthcheck(port: string | undefined): Promise<number> {
  const { GRPC_PORT: _unset, ...inherited } = process.env;
  const env = port === undefined ? inherited : { ...inherited, GRPC_PORT: port };
  try {
    await run(process.execPath, ["--import", "tsx", script], { env, timeout: 20_000 });
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

let server: RunningGrpcServer;

beforeAll(async () => {
  const log = createLogger({ service: "kit-test", level: "silent" });
  const implementation = { listInterfaceLanguages: async () => ({ languages: [] }) };
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: [serve(LanguageService, implementation)],
    log,
  });
});

afterAll(() => server.stop(100));

describe("container health check", () => {
  it("passes only while the server reports SERVING", async () => {
    server.setServing(false);
    expect(await healthcheck(String(server.port))).toBe(1);
    server.setServing(true);
    expect(await healthcheck(String(server.port))).toBe(0);
  });

  it("fails when nothing listens, and without GRPC_PORT", async () => {
    await server.stop(100);
    expect(await healthcheck(String(server.port))).toBe(1);
    expect(await healthcheck(undefined)).toBe(2);
  });
});
