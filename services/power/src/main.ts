import { closeOnSignals, connectMongo, createLogger, exitOnStartupFailure, startGrpcServer } from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { PowerRepository } from "./data/power.repository.js";
import { demoUser } from "./domain/demo.js";
import { buildServices } from "./server.js";

async function main() {
  const config = readConfig(process.env);
  const log = createLogger({ service: "power", level: config.LOG_LEVEL });
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const repository = new PowerRepository(mongo);
  await repository.ensureIndexes();
  if (config.DEMO_SEED) {
    await repository.upsertUser(demoUser);
    log.info({ userId: demoUser.userId }, "demo user seeded");
  }
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: buildServices({ repository }),
    log,
  });
  server.setServing(true);
  closeOnSignals(
    log,
    [
      { name: "grpc", close: () => server.stop(config.SHUTDOWN_GRACE_MS) },
      { name: "mongodb", close: () => mongo.close() },
    ],
    config.SHUTDOWN_GRACE_MS,
  );
}

main().catch((error: unknown) => exitOnStartupFailure("power", error));
