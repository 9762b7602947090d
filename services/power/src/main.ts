import { connectMongo, connectNats, ensureStreams, runGrpcService, type ShutdownStep, streams } from "@turnleaf/kit";
import { assemblePower } from "./assemble.js";
import { readConfig } from "./config.js";
import { natsHostingPublisher, startHostingSweeps, startSlotBookConsumer } from "./events/hosting.js";
import { buildServices } from "./server.js";

runGrpcService(
  "power",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const nats = config.NATS_URL ? await connectNats({ url: config.NATS_URL, name: "power", log }) : undefined;
    if (nats) await ensureStreams(nats, [streams.power, streams.upload]);
    const assembled = await assemblePower({
      mongo,
      log,
      demoSeed: config.DEMO_SEED,
      accountSettings: {
        idleMs: config.SESSION_IDLE_MINUTES * 60_000,
        absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
        loginFailureLimit: config.LOGIN_FAILURE_LIMIT,
        loginFailureWindowMs: config.LOGIN_FAILURE_WINDOW_SECONDS * 1000,
        accountCheckLimit: config.ACCOUNT_CHECK_LIMIT,
        accountCheckWindowMs: config.ACCOUNT_CHECK_WINDOW_SECONDS * 1000,
        signUpLimit: config.SIGN_UP_LIMIT,
        signUpWindowMs: config.SIGN_UP_WINDOW_SECONDS * 1000,
        freePointsPerClient: config.FREE_POINTS_PER_CLIENT,
      },
      ...(nats ? { publishHosting: natsHostingPublisher(nats) } : {}),
    });
    const resources: ShutdownStep[] = [];
    if (nats) {
      const consumer = await startSlotBookConsumer(nats, assembled.slots, log);
      const sweeps = startHostingSweeps(assembled.sweep, config.HOSTING_SWEEP_INTERVAL_SECONDS * 1000, log);
      resources.push(
        { name: "hosting sweeps", close: () => sweeps.stop() },
        { name: "slot books", close: () => consumer.stop() },
        { name: "nats", close: () => nats.drain() },
      );
    } else {
      log.warn("NATS_URL unset: no hosting sweep (unpaid books are never suspended)");
    }
    return {
      services: buildServices(assembled),
      resources: [...resources, { name: "mongodb", close: () => mongo.close() }],
    };
  },
);
