import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "pino";
import { freePort } from "./ports.js";
import { type ProcessHandle, startProcess, waitForHttp } from "./processes.js";
import type { RunningStores } from "./stores.js";

export { freePort };

export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

export const grpcServices = ["power", "book", "upload", "conversion", "licence", "language", "insight"] as const;
export type GrpcServiceName = (typeof grpcServices)[number];
export type ProcessName = GrpcServiceName | "gateway";

export interface ServicePorts extends Record<ProcessName, number> {}

export const defaultServicePorts: ServicePorts = {
  gateway: 8080,
  book: 50051,
  power: 50052,
  upload: 50053,
  conversion: 50054,
  licence: 50055,
  language: 50056,
  insight: 50057,
};

/** Which of these loopback ports something already listens on (a stack left running, another program). */
export async function portsInUse(ports: number[]): Promise<number[]> {
  const taken = await Promise.all(
    ports.map(
      (port) =>
        new Promise<boolean>((resolve) => {
          const server = createServer();
          server.once("error", () => resolve(true));
          server.listen(port, "127.0.0.1", () => server.close(() => resolve(false)));
        }),
    ),
  );
  return ports.filter((_, index) => taken[index]);
}

export async function freeServicePorts(): Promise<ServicePorts> {
  const ports = {} as ServicePorts;
  for (const name of [...grpcServices, "gateway"] as const) ports[name] = await freePort();
  return ports;
}

/** The user the demo seed creates (services/power/src/domain/demo.ts). */
export const demoUserId = "10001";

/** The environment each process gets: the stores, its peers' addresses, and what the local stack adds. */
export function serviceEnvironment(
  name: ProcessName,
  stores: RunningStores,
  ports: ServicePorts,
  options: {
    demo: boolean;
    logLevel: string;
    publicUrl?: string | undefined;
    environment?: Record<string, string> | undefined;
    /** Where the process answers `GET /metrics`; none when unset. */
    metricsPort?: number | undefined;
    /** Who the gateway acts as for requests without a session when `demo` is set: the demo user unless told. */
    actorUserId?: string | undefined;
  },
): Record<string, string> {
  const shared = {
    LOG_LEVEL: options.logLevel,
    OTEL_SERVICE_NAME: `turnleaf-${name}`,
    MONGODB_URI: stores.mongodbUri,
    NATS_URL: stores.natsUrl,
    S3_ENDPOINT: stores.s3.endpoint,
    S3_REGION: stores.s3.region,
    S3_ACCESS_KEY_ID: stores.s3.accessKey,
    S3_SECRET_ACCESS_KEY: stores.s3.secretKey,
    SHUTDOWN_GRACE_MS: "5000",
    ...(options.metricsPort === undefined ? {} : { METRICS_PORT: String(options.metricsPort) }),
    ...options.environment,
  };
  const peers = Object.fromEntries(
    grpcServices.map((peer) => [`${peer.toUpperCase()}_SERVICE_ADDR`, `127.0.0.1:${ports[peer]}`]),
  );
  if (name === "gateway") {
    return {
      ...shared,
      ...peers,
      HOST: "127.0.0.1",
      PORT: String(ports.gateway),
      ...(options.demo ? { DEV_ACTOR_USER_ID: options.actorUserId ?? demoUserId } : {}),
      ...(options.publicUrl ? { PUBLIC_URL: options.publicUrl } : {}),
    };
  }
  return {
    ...shared,
    ...peers,
    GRPC_HOST: "127.0.0.1",
    GRPC_PORT: String(ports[name]),
    ...(options.demo ? { DEMO_SEED: "true" } : {}),
  };
}

/** Node's arguments for a service, relative to the repository (or an image's /app): the images' CMD. */
export function serviceArguments(name: ProcessName): string[] {
  // No --enable-source-maps: with it every stack Node formats is mapped through the bundle's map, and an expected
  // refusal that crosses gRPC formats several (1,500 refused requests on a system: the gateway's CPU 3.7/4.2 s with it,
  // 2.8/3.3 without; all processes 9.3/10.6 against 7.7/9.1). NODE_OPTIONS=--enable-source-maps maps them when a
  // stack must be read as TypeScript (the images keep the maps).
  return ["--import", "@turnleaf/kit/telemetry-preload", `services/${name}/dist/main.bundle.mjs`];
}

export interface RunningServices {
  gatewayUrl: string;
  ports: ServicePorts;
  /** Starts a process that is not running (or was stopped). */
  start(name: ProcessName): Promise<void>;
  /** Sends SIGTERM (SIGKILL after the grace period) and resolves with the exit code, or null when killed. */
  stop(name: ProcessName): Promise<number | null>;
  /** Ends a process at once with SIGKILL (a crash: nothing of its own shutdown runs) and resolves when it is gone. */
  kill(name: ProcessName): Promise<void>;
  stopAll(): Promise<void>;
  /** Resolves when the gateway reports every process and store healthy. */
  waitHealthy(timeoutMs: number): Promise<void>;
}

/** Starts the built services (dist/) and the gateway as child processes. */
export async function startServices(options: {
  stores: RunningStores;
  ports: ServicePorts;
  demo: boolean;
  log: Logger;
  logLevel?: string;
  /** The gateway's PUBLIC_URL: links (canonical, share, oEmbed) are built on it, never on a request's Host. */
  publicUrl?: string;
  /** Variables every process gets on top of the stack's own (a test run's limits). */
  environment?: Record<string, string>;
  /** When set, each process writes its output to `<logDir>/<name>.log` instead of the supervisor's stdout. */
  logDir?: string;
  /** When set, each process answers `GET /metrics` on its port here. */
  metricsPorts?: ServicePorts;
}): Promise<RunningServices> {
  const handles = new Map<ProcessName, ProcessHandle>();
  const gatewayUrl = `http://127.0.0.1:${options.ports.gateway}`;

  const start = async (name: ProcessName) => {
    if (handles.has(name)) return;
    const handle = await startProcess({
      name,
      command: process.execPath,
      args: serviceArguments(name),
      env: serviceEnvironment(name, options.stores, options.ports, {
        demo: options.demo,
        logLevel: options.logLevel ?? "info",
        publicUrl: options.publicUrl,
        environment: options.environment,
        metricsPort: options.metricsPorts?.[name],
      }),
      cwd: repositoryRoot,
      log: options.log,
      ...(options.logDir ? { logFile: join(options.logDir, `${name}.log`) } : {}),
    });
    handles.set(name, handle);
    void handle.exited.then(() => {
      if (handles.get(name) === handle) handles.delete(name);
    });
  };
  const stop = async (name: ProcessName) => {
    const handle = handles.get(name);
    if (!handle) return null;
    handles.delete(name);
    await handle.stop();
    return handle.exited;
  };
  const kill = async (name: ProcessName) => {
    const handle = handles.get(name);
    if (!handle) return;
    handles.delete(name);
    process.kill(handle.pid, "SIGKILL");
    await handle.exited;
  };
  const waitHealthy = (timeoutMs: number) =>
    waitForHttp(`${gatewayUrl}/healthz`, (response) => response.status === 200, timeoutMs);

  // Power first: the book service's demo data refers to the demo user.
  for (const name of grpcServices) await start(name);
  await start("gateway");

  return {
    gatewayUrl,
    ports: options.ports,
    start,
    stop,
    kill,
    stopAll: async () => {
      await stop("gateway");
      await Promise.all(grpcServices.map((name) => stop(name)));
    },
    waitHealthy,
  };
}
