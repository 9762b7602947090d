import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Spanish. */
export const es: CliTexts = {
  // every command
  unknownLanguage: "Idioma de interfaz no admitido: {lang}. Disponibles: {languages}",
  unknownCommand: "comando desconocido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "fallo inesperado: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
