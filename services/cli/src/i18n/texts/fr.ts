import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in French. */
export const fr: CliTexts = {
  // every command
  unknownLanguage: "Langue d’interface non prise en charge : {lang}. Disponibles : {languages}",
  unknownCommand: "commande inconnue : {name}",
  unexpectedArgument: "argument inattendu : {argument}",
  unexpectedFailure: "échec inattendu : {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
