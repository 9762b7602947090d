import { connectMongo, runGrpcService } from "@turnleaf/kit";
import { assemblePower } from "./assemble.js";
import { readConfig } from "./config.js";
import { buildServices } from "./server.js";

runGrpcService(
  "power",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const { repository, desk } = await assemblePower({ mongo, log, demoSeed: config.DEMO_SEED });
    return {
      services: buildServices({ repository, desk }),
      resources: [{ name: "mongodb", close: () => mongo.close() }],
    };
  },
);
