import { closeOnSignals, connectMongo, createLogger, exitOnStartupFailure, startGrpcServer } from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { buildServices } from "./server.js";

async function main() {
  const config = readConfig(process.env);
  const log = createLogger({ service: "language", level: config.LOG_LEVEL });
  // Book languages (issue: contract) live here; the connection is opened now so health covers it from day one.
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: buildServices(),
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

main().catch((error: unknown) => exitOnStartupFailure("language", error));
