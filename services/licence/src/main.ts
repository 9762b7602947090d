import { connectMongo, runGrpcService } from "@turnleaf/kit";
import { assembleLicenceDesk } from "./assemble.js";
import { readConfig } from "./config.js";
import { buildServices } from "./server.js";

runGrpcService(
  "licence",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const now = () => new Date();
    const { desk, signingKey } = await assembleLicenceDesk(mongo, config, now);
    log.info({ keyId: signingKey.keyId }, "licence signing key loaded");
    return {
      services: buildServices({ desk, signingKey, now }),
      resources: [{ name: "mongodb", close: () => mongo.close() }],
    };
  },
);
