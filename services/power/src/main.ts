import { connectMongo, runGrpcService } from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { PowerRepository } from "./data/power.repository.js";
import { demoUser } from "./domain/demo.js";
import { buildServices } from "./server.js";

runGrpcService(
  "power",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const repository = new PowerRepository(mongo);
    await repository.ensureIndexes();
    if (config.DEMO_SEED) {
      await repository.upsertUser(demoUser);
      log.info({ userId: demoUser.userId }, "demo user seeded");
    }
    return {
      services: buildServices({ repository }),
      resources: [{ name: "mongodb", close: () => mongo.close() }],
    };
  },
);
