import { closeOnSignals, createLogger, exitOnStartupFailure } from "@turnleaf/kit";
import { buildApp } from "./app.js";
import { readConfig } from "./config.js";
import { connectPeers } from "./peers.js";
import { connectStoreProbes } from "./stores.js";

async function main() {
  const config = readConfig(process.env);
  const log = createLogger({ service: "gateway", level: config.LOG_LEVEL });
  const stores = await connectStoreProbes(config, log);
  const peers = connectPeers(config);
  const app = await buildApp({
    log,
    peers,
    stores,
    devActorUserId: config.DEV_ACTOR_USER_ID,
    trustProxy: config.TRUST_PROXY,
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  closeOnSignals(
    log,
    [
      { name: "http", close: () => app.close() },
      { name: "peers", close: async () => peers.close() },
      { name: "stores", close: () => stores.close() },
    ],
    config.SHUTDOWN_GRACE_MS,
  );
}

main().catch((error: unknown) => exitOnStartupFailure("gateway", error));
