import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Romanian. */
export const ro: CliTexts = {
  // every command
  unknownLanguage: "Limbă de interfață neacceptată: {lang}. Disponibile: {languages}",
  unknownCommand: "comandă necunoscută: {name}",
  unexpectedArgument: "argument neașteptat: {argument}",
  unexpectedFailure: "eroare neașteptată: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
