import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Portuguese. */
export const pt: CliTexts = {
  // every command
  unknownLanguage: "Idioma de interface não suportado: {lang}. Disponíveis: {languages}",
  unknownCommand: "comando desconhecido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "falha inesperada: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
