import { PowerService } from "@turnleaf/contracts/power/v1/power_service_pb";
import { connectMongo, createClient, runGrpcService } from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { BookRepository } from "./data/book.repository.js";
import { BookRevisionRepository } from "./data/book-revision.repository.js";
import { demoBook } from "./domain/demo.js";
import { buildServices } from "./server.js";

runGrpcService(
  "book",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const books = new BookRepository(mongo);
    const revisions = new BookRevisionRepository(mongo);
    // The unique indexes are what make "create book from upload" idempotent: they must exist before any call.
    await Promise.all([books.ensureIndexes(), revisions.ensureIndexes()]);
    if (config.DEMO_SEED) {
      await books.upsert(demoBook);
      log.info({ number: demoBook.number }, "demo book seeded");
    }
    const power = createClient(PowerService, config.POWER_SERVICE_ADDR, { peer: "power", defaultDeadlineMs: 5_000 });
    return {
      services: buildServices({ books, revisions, power }),
      resources: [
        { name: "power client", close: async () => power.close() },
        { name: "mongodb", close: () => mongo.close() },
      ],
    };
  },
);
