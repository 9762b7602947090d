import { connectMongo, runGrpcService } from "@turnleaf/kit";
import { assembleLanguage } from "./assemble.js";
import { readConfig } from "./config.js";
import { buildServices } from "./server.js";

runGrpcService(
  "language",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    return {
      services: buildServices(await assembleLanguage(mongo)),
      resources: [{ name: "mongodb", close: () => mongo.close() }],
    };
  },
);
