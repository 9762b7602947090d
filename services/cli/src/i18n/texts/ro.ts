import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Romanian. */
export const ro: CliTexts = {
  unknownLanguage: "Limbă de interfață neacceptată: {lang}. Disponibile: {languages}",
  unknownCommand: "comandă necunoscută: {name}",
  unexpectedArgument: "argument neașteptat: {argument}",
  unexpectedFailure: "eroare neașteptată: {message}",
  networkError: "Network Error!",
};
