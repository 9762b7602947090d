import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import {
  closeOnSignals,
  connectMongo,
  createClient,
  createLogger,
  exitOnStartupFailure,
  startGrpcServer,
} from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { BookRepository } from "./data/book.repository.js";
import { demoBook } from "./domain/demo.js";
import { buildServices } from "./server.js";

async function main() {
  const config = readConfig(process.env);
  const log = createLogger({ service: "book", level: config.LOG_LEVEL });
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const books = new BookRepository(mongo);
  await books.ensureIndexes();
  if (config.DEMO_SEED) {
    await books.upsert(demoBook);
    log.info({ number: demoBook.number }, "demo book seeded");
  }
  const power = createClient(PowerService, config.POWER_SERVICE_ADDR, { peer: "power", defaultDeadlineMs: 5_000 });
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: buildServices({ books, power }),
    log,
  });
  server.setServing(true);
  closeOnSignals(
    log,
    [
      { name: "grpc", close: () => server.stop(config.SHUTDOWN_GRACE_MS) },
      { name: "power client", close: async () => power.close() },
      { name: "mongodb", close: () => mongo.close() },
    ],
    config.SHUTDOWN_GRACE_MS,
  );
}

main().catch((error: unknown) => exitOnStartupFailure("book", error));
