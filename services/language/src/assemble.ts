import type { Connection } from "@turnleaf/kit";
import { BookLanguageRepository } from "./data/book-language.repository.js";
import { loadLabelScopes } from "./domain/labels.js";
import type { LanguageHandlerDependencies } from "./handlers/language.handlers.js";

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
