import { connectMongo, runGrpcService } from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { SigningKeyRepository } from "./data/signing-key.repository.js";
import { generateSigningKeyPem, signingKeyFromPrivatePem } from "./domain/signing-key.js";
import { buildServices } from "./server.js";

runGrpcService(
  "licence",
  () => readConfig(process.env),
  async (config, log) => {
    const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
    const privateKeyPem =
      config.LICENCE_SIGNING_KEY_PEM ??
      (await new SigningKeyRepository(mongo).currentOrInsert(generateSigningKeyPem()));
    const signingKey = signingKeyFromPrivatePem(privateKeyPem);
    log.info({ keyId: signingKey.keyId }, "licence signing key loaded");
    return {
      services: buildServices({ signingKey }),
      resources: [{ name: "mongodb", close: () => mongo.close() }],
    };
  },
);
