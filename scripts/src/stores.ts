import { constants } from "node:fs";
import { access, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { MongoClient } from "mongodb";
import type { Logger } from "pino";
import { freePort } from "./ports.js";
import { type ProcessHandle, pollUntil, startProcess, waitForHttp, waitForTcp } from "./processes.js";

export interface StorePorts {
  mongodb: number;
  minio: number;
  minioConsole: number;
  nats: number;
  natsMonitor: number;
}

export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

export interface StartStoresOptions {
  /** Holds every local server's data and logs: mongodb/, minio/, nats/, logs/. Created if missing. */
  dataDir: string;
  /** Ports for the servers started here; any not given is picked free. */
  ports?: Partial<StorePorts>;
  log: Logger;
  /**
   * Where MONGODB_URI, NATS_URL, S3_*, TURNLEAF_TOOLS_DIR, HOME and PATH are read from. Defaults to process.env;
   * pass a copy without the store variables to force local servers.
   */
  env?: Record<string, string | undefined>;
}

export interface RunningStores {
  mongodbUri: string;
  natsUrl: string;
  s3: S3Settings;
  /** The folder of FerretDB's SQLite files (one per database) when FerretDB serves MongoDB here. */
  sqliteDir?: string;
  /** Stops the servers started by startStores (external stores are left alone). */
  stop(): Promise<void>;
}

/** Fixed, well-known credentials: the local MinIO only ever listens on 127.0.0.1. */
const localS3 = { accessKey: "turnleaf", secretKey: "turnleaf-local-secret", region: "us-east-1" } as const;
const readyTimeoutMs = 60_000;
const logTailLines = 40;
const installHint = "run `bash scripts/install-servers.sh`";

interface StoresConfig {
  toolsDir: string;
  searchPath: string[];
  external: {
    mongodbUri: string | undefined;
    natsUrl: string | undefined;
    s3: S3Settings | undefined;
  };
}

function readStoresConfig(env: Record<string, string | undefined>): StoresConfig {
  const nonEmpty = (name: string) => (env[name]?.trim() ? env[name]?.trim() : undefined);
  const s3Endpoint = nonEmpty("S3_ENDPOINT");
  let s3: S3Settings | undefined;
  if (s3Endpoint) {
    const accessKey = nonEmpty("S3_ACCESS_KEY_ID");
    const secretKey = nonEmpty("S3_SECRET_ACCESS_KEY");
    if (!accessKey || !secretKey) {
      throw new Error("S3_ENDPOINT is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set as well");
    }
    s3 = { endpoint: s3Endpoint, accessKey, secretKey, region: nonEmpty("S3_REGION") ?? localS3.region };
  }
  return {
    toolsDir: nonEmpty("TURNLEAF_TOOLS_DIR") ?? join(nonEmpty("HOME") ?? homedir(), ".cache", "turnleaf", "bin"),
    searchPath: (env.PATH ?? "").split(delimiter).filter(Boolean),
    external: { mongodbUri: nonEmpty("MONGODB_URI"), natsUrl: nonEmpty("NATS_URL"), s3 },
  };
}

interface Layout {
  dataDir: string;
  mongodbDir: string;
  minioDir: string;
  minioCertsDir: string;
  natsDir: string;
  logsDir: string;
}

/** What a store server needs to be launched and judged ready. */
interface ServerLaunch {
  name: string;
  binary: string;
  args: string[];
  env?: Record<string, string>;
  waitUntilReady(signal: AbortSignal): Promise<void>;
}

/**
 * Starts MongoDB (or FerretDB), NATS with JetStream, and MinIO on 127.0.0.1 — or uses the external ones named by
 * MONGODB_URI, NATS_URL and S3_ENDPOINT — and resolves once every one of them answers.
 */
export async function startStores(options: StartStoresOptions): Promise<RunningStores> {
  const { log } = options;
  const startedAt = Date.now();
  const config = readStoresConfig(options.env ?? process.env);
  const layout = await prepareLayout(options.dataDir);
  const ports = await assignPorts(options.ports ?? {});
  const servers: ProcessHandle[] = [];

  const mongodbUri = config.external.mongodbUri ?? `mongodb://127.0.0.1:${ports.mongodb}/`;
  const natsUrl = config.external.natsUrl ?? `nats://127.0.0.1:${ports.nats}`;
  const s3 = config.external.s3 ?? {
    endpoint: `http://127.0.0.1:${ports.minio}`,
    accessKey: localS3.accessKey,
    secretKey: localS3.secretKey,
    region: localS3.region,
  };

  const launches: Promise<void>[] = [];
  const launch = async (server: Promise<ServerLaunch>): Promise<void> => {
    servers.push(await launchServer(await server, layout, log));
  };
  if (config.external.mongodbUri) log.info({ store: "mongodb" }, "using external MongoDB from MONGODB_URI");
  else launches.push(launch(mongoServer(config, layout, ports.mongodb, mongodbUri)));
  if (config.external.natsUrl) log.info({ store: "nats" }, "using external NATS from NATS_URL");
  else launches.push(launch(natsServer(config, layout, ports)));
  if (config.external.s3) log.info({ store: "s3", endpoint: s3.endpoint }, "using external S3 from S3_ENDPOINT");
  else launches.push(launch(minioServer(config, layout, ports)));

  // Launched side by side: the servers are independent, so startup costs the slowest one (MinIO) only.
  const failures = (await Promise.allSettled(launches)).flatMap((result) =>
    result.status === "rejected" ? [result.reason] : [],
  );
  const stop = () => stopServers(servers, layout);
  if (failures.length > 0) {
    await stop();
    if (failures.length === 1) throw failures[0];
    const reasons = failures.map((failure) => `- ${failure instanceof Error ? failure.message : String(failure)}`);
    throw new AggregateError(failures, `${failures.length} stores failed to start:\n${reasons.join("\n")}`);
  }

  log.info({ ms: Date.now() - startedAt, servers: servers.map((server) => server.name) }, "stores ready");
  const ferretdb = servers.some((server) => server.name === "ferretdb");
  return { mongodbUri, natsUrl, s3, ...(ferretdb ? { sqliteDir: layout.mongodbDir } : {}), stop };
}

async function prepareLayout(dataDir: string): Promise<Layout> {
  const root = resolve(dataDir);
  const layout: Layout = {
    dataDir: root,
    mongodbDir: join(root, "mongodb"),
    minioDir: join(root, "minio"),
    // MinIO otherwise creates ~/.minio/certs; kept outside minio/, where every folder would count as a bucket.
    minioCertsDir: join(root, "minio-certs"),
    natsDir: join(root, "nats"),
    logsDir: join(root, "logs"),
  };
  for (const dir of Object.values(layout)) await mkdir(dir, { recursive: true });
  return layout;
}

async function assignPorts(requested: Partial<StorePorts>): Promise<StorePorts> {
  const names = ["mongodb", "minio", "minioConsole", "nats", "natsMonitor"] as const;
  const ports: Partial<StorePorts> = {};
  for (const name of names) ports[name] = requested[name] ?? (await freePort());
  return ports as StorePorts;
}

async function findBinary(name: string, config: StoresConfig): Promise<string> {
  const found = await findExecutable(name, [config.toolsDir, ...config.searchPath]);
  if (!found) throw new Error(`${name} not found in ${config.toolsDir} or on PATH; ${installHint}`);
  return found;
}

async function findExecutable(name: string, dirs: string[]): Promise<string | undefined> {
  for (const dir of dirs) {
    const candidate = join(dir, name);
    const isExecutable = await access(candidate, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (isExecutable) return candidate;
  }
  return undefined;
}

/** A real mongod when one is installed; otherwise FerretDB, which speaks the same wire protocol over SQLite. */
async function mongoServer(config: StoresConfig, layout: Layout, port: number, uri: string): Promise<ServerLaunch> {
  const mongod = await findExecutable("mongod", [config.toolsDir, ...config.searchPath]);
  if (mongod) return mongodServer(mongod, layout, port, uri);
  return ferretdbServer(await findBinary("ferretdb", config), layout, port, uri);
}

function mongodServer(binary: string, layout: Layout, port: number, uri: string): ServerLaunch {
  return {
    name: "mongod",
    binary,
    args: ["--dbpath", layout.mongodbDir, "--port", String(port), "--bind_ip", "127.0.0.1"],
    waitUntilReady: (signal) => waitForMongoPing(uri, port, signal),
  };
}

const sqliteBusyTimeoutMs = 60_000;

function ferretdbServer(binary: string, layout: Layout, port: number, uri: string): ServerLaunch {
  return {
    name: "ferretdb",
    binary,
    args: [
      "--handler=sqlite",
      // A directory URI; FerretDB keeps one SQLite file per database in it and insists on the trailing slash.
      // SQLite takes one write at a time per database. With FerretDB's default (busy_timeout 10 s) a write that had
      // waited 20 s for the lock failed with "database is locked", an unknown error to the user. MongoDB queues
      // such writes; here they wait up to the gateway's longest deadline.
      `--sqlite-url=${pathToFileURL(layout.mongodbDir).href}/?_pragma=busy_timeout(${sqliteBusyTimeoutMs})`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${layout.mongodbDir}`,
      "--debug-addr=-",
      "--telemetry=disable",
    ],
    // GOGC=400: Go's collector runs when the heap has grown 400 % instead of 100 %. A quarter of FerretDB's CPU was
    // its garbage collection and allocation; 4 clients, each 60 rounds of a find, an update and a regex scan over 300
    // documents, took 26-32 CPU-s with the default and 20-22 with this (4 runs each), for a peak of ~190 MB, not ~75.
    env: { DO_NOT_TRACK: "1", GOGC: "400" },
    waitUntilReady: (signal) => waitForMongoPing(uri, port, signal),
  };
}

async function waitForMongoPing(uri: string, port: number, signal: AbortSignal): Promise<void> {
  // The driver re-probes a refused server only every 500 ms; waiting for the port first saves most of that.
  await waitForTcp("127.0.0.1", port, readyTimeoutMs, { signal, intervalMs: 25 });
  // A client per attempt: a failed first connect can close a client's topology for good ("Topology is closed"),
  // and a reused one would then never answer however long the server takes to come up.
  await pollUntil(
    "a MongoDB ping",
    async () => {
      const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1_000, connectTimeoutMS: 1_000 });
      try {
        await client.db("admin").command({ ping: 1 });
        return true;
      } finally {
        await client.close();
      }
    },
    readyTimeoutMs,
    { signal, intervalMs: 200 },
  );
}

async function natsServer(config: StoresConfig, layout: Layout, ports: StorePorts): Promise<ServerLaunch> {
  return {
    name: "nats",
    binary: await findBinary("nats-server", config),
    args: ["-js", "-sd", layout.natsDir, "-a", "127.0.0.1", "-p", String(ports.nats), "-m", String(ports.natsMonitor)],
    waitUntilReady: (signal) =>
      waitForHttp(
        `http://127.0.0.1:${ports.natsMonitor}/healthz?js-enabled-only=true`,
        (response) => response.ok,
        readyTimeoutMs,
        { signal },
      ),
  };
}

async function minioServer(config: StoresConfig, layout: Layout, ports: StorePorts): Promise<ServerLaunch> {
  const base = `http://127.0.0.1:${ports.minio}`;
  return {
    name: "minio",
    binary: await findBinary("minio", config),
    args: [
      "server",
      layout.minioDir,
      "--address",
      `127.0.0.1:${ports.minio}`,
      "--console-address",
      `127.0.0.1:${ports.minioConsole}`,
      "--certs-dir",
      layout.minioCertsDir,
    ],
    env: {
      MINIO_ROOT_USER: localS3.accessKey,
      MINIO_ROOT_PASSWORD: localS3.secretKey,
      MINIO_SITE_REGION: localS3.region,
      MINIO_UPDATE: "off",
      MINIO_CALLHOME_ENABLE: "off",
    },
    waitUntilReady: async (signal) => {
      await waitForHttp(`${base}/minio/health/ready`, (response) => response.ok, readyTimeoutMs, { signal });
      await waitForHttp(`${base}/minio/health/live`, (response) => response.ok, readyTimeoutMs, { signal });
    },
  };
}

async function launchServer(server: ServerLaunch, layout: Layout, log: Logger): Promise<ProcessHandle> {
  const startedAt = Date.now();
  const logFile = join(layout.logsDir, `${server.name}.log`);
  const pidFile = join(layout.dataDir, `${server.name}.pid`);
  await killLeftoverServer(pidFile, layout.dataDir, log);

  const handle = await startProcess({
    name: server.name,
    command: server.binary,
    args: server.args,
    env: server.env,
    log,
    logFile,
  });
  await writeFile(pidFile, `${handle.pid}\n`);

  const exitedEarly = new AbortController();
  void handle.exited.then((code) => exitedEarly.abort(new Error(`${server.name} exited early with code ${code}`)));
  try {
    await server.waitUntilReady(exitedEarly.signal);
  } catch (error) {
    await handle.stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${server.name} did not become ready: ${reason}\n--- last lines of ${logFile} ---\n${await tailOf(logFile)}`,
    );
  }
  log.info({ store: server.name, childPid: handle.pid, ms: Date.now() - startedAt }, "store server ready");
  return handle;
}

/**
 * A previous run that died without stopping its servers (e.g. SIGKILL) leaves them running on this data
 * directory; a second server on the same files would corrupt them.
 */
async function killLeftoverServer(pidFile: string, dataDir: string, log: Logger): Promise<void> {
  const pid = Number.parseInt(await readFile(pidFile, "utf8").catch(() => ""), 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  // Only a process whose command line names this data directory: the pid may have been reused since.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  if (commandLine.includes(dataDir)) {
    log.warn({ childPid: pid, pidFile }, "killing a server left running by an earlier run");
    process.kill(pid, "SIGKILL");
    await pollUntil(`pid ${pid} to exit`, async () => !(await isRunning(pid)), 5_000);
  }
  await rm(pidFile, { force: true });
}

/** A killed orphan stays a zombie until init reaps it, which some container inits do only now and then. */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return stat !== "" && state !== "Z";
}

async function stopServers(servers: ProcessHandle[], layout: Layout): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      await server.stop();
      await rm(join(layout.dataDir, `${server.name}.pid`), { force: true });
    }),
  );
}

async function tailOf(file: string): Promise<string> {
  const text = await readFile(file, "utf8").catch((error: Error) => `(cannot read the log: ${error.message})`);
  return text.trimEnd().split("\n").slice(-logTailLines).join("\n");
}
