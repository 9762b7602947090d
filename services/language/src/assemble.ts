import { type Connection, connectMongo, type Logger, type ServiceParts } from "@turnleaf/kit";
import type { LanguageConfig } from "./config.js";
import { BookLanguageRepository } from "./data/book-language.repository.js";
import { loadLabelScopes } from "./data/label-files.js";
import type { LanguageHandlerDependencies } from "./handlers/language.handlers.js";
import { buildServices } from "./server.js";

/** Wires the language handlers to their store and reads the label catalogues (a broken one stops the start). */
export async function assembleLanguage(
  mongo: Connection,
  now: () => Date = () => new Date(),
): Promise<LanguageHandlerDependencies> {
  const catalogues = loadLabelScopes();
  const bookLanguages = new BookLanguageRepository(mongo);
  await bookLanguages.ensureIndexes();
  return { bookLanguages, catalogues, now };
}

/**
 * Wires the language service: its store and label catalogues (assembleLanguage) under the gRPC handlers (server.ts).
 * main.ts runs it; what it opens is closed, in order, at shutdown.
 */
export async function assemble(config: LanguageConfig, log: Logger): Promise<ServiceParts> {
  const mongo = await connectMongo({ uri: config.MONGODB_URI, database: config.MONGODB_DATABASE, log });
  return {
    services: buildServices(await assembleLanguage(mongo)),
    resources: [{ name: "mongodb", close: () => mongo.close() }],
  };
}
