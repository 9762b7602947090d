import { connectMongo, runGrpcService } from "@turnleaf/kit";
import { assemblePower } from "./assemble.js";
import { readConfig } from "./config.js";
import { buildServices } from "./server.js";

runGrpcService(
  "power",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const assembled = await assemblePower({
      mongo,
      log,
      demoSeed: config.DEMO_SEED,
      accountSettings: {
        idleMs: config.SESSION_IDLE_MINUTES * 60_000,
        absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
        loginFailureLimit: config.LOGIN_FAILURE_LIMIT,
        loginFailureWindowMs: config.LOGIN_FAILURE_WINDOW_SECONDS * 1000,
      },
    });
    return {
      services: buildServices(assembled),
      resources: [{ name: "mongodb", close: () => mongo.close() }],
    };
  },
);
