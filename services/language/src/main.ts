import { connectMongo, runGrpcService } from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { buildServices } from "./server.js";

runGrpcService(
  "language",
  () => readConfig(process.env),
  async (config, log) => {
    // Book languages (issue: contract) live here; the connection is opened now so a broken store shows at start.
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    return {
      services: buildServices(),
      resources: [{ name: "mongodb", close: () => mongo.close() }],
    };
  },
);
