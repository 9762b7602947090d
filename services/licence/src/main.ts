import { closeOnSignals, connectMongo, createLogger, exitOnStartupFailure, startGrpcServer } from "@turnleaf/kit";
import { readConfig } from "./config.js";
import { SigningKeyRepository } from "./data/signing-key.repository.js";
import { generateSigningKeyPem, signingKeyFromPrivatePem } from "./domain/signing-key.js";
import { buildServices } from "./server.js";

async function main() {
  const config = readConfig(process.env);
  const log = createLogger({ service: "licence", level: config.LOG_LEVEL });
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  const privateKeyPem =
    config.LICENCE_SIGNING_KEY_PEM ?? (await new SigningKeyRepository(mongo).currentOrInsert(generateSigningKeyPem()));
  const signingKey = signingKeyFromPrivatePem(privateKeyPem);
  log.info({ keyId: signingKey.keyId }, "licence signing key loaded");
  const server = await startGrpcServer({
    host: config.GRPC_HOST,
    port: config.GRPC_PORT,
    services: buildServices({ signingKey }),
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

main().catch((error: unknown) => exitOnStartupFailure("licence", error));
