import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { pino } from "pino";
import { demoBook, publishDemoBook } from "./demo-book.js";
import { defaultServicePorts, portsInUse, repositoryRoot, startServices } from "./services.js";
import { startStores } from "./stores.js";

/** Command 1: the whole system on embedded defaults, with the demo user and book, until Ctrl-C. */
async function up() {
  const log = pino({
    name: "turnleaf-up",
    level: process.env.LOG_LEVEL ?? "info",
    ...(process.stdout.isTTY ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } } : {}),
  });
  const storePorts = { mongodb: 27117, minio: 9100, minioConsole: 9101, nats: 4322, natsMonitor: 8322 };
  const ports = { ...defaultServicePorts, gateway: Number(process.env.PORT ?? defaultServicePorts.gateway) };
  // A port already taken (a stack left running) would otherwise surface as a health timeout 90 s later.
  const taken = await portsInUse([...Object.values(storePorts), ...Object.values(ports)]);
  if (taken.length > 0) {
    throw new Error(
      `ports already in use on 127.0.0.1: ${taken.join(", ")} (is another Turnleaf stack running? stop it first)`,
    );
  }
  const dataDir = process.env.TURNLEAF_DATA_DIR ?? join(repositoryRoot, ".turnleaf", "data");
  await mkdir(dataDir, { recursive: true });
  const startedAt = Date.now();

  const stores = await startStores({
    dataDir,
    ports: storePorts,
    log,
  });
  // Links in pages and share answers name the address the README opens, whatever Host a request sends.
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${ports.gateway}`;
  const services = await startServices({ stores, ports, demo: true, log, publicUrl });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info("stopping every service and store");
    await services.stopAll();
    await stores.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());

  await services.waitHealthy(90_000);
  const url = `http://localhost:${ports.gateway}`;
  log.info({ seconds: (Date.now() - startedAt) / 1000 }, "all processes and stores healthy");
  await publishDemoBook(services.gatewayUrl, log).catch((error: unknown) =>
    log.warn({ err: error }, "the demo book could not be given its pages"),
  );
  process.stdout.write(
    [
      "",
      `Turnleaf is running on ${url}`,
      `  health:        ${url}/healthz`,
      `  demo book:     ${url}/b/${demoBook.number}`,
      `  ready config:  curl -X POST ${url}/api/book/get-ready-config -d number=${demoBook.number}`,
      `  log in:        ${url}/login.php as demo@turnleaf.local, password turnleaf-demo`,
      `  data:          ${dataDir}`,
      "Press Ctrl-C to stop everything.",
      "",
    ].join("\n"),
  );
}

up().catch((error: unknown) => {
  process.stderr.write(`turnleaf up failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
