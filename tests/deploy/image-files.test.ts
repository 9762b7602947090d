/**
 * The file set of each service image (scripts/image-files.mjs, deploy/Dockerfile's build stage) runs: each
 * service's folder is assembled in a temporary directory with no node_modules above it, and the service is started
 * from it as the image's CMD starts it, on the run's real stores, until it answers its health check: the HEALTHCHECK
 * program (services/kit/dist/healthcheck.js, from the same folder) for the gRPC services, GET /livez for the
 * gateway. Then it is stopped with SIGTERM and must exit 0.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageServices, writeImageFiles } from "../../scripts/image-files.mjs";
import { type ProcessHandle, startProcess, waitForHttp, waitForTcp } from "../../scripts/src/processes.js";
import {
  freeServicePorts,
  type ProcessName,
  type ServicePorts,
  serviceArguments,
  serviceEnvironment,
} from "../../scripts/src/services.js";
import { workerStores } from "../setup/worker-stores.js";

const log = pino({ level: "silent" });
const services = imageServices as ProcessName[];
let base: string;
let ports: ServicePorts;
const folders = new Map<ProcessName, string>();
const running = new Map<ProcessName, ProcessHandle>();

/** Runs a program in a service's folder; resolves with its exit code. */
function run(folder: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: folder, env: { ...process.env, ...env }, timeout: 10_000 }, (error) =>
      resolve(error ? Number(error.code ?? 1) || 1 : 0),
    );
  });
}

/** Whether the HEALTHCHECK of a gRPC image (node services/kit/dist/healthcheck.js) reports SERVING. */
async function grpcHealthy(name: ProcessName, timeoutMs: number): Promise<boolean> {
  const folder = folders.get(name) ?? "";
  const deadline = Date.now() + timeoutMs;
  // Listening first (cheap to ask): each run of the health check program is a Node process of its own.
  await waitForTcp("127.0.0.1", ports[name], timeoutMs).catch(() => undefined);
  while (Date.now() < deadline) {
    const code = await run(folder, ["services/kit/dist/healthcheck.js"], { GRPC_PORT: String(ports[name]) });
    if (code === 0) return true;
    if (running.get(name) === undefined) return false;
    await sleep(500);
  }
  return false;
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "turnleaf-image-files-"));
  // The point of the test: nothing outside a folder can supply a module it lacks.
  for (let dir = base; dir !== dirname(dir); dir = dirname(dir))
    expect(existsSync(join(dir, "node_modules"))).toBe(false);
  // One nft cache for all eight: each module is read and parsed once. Hard links: the files are not copied.
  const cache = {};
  for (const name of services) {
    const folder = join(base, name);
    await writeImageFiles(name, folder, { link: true, cache });
    folders.set(name, folder);
  }
  ports = await freeServicePorts();
  // The run's stores, never stopped here.
  const stores = { ...workerStores(), stop: async () => undefined };
  for (const name of services) {
    const handle = await startProcess({
      name: `image-${name}`,
      command: process.execPath,
      // The images' CMD.
      args: serviceArguments(name),
      cwd: folders.get(name),
      env: {
        NODE_ENV: "production",
        ...serviceEnvironment(name, stores, ports, { demo: false, logLevel: "warn" }),
        // One render lane (a worker thread or process from dist/render/render.worker.js) shows its files are there.
        CONVERSION_WORKERS: "1",
      },
      log,
      logFile: join(base, `${name}.log`),
    });
    running.set(name, handle);
    void handle.exited.then(() => running.delete(name));
  }
}, 180_000);

afterAll(async () => {
  await Promise.all([...running.values()].map((handle) => handle.stop()));
  if (base) await rm(base, { recursive: true, force: true });
});

describe("each service image's file set", () => {
  it.each(services.filter((name) => name !== "gateway"))(
    "%s starts from its folder and answers gRPC health",
    async (name) => {
      const healthy = await grpcHealthy(name, 60_000);
      if (!healthy) expect(await readFile(join(base, `${name}.log`), "utf8")).toBe("a healthy process");
      const handle = running.get(name);
      await handle?.stop();
      expect(await handle?.exited).toBe(0);
    },
  );

  // pdf.js's Node build loads its own @napi-rs/canvas as it loads (a DOMMatrix without it: a warning, and no canvas).
  const pdfjsWithCanvas = [
    "await import('pdfjs-dist/legacy/build/pdf.mjs');",
    "if (typeof globalThis.DOMMatrix !== 'function') process.exit(5);",
  ];

  it("conversion's folder loads the native addons, PDFium and pdf.js its renders load on demand", async () => {
    // Loaded only when a page is rendered, not at start: koffi (native PDFium), jpeg-turbo, sharp, PDFium's
    // WebAssembly build and its wasm file, pdf.js with its canvas and standard fonts.
    const load = [
      "await import('koffi'); await import('@julusian/jpeg-turbo'); await import('sharp'); await import('@embedpdf/pdfium');",
      ...pdfjsWithCanvas,
      "const { createRequire } = await import('node:module'); const { existsSync } = await import('node:fs');",
      "const require = createRequire(process.cwd() + '/services/conversion/');",
      "if (!existsSync(require.resolve('@embedpdf/pdfium/pdfium.wasm'))) process.exit(3);",
      "if (!existsSync(require.resolve('pdfjs-dist/standard_fonts/FoxitSerif.pfb'))) process.exit(4);",
    ].join(" ");
    expect(await run(folders.get("conversion") ?? "", ["--input-type=module", "-e", load], {})).toBe(0);
  });

  it("upload's folder loads pdf.js (page counts) with its canvas", async () => {
    expect(await run(folders.get("upload") ?? "", ["--input-type=module", "-e", pdfjsWithCanvas.join(" ")], {})).toBe(
      0,
    );
  });

  it("gateway starts from its folder and answers /livez", async () => {
    const handle = running.get("gateway");
    await waitForHttp(`http://127.0.0.1:${ports.gateway}/livez`, (response) => response.ok, 60_000).catch(async () => {
      expect(await readFile(join(base, "gateway.log"), "utf8")).toBe("a healthy process");
    });
    // Its folder also holds what it serves and the command-line tool its package builds run.
    const asset = (await readdir(join(folders.get("gateway") ?? "", "web/reader/dist/assets"))).find((name) =>
      name.endsWith(".js"),
    );
    for (const path of ["/book_edit2/", `/reader/assets/${asset}`, "/resourceFiles/settings/settings.json"]) {
      expect((await fetch(`http://127.0.0.1:${ports.gateway}${path}`)).status, path).toBe(200);
    }
    expect(
      await run(folders.get("gateway") ?? "", ["services/cli/dist/main.bundle.mjs", "design", "list", "templates"], {}),
    ).toBe(0);
    await handle?.stop();
    expect(await handle?.exited).toBe(0);
  });
});
