import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in German. */
export const de: CliTexts = {
  // every command
  unknownLanguage: "Nicht unterstützte Oberflächensprache: {lang}. Verfügbar: {languages}",
  unknownCommand: "unbekannter Befehl: {name}",
  unexpectedArgument: "unerwartetes Argument: {argument}",
  unexpectedFailure: "unerwarteter Fehler: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
