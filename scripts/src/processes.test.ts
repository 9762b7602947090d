import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startProcess, waitForHttp, waitForTcp } from "./processes.js";

const log = pino({ level: "silent" });

async function listenOnFreePort(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("startProcess", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("prefixes every output line with the process name", async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const handle = await startProcess({
      name: "talker",
      command: "sh",
      args: ["-c", 'echo "one"; echo "two" >&2; printf three'],
      log,
    });
    expect(await handle.exited).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written.sort()).toEqual(["talker | one\n", "talker | three\n", "talker | two\n"]);
  });

  it("writes the output to logFile when one is given", async () => {
    const dir = await mkdtemp(join(tmpdir(), "turnleaf-processes-"));
    try {
      const logFile = join(dir, "writer.log");
      const handle = await startProcess({
        name: "writer",
        command: "sh",
        args: ["-c", "echo out; echo err >&2"],
        log,
        logFile,
      });
      expect(await handle.exited).toBe(0);
      expect((await readFile(logFile, "utf8")).split("\n").sort()).toEqual(["", "err", "out"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("passes env on top of the parent's environment", async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const handle = await startProcess({
      name: "env",
      command: "sh",
      args: ["-c", 'echo "$GREETING $HOME"'],
      env: { GREETING: "hi" },
      log,
    });
    await handle.exited;
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([`env | hi ${process.env.HOME}\n`]);
  });

  it("stop() sends SIGTERM, then SIGKILL once the stop timeout passes", async () => {
    const polite = await startProcess({ name: "polite", command: "sleep", args: ["30"], log });
    await polite.stop();
    expect(await polite.exited).toBeNull();

    const stubborn = await startProcess({
      name: "stubborn",
      command: "sh",
      args: ["-c", "trap '' TERM; while :; do sleep 0.05; done"],
      log,
      stopTimeoutMs: 300,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedStopping = Date.now();
    await stubborn.stop();
    expect(Date.now() - startedStopping).toBeGreaterThanOrEqual(290);
    await stubborn.stop();
  });

  it("rejects when the command does not exist", async () => {
    await expect(startProcess({ name: "ghost", command: "/does/not/exist", log })).rejects.toThrow(
      /ghost: cannot start/,
    );
  });
});

describe("waitForTcp", () => {
  it("resolves once the port accepts connections", async () => {
    const server = createServer();
    const port = await listenOnFreePort(server);
    try {
      await waitForTcp("127.0.0.1", port, 2_000);
    } finally {
      server.close();
    }
  });

  it("times out with the last problem in the message", async () => {
    const server = createServer();
    const port = await listenOnFreePort(server);
    await new Promise((resolve) => server.close(resolve));
    await expect(waitForTcp("127.0.0.1", port, 300)).rejects.toThrow(/timed out after 300 ms.*ECONNREFUSED/);
  });
});

describe("waitForHttp", () => {
  it("polls until the predicate accepts a response", async () => {
    let requests = 0;
    const server = createHttpServer((_request, response) => {
      requests += 1;
      response.writeHead(requests < 3 ? 503 : 200).end();
    });
    const port = await listenOnFreePort(server as unknown as Server);
    try {
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, (response) => response.ok, 5_000);
      expect(requests).toBe(3);
    } finally {
      server.close();
    }
  });

  it("stops early when its signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("server exited")), 100);
    await expect(
      waitForHttp("http://127.0.0.1:9/never", () => true, 10_000, { signal: controller.signal }),
    ).rejects.toThrow("server exited");
  });
});
